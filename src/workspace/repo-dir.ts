import { lstatSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import { isInside } from "./sandbox.js";

/**
 * A folder inside the repository North may write its own files into (`.north/cache`): every
 * component from the root down is a real folder — not a symlink, which a cloned repository could
 * point anywhere — and missing ones are created one by one. Returns its absolute path, or
 * `undefined` when a component is a symlink or not a folder, or cannot be created: the caller
 * then skips the write (a cache) rather than write outside the repository. Never throws.
 * Synchronous: a few system calls, at the start of a session.
 *
 * @param root the real path of the repository root
 * @param relDir POSIX path relative to the root, e.g. ".north/cache"
 */
export function repoOwnDir(root: string, relDir: string): string | undefined {
  let dir = root;
  for (const part of relDir.split("/").filter((p) => p !== "" && p !== ".")) {
    if (part === "..") return undefined;
    dir = join(dir, part);
    if (!isInside(root, dir)) return undefined;
    try {
      const info = lstatSync(dir);
      if (!info.isDirectory()) return undefined; // a symlink, a file, a FIFO…
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "ENOENT") return undefined;
      try {
        mkdirSync(dir);
      } catch (mkdirError) {
        if ((mkdirError as NodeJS.ErrnoException).code !== "EEXIST") return undefined;
        if (!lstatSync(dir, { throwIfNoEntry: false })?.isDirectory()) return undefined;
      }
    }
  }
  return dir;
}
