import { lstatSync, readlinkSync, realpathSync } from "node:fs";
import {
  basename,
  dirname,
  isAbsolute,
  join,
  relative as relativePath,
  resolve as resolvePath,
  sep,
} from "node:path";
import { WorkspaceError } from "./errors.js";

/** A user path checked against the root. */
export interface ResolvedPath {
  /** Absolute path: the root joined with `relative` (symlinks inside the root are not expanded). */
  absolute: string;
  /** POSIX path relative to the root; `"."` for the root itself. */
  relative: string;
}

/** Symlink hops followed for a path that does not exist yet, before it is called a loop. */
const MAX_LINK_HOPS = 40;

/**
 * Resolves `userPath` (relative to `root`, or absolute inside it) and checks that it stays inside
 * `root` once symlinks are followed; for a path that does not exist yet, the deepest existing
 * ancestor is resolved, and a dangling symlink is followed to where it would write.
 *
 * @param root the real path of the repository root
 * @throws WorkspaceError for `..` escapes, absolute paths outside the root, symlinks whose real
 *   target leaves the root, and symlink loops — with a message written for the model.
 */
export async function resolveInRoot(root: string, userPath: string): Promise<ResolvedPath> {
  const given = userPath.trim();
  const candidate = resolvePath(root, given);
  let absolute = candidate;
  if (!isInside(root, candidate)) {
    const real = isAbsolute(given) ? realpathLoose(candidate) : undefined;
    if (real === undefined || !isInside(root, real)) {
      throw new WorkspaceError(
        `path ${given} is outside the repository root ${root}; use a path relative to the root`,
      );
    }
    // An absolute path that reaches the root through a symlinked ancestor (e.g. /tmp → /private/tmp).
    absolute = real;
  }
  const real = realpathLoose(absolute);
  if (!isInside(root, real)) {
    throw new WorkspaceError(
      `path ${given} leads through a symlink to ${real}, outside the repository root ${root}; only paths inside the root can be used`,
    );
  }
  return { absolute, relative: toPosixRelative(root, absolute) };
}

/** A path checked against the repository and the folders the person added (`--add-dir`). */
export interface RootedPath extends ResolvedPath {
  /** The root the path lies in: the repository's, or an added folder's (real paths). */
  base: string;
}

/**
 * `resolveInRoot` for the repository first; a path it refuses is accepted when it lies inside one
 * of `extraRoots` (real paths of added folders) by the same rule — symlinks followed, nothing that
 * leads outside that folder. Relative paths stay relative to the repository; a path in an added
 * folder is reported with its absolute path (POSIX) as `relative`, so that it resolves again.
 * @throws WorkspaceError with the repository's message when no root holds the path.
 */
export async function resolveInRoots(
  root: string,
  extraRoots: readonly string[],
  userPath: string,
): Promise<RootedPath> {
  try {
    return { ...(await resolveInRoot(root, userPath)), base: root };
  } catch (error) {
    if (!(error instanceof WorkspaceError) || extraRoots.length === 0) throw error;
    const candidate = resolvePath(root, userPath.trim());
    for (const extra of extraRoots) {
      if (!isInside(extra, candidate) && !isInside(extra, realpathLoose(candidate))) continue;
      const real = realpathLoose(candidate);
      if (!isInside(extra, real)) continue;
      const absolute = isInside(extra, candidate) ? candidate : real;
      return { absolute, relative: absolute.split(sep).join("/"), base: extra };
    }
    throw error;
  }
}

/**
 * Whether `p` (absolute) is inside `root` also once symlinks are followed, for synchronous
 * callers that check a folder named in a configuration (an MCP server's `cwd`): a path that does
 * not exist yet is judged by its deepest existing ancestor, a dangling symlink by its target.
 */
export function staysInsideSync(root: string, p: string): boolean {
  if (!isInside(root, p)) return false;
  try {
    return isInside(realpathSync.native(root), realpathLoose(p));
  } catch {
    // A symlink loop, or the root itself is gone.
    return false;
  }
}

/** Whether `p` is `root` or below it (both absolute and normalized). */
export function isInside(root: string, p: string): boolean {
  if (p === root) return true;
  const prefix = root.endsWith(sep) ? root : root + sep;
  return p.startsWith(prefix);
}

/** `p` relative to `root` with `/` separators; `"."` for the root. */
export function toPosixRelative(root: string, p: string): string {
  const rel = relativePath(root, p);
  if (rel === "") return ".";
  return sep === "/" ? rel : rel.split(sep).join("/");
}

/**
 * The real path of `p` if it exists; otherwise the real path of its deepest existing ancestor
 * joined with the rest, following dangling symlinks to their targets. Synchronous: a few system
 * calls on the path's folders, cheaper than a trip through the thread pool each.
 */
function realpathLoose(p: string, hops = 0): string {
  try {
    return realpathSync.native(p);
  } catch {
    // Missing (or unreadable): resolve the parent and look at this entry itself.
  }
  const parent = dirname(p);
  if (parent === p) return p;
  const joined = join(realpathLoose(parent, hops), basename(p));
  let target: string | undefined;
  try {
    if (lstatSync(joined).isSymbolicLink()) target = readlinkSync(joined);
  } catch {
    return joined;
  }
  if (target === undefined) return joined;
  if (hops >= MAX_LINK_HOPS) {
    throw new WorkspaceError(`path ${p} is a symlink loop; it cannot be used`);
  }
  return realpathLoose(resolvePath(dirname(joined), target), hops + 1);
}
