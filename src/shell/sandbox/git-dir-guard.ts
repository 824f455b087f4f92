/**
 * What a sandboxed command may leave at the top of a git directory: an allowed list of what git
 * needs to record work (objects, refs, logs, the index, HEAD and the other state files, lock
 * files). Everything else git reads there — `commondir`, `config.worktree`, `info/`, `modules/`,
 * `worktrees/`, `hooks/`, `config`, `shallow`… — can redirect git or make it run a program.
 * `workspaceMounts` binds each such entry that exists read-only; one a command creates anyway
 * (the top level must stay writable: git creates `index.lock`, `HEAD.lock`, `ORIG_HEAD`,
 * `COMMIT_EDITMSG` there) is moved aside by `moveAsideUnexpected` after the command.
 */
import { lstatSync, mkdirSync, readdirSync, renameSync } from "node:fs";
import { join } from "node:path";

/** Where entries that do not belong are moved: git never reads this folder. */
export const MOVED_ASIDE = "north-moved-aside";

const ALLOWED = new Set([
  "objects",
  "refs",
  "logs",
  "index",
  "HEAD",
  "packed-refs",
  "COMMIT_EDITMSG",
  "MERGE_MSG",
  "MERGE_MODE",
  "MERGE_RR",
  "SQUASH_MSG",
  "TAG_EDITMSG",
  "EDIT_DESCRIPTION",
  "rebase-merge",
  "rebase-apply",
  "sequencer",
  "rr-cache",
  "lfs",
  "gc.pid",
  "gc.log",
  "gitk.cache",
  MOVED_ASIDE,
]);

/** `ORIG_HEAD`, `FETCH_HEAD`, `MERGE_HEAD`, `BISECT_LOG`, any `*.lock`. */
const ALLOWED_PATTERN = /^(?:[A-Z_]+_HEAD|BISECT_[A-Z_]+|[^/]+\.lock)$/;

/** Whether a command may create or change the top-level entry `name` of a git directory. */
export function mayRecordWork(name: string): boolean {
  return ALLOWED.has(name) || ALLOWED_PATTERN.test(name);
}

/** The top-level entries of `gitdir` a command may not write (bound read-only); [] if none. */
export function protectedEntries(gitdir: string): string[] {
  let names: string[];
  try {
    names = readdirSync(gitdir);
  } catch {
    return [];
  }
  return names.filter((name) => !mayRecordWork(name)).map((name) => join(gitdir, name));
}

/**
 * Moves every top-level entry of `gitdir` that is neither allowed nor in `existing` (what was
 * there, bound read-only, when the shell started) into `MOVED_ASIDE/<time>-<name>`; returns the
 * names moved. Never throws.
 */
export function moveAsideUnexpected(gitdir: string, existing: ReadonlySet<string>): string[] {
  let names: string[];
  try {
    names = readdirSync(gitdir);
  } catch {
    return [];
  }
  const moved: string[] = [];
  for (const name of names) {
    if (mayRecordWork(name) || existing.has(name)) continue;
    try {
      const aside = join(gitdir, MOVED_ASIDE);
      if (!lstatSync(aside, { throwIfNoEntry: false })?.isDirectory()) {
        mkdirSync(aside, { mode: 0o700 });
      }
      renameSync(join(gitdir, name), join(aside, `${Date.now()}-${name}`));
      moved.push(name);
    } catch {
      // Left where it is: North's own git does not depend on it (shell/own-programs.ts).
    }
  }
  return moved;
}
