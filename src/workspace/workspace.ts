import { realpathSync, statSync } from "node:fs";
import { readdir } from "node:fs/promises";
import { join, resolve as resolvePath } from "node:path";
import { WorkspaceError } from "./errors.js";
import { IgnoreRules, isSkipped, type MatcherCache } from "./ignore-rules.js";
import { resolveInRoots, type ResolvedPath } from "./sandbox.js";
import { walkFiles, type WalkOptions } from "./walk.js";

/** One visible entry of a folder (see `Workspace.listDir`). */
export interface DirEntry {
  name: string;
  kind: "file" | "dir" | "symlink" | "other";
}

/**
 * A repository root and everything that must agree about it: the path sandbox, the ignore rules
 * and the file walk. Paths given in and out are POSIX and relative to `root` unless named
 * `absolute`.
 */
export interface Workspace {
  /** The real (symlink-free) absolute path of the root. */
  readonly root: string;
  /**
   * Folders the person added (`--add-dir`, `/add-dir`), real paths: tools may use paths inside
   * them by the repository's rules (see `resolveInRoots`). Never set from the repository.
   */
  readonly extraRoots: readonly string[];
  /**
   * Adds a folder the person named (already `~`-expanded); returns its real path.
   * @throws WorkspaceError when it does not exist or is not a folder.
   */
  addRoot(dir: string): string;
  /**
   * Checks a user path; see `resolveInRoots`.
   * @throws WorkspaceError with a message for the model when the path leaves the root.
   */
  resolve(userPath: string): Promise<ResolvedPath>;
  /** Files below a folder, ignore rules honoured; see `walkFiles`. */
  walk(options?: WalkOptions): AsyncGenerator<string>;
  /**
   * Whether `relative` is hidden by `ALWAYS_SKIPPED` or the ignore rules (its own or an
   * ancestor's). `"."` is never ignored.
   */
  isIgnored(relative: string, isDir: boolean): Promise<boolean>;
  /**
   * The entries of a folder that are not ignored, sorted by name; symlinks are reported as such,
   * not followed.
   * @throws WorkspaceError when the folder cannot be read.
   */
  listDir(relative?: string): Promise<DirEntry[]>;
}

/**
 * A workspace for `root` (its real path is used).
 * @throws WorkspaceError when `root` does not exist or is not a folder.
 */
export async function createWorkspace(
  root: string,
  extraRoots: readonly string[] = [],
): Promise<Workspace> {
  const ws = new FsWorkspace(realFolder(root));
  for (const dir of extraRoots) ws.addRoot(dir);
  return ws;
}

/** The real path of a folder; synchronous, as everything a run reads before its first request. */
export function realFolder(dir: string): string {
  try {
    const real = realpathSync.native(resolvePath(dir));
    if (!statSync(real).isDirectory()) throw new Error("not a folder");
    return real;
  } catch {
    throw new WorkspaceError(`${dir} is not a folder`);
  }
}

class FsWorkspace implements Workspace {
  private readonly cache: MatcherCache = new Map();
  private readonly extras: string[] = [];

  constructor(readonly root: string) {}

  get extraRoots(): readonly string[] {
    return this.extras;
  }

  addRoot(dir: string): string {
    const real = realFolder(dir);
    if (real !== this.root && !this.extras.includes(real)) this.extras.push(real);
    return real;
  }

  resolve(userPath: string): Promise<ResolvedPath> {
    return resolveInRoots(this.root, this.extras, userPath);
  }

  walk(options?: WalkOptions): AsyncGenerator<string> {
    return walkFiles(this.root, options, this.cache);
  }

  async isIgnored(relative: string, isDir: boolean): Promise<boolean> {
    if (relative === "." || relative === "") return false;
    if (isSkipped(relative)) return true;
    const rules = new IgnoreRules(this.root, this.cache);
    const parts = relative.split("/");
    await rules.loadAncestors(parts.slice(0, -1).join("/"));
    // An ancestor folder that is ignored hides everything below it.
    for (let i = 1; i < parts.length; i++) {
      if (rules.matches(parts.slice(0, i).join("/"), true)) return true;
    }
    return rules.matches(relative, isDir);
  }

  async listDir(relative = "."): Promise<DirEntry[]> {
    const dir = relative === "." ? "" : relative;
    let entries;
    try {
      entries = await readdir(join(this.root, dir), { withFileTypes: true });
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      throw new WorkspaceError(`cannot list ${relative}: ${code ?? String(error)}`);
    }
    const rules = new IgnoreRules(this.root, this.cache);
    await rules.loadAncestors(dir);
    const prefix = dir === "" ? "" : `${dir}/`;
    const visible: DirEntry[] = [];
    for (const entry of entries) {
      const rel = prefix + entry.name;
      const isDir = entry.isDirectory();
      if (isSkipped(entry.name) || rules.matches(rel, isDir)) continue;
      const kind = isDir
        ? "dir"
        : entry.isFile()
          ? "file"
          : entry.isSymbolicLink()
            ? "symlink"
            : "other";
      visible.push({ name: entry.name, kind });
    }
    return visible.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  }
}
