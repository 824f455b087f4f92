import { lstat, realpath, stat } from "node:fs/promises";
import { basename, dirname, join, sep } from "node:path";
import { WorkspaceError } from "./errors.js";
import { isInside, resolveInRoots, toPosixRelative } from "./sandbox.js";

/** Longest path accepted for a write, in bytes, and longest single name. */
export const MAX_PATH_BYTES = 4096;
export const MAX_NAME_BYTES = 255;

/** A file the edit tools may write, checked against the root. */
export interface WriteTarget {
  /** POSIX path relative to the root, as the model named it (normalised). */
  relative: string;
  /** Real path written: symlinks inside the root are followed to the file they point at. */
  real: string;
  /** Whether a regular file is there now (false: it will be created). */
  exists: boolean;
}

/** Names no edit may write into: repository internals (hooks there would run code). */
const PROTECTED_SEGMENTS = new Set([".git", ".hg", ".svn", ".jj"]);

/** Files that hold the person's permission decisions: a model must not widen its own rights. */
const PROTECTED_FILES = new Set([
  ".north/autoaccept.json",
  ".north/allowlist.json",
  ".north/settings.json",
]);

/**
 * Resolves a path the model wants to write. Refuses, with a message for the model: NUL bytes,
 * `~` (never expanded), over-long paths, the root itself, `..` and absolute paths outside the
 * root, symlinks (of the file or of any folder above it) whose target leaves the root, dangling
 * symlinks, folders and special files, version-control internals and North's permission files
 * (`.north/autoaccept.json`, `.north/allowlist.json`). Call it again right
 * before writing: a symlink swapped in since is caught then.
 * A path inside a folder the person added (`extraRoots`, real paths) is judged by the same rules
 * against that folder; its `relative` is its absolute path.
 * @param root the real path of the repository root
 * @throws WorkspaceError
 */
export async function resolveWriteTarget(
  repoRoot: string,
  userPath: string,
  extraRoots: readonly string[] = [],
): Promise<WriteTarget> {
  checkShape(userPath);
  const {
    absolute,
    relative: rel,
    base: root,
  } = await resolveInRoots(repoRoot, extraRoots, userPath);
  const relative = root === repoRoot ? rel : toPosixRelative(root, absolute);
  if (relative === ".") {
    throw new WorkspaceError(`path ${userPath} is the repository root; name a file inside it`);
  }
  let info;
  try {
    info = await lstat(absolute);
  } catch {
    info = undefined;
  }
  let real: string;
  let exists = false;
  if (info) {
    try {
      real = await realpath(absolute);
    } catch {
      throw new WorkspaceError(
        `${relative} is a symlink to a file that does not exist; edit the file it should point to instead`,
      );
    }
    const target = await stat(real);
    if (target.isDirectory()) {
      throw new WorkspaceError(`${relative} is a folder; name a file to write`);
    }
    if (!target.isFile()) throw new WorkspaceError(`${relative} is not a regular file`);
    exists = true;
  } else {
    real = await realMissing(root, absolute, relative);
  }
  if (!isInside(root, real)) {
    throw new WorkspaceError(
      `path ${relative} leads to ${real}, outside the repository root ${root}; only files inside the root can be edited`,
    );
  }
  const realRelative = toPosixRelative(root, real);
  if (
    PROTECTED_FILES.has(relative.toLowerCase()) ||
    PROTECTED_FILES.has(realRelative.toLowerCase())
  ) {
    throw new WorkspaceError(
      `${relative} holds the person's permission settings; only the person changes it (through North's prompts)`,
    );
  }
  for (const name of [...relative.split("/"), ...realRelative.split("/")]) {
    if (PROTECTED_SEGMENTS.has(name)) {
      throw new WorkspaceError(
        `${relative} is inside ${name}, the version-control internals; edit tools do not write there`,
      );
    }
  }
  return { relative: root === repoRoot ? relative : rel, real, exists };
}

function checkShape(userPath: string): void {
  if (userPath.includes("\0")) {
    throw new WorkspaceError(
      "the path contains a NUL byte; give a plain path relative to the root",
    );
  }
  const given = userPath.trim();
  if (given === "~" || given.startsWith("~/") || given.startsWith("~")) {
    throw new WorkspaceError(
      `path ${given}: ~ is not expanded and files outside the repository cannot be edited; use a path relative to the repository root`,
    );
  }
  const bytes = Buffer.byteLength(given);
  const longest = Math.max(0, ...given.split(/[\\/]/).map((s) => Buffer.byteLength(s)));
  if (bytes > MAX_PATH_BYTES || longest > MAX_NAME_BYTES) {
    throw new WorkspaceError(
      `the path is too long (${bytes} bytes, longest name ${longest} bytes; at most ${MAX_PATH_BYTES} and ${MAX_NAME_BYTES}); use a shorter path`,
    );
  }
  if (given.endsWith("/") || given.endsWith(sep)) {
    throw new WorkspaceError(`path ${given} ends with a separator; name a file, not a folder`);
  }
}

/** The real path a missing file would have: its deepest existing ancestor's real path + the rest. */
async function realMissing(root: string, absolute: string, relative: string): Promise<string> {
  const rest: string[] = [basename(absolute)];
  for (let dir = dirname(absolute); ; dir = dirname(dir)) {
    let info;
    try {
      info = await stat(dir);
    } catch {
      info = undefined;
    }
    if (info) {
      if (!info.isDirectory()) {
        throw new WorkspaceError(
          `cannot create ${relative}: ${toPosixRelative(root, dir)} is a file, not a folder`,
        );
      }
      return join(await realpath(dir), ...rest.reverse());
    }
    if (dirname(dir) === dir) return absolute;
    rest.push(basename(dir));
  }
}
