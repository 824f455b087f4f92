import { statSync } from "node:fs";
import { join, resolve } from "node:path";
import { readBoundedFileSync } from "../../workspace/index.js";

/** HEAD, a ref, `commondir` or a `.git` pointer file: a line each. */
const SMALL_FILE = 4096;
/** packed-refs of a large repository run to megabytes; a cut one only makes the card look stale. */
const PACKED_REFS = 32 * 1024 * 1024;

/**
 * The commit `root`'s git HEAD points at, read from the files under `.git` (no process spawned):
 * a branch's ref, a packed ref, or a detached HEAD; worktrees (`.git` as a file) are followed.
 * Every file is read without blocking and with a cap: a FIFO or a device planted as `.git/HEAD`
 * reads as nothing instead of holding North.
 * @returns `unborn <ref>` for a branch without commits, null when `root` has no `.git`.
 */
export function gitHead(root: string): string | null {
  const gitDir = findGitDir(root);
  if (!gitDir) return null;
  const head = read(join(gitDir, "HEAD"))?.trim();
  if (!head) return null;
  if (!head.startsWith("ref: ")) return head;
  const ref = head.slice(5).trim();
  const common = commonDir(gitDir);
  for (const dir of [gitDir, common]) {
    const direct = read(join(dir, ref))?.trim();
    if (direct) return direct;
  }
  const packed = read(join(common, "packed-refs"), PACKED_REFS) ?? "";
  for (const line of packed.split("\n")) {
    const [sha, name] = line.split(" ");
    if (name === ref && sha) return sha;
  }
  return `unborn ${ref}`;
}

function findGitDir(root: string): string | undefined {
  const dotGit = join(root, ".git");
  try {
    if (statSync(dotGit).isDirectory()) return dotGit;
  } catch {
    return undefined;
  }
  const pointer = /^gitdir:\s*(.+)$/m.exec(read(dotGit) ?? "");
  return pointer ? resolve(root, pointer[1]!.trim()) : undefined;
}

/** A worktree's refs live in the main repository's git folder, named by `commondir`. */
function commonDir(gitDir: string): string {
  const common = read(join(gitDir, "commondir"))?.trim();
  return common ? resolve(gitDir, common) : gitDir;
}

function read(path: string, maxBytes = SMALL_FILE): string | undefined {
  const result = readBoundedFileSync(path, { maxBytes });
  return result.ok ? result.text : undefined;
}
