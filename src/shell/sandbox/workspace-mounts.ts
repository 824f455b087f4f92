import {
  closeSync,
  constants,
  fstatSync,
  lstatSync,
  mkdirSync,
  openSync,
  readSync,
  realpathSync,
} from "node:fs";
import { basename, dirname, isAbsolute, join, relative, resolve } from "node:path";
import { protectedEntries } from "./git-dir-guard.js";

/** What a sandboxed shell may write, and what must stay read-only inside that. */
export interface WorkspaceMounts {
  /** Bound writable, in this order (a later one may lie inside an earlier one). */
  writable: string[];
  /** Bound read-only over their own path, after every writable one (files or folders). */
  readOnly: string[];
  /**
   * The git directories guarded (git-dir-guard.ts): each with the top-level names it held at
   * the start, so that a later check moves aside only what a command added.
   */
  gitDirs?: { dir: string; existing: ReadonlySet<string> }[];
}

/** Whether `inner` is `outer` or lies below it (both absolute and resolved). */
export function isInside(outer: string, inner: string): boolean {
  const rel = relative(outer, inner);
  return rel === "" || (!rel.startsWith("..") && !isAbsolute(rel));
}

function kind(file: string): "dir" | "file" | "link" | "none" | "other" {
  try {
    const st = lstatSync(file);
    if (st.isSymbolicLink()) return "link";
    return st.isDirectory() ? "dir" : st.isFile() ? "file" : "other";
  } catch {
    return "none";
  }
}

/**
 * The start of a small git file (`.git`, `gitdir`, `commondir`, `config`) that a repository may
 * have planted: opened without blocking and read only when it is a regular file, so a FIFO or a
 * device reads as nothing instead of holding North. Throws when it cannot be read.
 */
export function readStart(file: string, maxBytes: number): string {
  const fd = openSync(file, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0));
  try {
    if (!fstatSync(fd).isFile()) throw new Error(`${file} is not a regular file`);
    const buffer = Buffer.alloc(maxBytes);
    let length = 0;
    for (let n = -1; n !== 0 && length < maxBytes; length += n) {
      n = readSync(fd, buffer, length, maxBytes - length, null);
    }
    return buffer.toString("utf8", 0, length);
  } finally {
    closeSync(fd);
  }
}

function real(file: string): string | undefined {
  try {
    return realpathSync(file);
  } catch {
    return undefined;
  }
}

/** `gitdir:` of a `.git` file (worktree, submodule), absolute; undefined when unreadable. */
function gitdirOfFile(file: string): string | undefined {
  try {
    const text = readStart(file, 4096);
    const match = /^gitdir:\s*(.+?)\s*$/m.exec(text);
    return match?.[1] ? real(resolve(dirname(file), match[1])) : undefined;
  } catch {
    return undefined;
  }
}

/** The common git directory of `gitdir` (a linked worktree's `commondir`), or `gitdir` itself. */
function commonDirOf(gitdir: string): string {
  try {
    const rel = readStart(join(gitdir, "commondir"), 4096).trim();
    return real(resolve(gitdir, rel)) ?? gitdir;
  } catch {
    return gitdir;
  }
}

/**
 * Whether the git directory `gitdir` names `root` as its working tree: a linked worktree's
 * `gitdir` file holds the path of `root/.git`; a submodule's config has `worktree = <root>`. A
 * `.git` file that does not point back (one from a tarball, naming some other repository's git
 * directory) gets no writable mount outside the root.
 */
function pointsBack(gitdir: string, root: string): boolean {
  try {
    const back = readStart(join(gitdir, "gitdir"), 4096).trim();
    if (real(resolve(gitdir, back)) === real(join(root, ".git"))) return true;
  } catch {
    // Not a linked worktree.
  }
  try {
    const config = readStart(join(gitdir, "config"), 65_536);
    const match = /^\s*worktree\s*=\s*(.+?)\s*$/m.exec(config);
    return match?.[1] !== undefined && real(resolve(gitdir, match[1])) === root;
  } catch {
    return false;
  }
}

/**
 * The mounts of the "workspace-write" profile for the repository at `root` (resolved): the
 * repository writable, with `.north/`, the git hooks folder and the git config read-only. Paths
 * that must be protected but do not exist (`.north/`, `hooks/`) are first created empty on the
 * host, so that they can be mounted over (an empty folder does not show in `git status`).
 *
 * Git layouts: `.git` a folder (it is also bound on itself, so that it is a mount point and cannot
 * be renamed away and replaced); `.git` a file or a symlink (linked worktree, submodule): the
 * `.git` file is bound read-only, its gitdir and that gitdir's common dir are bound writable
 * (commits write objects and refs there) with their `hooks/` and `config` read-only. Not
 * protected: nested repositories a command creates below the root, and `.git/modules/*`.
 */
export function workspaceMounts(root: string): WorkspaceMounts {
  const writable = [root];
  const readOnly: string[] = [];
  const protect = (file: string, create: boolean) => {
    let k = kind(file);
    if (k === "none" && create && writable.some((w) => isInside(w, dirname(file)))) {
      try {
        mkdirSync(file, { recursive: true, mode: 0o755 });
        k = "dir";
      } catch {
        return;
      }
    }
    const target = k === "none" ? undefined : real(file);
    // Outside every writable mount it is read-only already.
    if (target && writable.some((w) => isInside(w, target)) && !readOnly.includes(target)) {
      readOnly.push(target);
    }
  };

  const dotGit = join(root, ".git");
  const gitKind = kind(dotGit);
  const gitdirs: string[] = [];
  if (gitKind === "dir") {
    writable.push(dotGit);
    gitdirs.push(dotGit);
  } else if (gitKind === "file") {
    readOnly.push(dotGit);
    const gitdir = gitdirOfFile(dotGit);
    if (gitdir && pointsBack(gitdir, root)) {
      for (const dir of new Set([gitdir, commonDirOf(gitdir)])) {
        if (!writable.some((w) => isInside(w, dir))) writable.push(dir);
        gitdirs.push(dir);
      }
    }
  } else if (gitKind === "link") {
    const gitdir = real(dotGit);
    if (gitdir && isInside(root, gitdir)) gitdirs.push(gitdir);
  }
  protect(join(root, ".north"), true);
  const guarded: { dir: string; existing: ReadonlySet<string> }[] = [];
  for (const dir of gitdirs) {
    protect(join(dir, "hooks"), true);
    // Everything at the top that is not needed to record work (an allowed list) is read-only.
    const fixed = protectedEntries(dir);
    // A linked worktree's own git dir lies in `worktrees/` of the common one: that stays writable.
    for (const entry of fixed) {
      if (!gitdirs.some((other) => other !== dir && isInside(entry, other))) protect(entry, false);
    }
    guarded.push({ dir, existing: new Set(fixed.map((entry) => basename(entry))) });
  }
  return { writable, readOnly, gitDirs: guarded };
}
