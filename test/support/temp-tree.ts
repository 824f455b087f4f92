import { mkdir, mkdtemp, rm, symlink, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";

/** A file's content, or a symlink to create (`target` as written into the link). */
export type TreeEntry = string | Uint8Array | { symlink: string };

/** A temporary folder made for a test; `remove` deletes it. */
export interface TempTree {
  root: string;
  remove(): Promise<void>;
}

/**
 * Test support: creates a temporary folder under the OS temp dir holding `files` (POSIX paths
 * relative to it; a path ending in `/` makes an empty folder). The root returned is not
 * realpath'd.
 */
export async function makeTempTree(files: Record<string, TreeEntry>): Promise<TempTree> {
  const root = await mkdtemp(path.join(os.tmpdir(), "north-ws-"));
  await addToTree(root, files);
  return { root, remove: () => rm(root, { recursive: true, force: true }) };
}

/** Adds files, folders and symlinks to an existing tree (see `makeTempTree`). */
export async function addToTree(root: string, files: Record<string, TreeEntry>): Promise<void> {
  for (const [rel, entry] of Object.entries(files)) {
    const abs = path.join(root, rel);
    if (rel.endsWith("/")) {
      await mkdir(abs, { recursive: true });
      continue;
    }
    await mkdir(path.dirname(abs), { recursive: true });
    if (typeof entry === "object" && "symlink" in entry) await symlink(entry.symlink, abs);
    else await writeFile(abs, entry);
  }
}
