import type { Dirent } from "node:fs";
import { readdir, stat } from "node:fs/promises";
import { join } from "node:path";
import { WorkspaceError } from "./errors.js";
import { ALWAYS_SKIPPED, IgnoreRules, type MatcherCache } from "./ignore-rules.js";

export interface WalkOptions {
  /**
   * Folder to walk, POSIX and relative to the root (already sandbox-checked); default the root.
   * It is walked even when ignored itself (as ripgrep does with an explicit path).
   */
  under?: string;
  /** Stops the walk: the generator throws the signal's reason at the next folder. */
  signal?: AbortSignal;
}

/**
 * Yields the regular files below a folder as POSIX paths relative to the root, honouring
 * `.gitignore` files, `.git/info/exclude` and `ALWAYS_SKIPPED`. Symlinks (to files or folders) are
 * not followed, so the walk never leaves the root. Order is deterministic: a folder's files by
 * name, then its subfolders by name. Unreadable folders are skipped silently.
 *
 * @throws WorkspaceError when `under` is not a folder; the signal's reason when aborted.
 */
export async function* walkFiles(
  root: string,
  options: WalkOptions = {},
  cache?: MatcherCache,
): AsyncGenerator<string> {
  const start = options.under === undefined || options.under === "." ? "" : options.under;
  const signal = options.signal;
  try {
    if (!(await stat(join(root, start))).isDirectory()) throw new Error("not a folder");
  } catch {
    throw new WorkspaceError(`${start || "."} is not a folder inside the repository`);
  }
  const rules = new IgnoreRules(root, cache);
  const parent = start.includes("/") ? start.slice(0, start.lastIndexOf("/")) : "";
  if (start !== "") {
    await rules.loadAncestors(parent);
    rules.suppressRulesIgnoring(start);
  }
  const stack = [start];
  while (stack.length > 0) {
    signal?.throwIfAborted();
    const dir = stack.pop()!;
    let entries: Dirent[];
    try {
      entries = await readdir(join(root, dir), { withFileTypes: true });
    } catch {
      continue;
    }
    entries.sort(byName);
    const prefix = dir === "" ? "" : `${dir}/`;
    await rules.loadDir(dir, entries.some(isIgnoreFile));
    const subdirs: string[] = [];
    for (const entry of entries) {
      if (ALWAYS_SKIPPED.has(entry.name)) continue;
      const rel = prefix + entry.name;
      if (entry.isFile()) {
        if (!rules.matches(rel, false)) yield rel;
      } else if (entry.isDirectory()) {
        if (!rules.matches(rel, true)) subdirs.push(rel);
      }
    }
    for (let i = subdirs.length - 1; i >= 0; i--) stack.push(subdirs[i]!);
  }
}

function byName(a: Dirent, b: Dirent): number {
  return a.name < b.name ? -1 : a.name > b.name ? 1 : 0;
}

function isIgnoreFile(entry: Dirent): boolean {
  return entry.name === ".gitignore" && entry.isFile();
}
