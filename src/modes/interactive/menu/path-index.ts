/**
 * The `@` picker's index of a repository's paths, so that a key typed in a repository of 200,000
 * files costs a bounded scan, not a walk or a sort of everything. It grows: `add` appends paths
 * as a listing delivers them (see `index-feeder.ts`, which adds them in slices), and every query
 * answers from what is indexed so far.
 * - each folder, lower-cased path and folder's children is computed once, when its path is added;
 * - a query that extends the previous one (the person typed one more character) is matched only
 *   against the previous query's matches and the paths added since: fuzzy matches of `ab`
 *   include every match of `abc`;
 * - only the best `limit` are kept while scanning (no sort of all matches).
 */
import { fuzzyScoreLower } from "./fuzzy.js";

interface Children {
  folders: string[];
  files: string[];
  /** `folders` is sorted (cleared when one is added). */
  sorted: boolean;
}

export class PathIndex {
  /** Files and folders (ending in `/`), in the order they were added. */
  private readonly paths: string[] = [];
  private readonly lower: string[] = [];
  private readonly folders = new Set<string>();
  private readonly children = new Map<string, Children>();
  /** The files added, in order (the same array all along: it grows). */
  readonly files: string[] = [];
  /** The last query, the indices of every path it matched and how many paths it saw. */
  private last: { query: string; matches: number[]; best: string[]; seen: number } | undefined;

  constructor(files: readonly string[] = []) {
    this.add(files);
  }

  /** Entries indexed: files and their folders. */
  get size(): number {
    return this.paths.length;
  }

  /** Indexes more files (POSIX, relative to the root; each once), with the folders they name. */
  add(files: readonly string[]): void {
    for (const file of files) {
      let slash = file.indexOf("/");
      while (slash !== -1) {
        const folder = file.slice(0, slash + 1);
        if (!this.folders.has(folder)) {
          this.folders.add(folder);
          this.entry(folder, true);
        }
        slash = file.indexOf("/", slash + 1);
      }
      this.entry(file, false);
      this.files.push(file);
    }
  }

  private entry(path: string, folder: boolean): void {
    this.paths.push(path);
    this.lower.push(path.toLowerCase());
    const end = folder ? path.length - 1 : path.length;
    const parent = path.slice(0, path.lastIndexOf("/", end - 1) + 1);
    let list = this.children.get(parent);
    if (!list) this.children.set(parent, (list = { folders: [], files: [], sorted: true }));
    if (folder) {
      list.folders.push(path);
      list.sorted = false;
    } else list.files.push(path);
  }

  /** The best `limit` fuzzy matches of `query` (non-empty), best first; see `fuzzyScore`. */
  find(query: string, limit: number): string[] {
    const q = query.toLowerCase();
    const seen = this.paths.length;
    const last = this.last;
    if (last?.query === q && last.seen === seen) return last.best;
    const narrows = last !== undefined && q.startsWith(last.query);
    const matches: number[] = [];
    const top: { path: string; score: number }[] = [];
    const consider = (i: number) => {
      const score = fuzzyScoreLower(q, this.lower[i]!, this.paths[i]!.length);
      if (score === undefined) return;
      matches.push(i);
      if (top.length === limit && !better(score, this.paths[i]!, top[limit - 1]!)) return;
      let at = top.length === limit ? limit - 1 : top.length;
      while (at > 0 && better(score, this.paths[i]!, top[at - 1]!)) {
        top[at] = top[at - 1]!;
        at--;
      }
      top[at] = { path: this.paths[i]!, score };
    };
    if (narrows) {
      for (const i of last.matches) consider(i);
      for (let i = last.seen; i < seen; i++) consider(i);
    } else for (let i = 0; i < seen; i++) consider(i);
    const best = top.map((t) => t.path);
    this.last = { query: q, matches, best, seen };
    return best;
  }

  /** The entries directly inside `folder` (`""` the root, else ending in `/`): folders first. */
  childrenOf(folder: string): readonly string[] {
    const list = this.children.get(folder);
    if (!list) return [];
    if (!list.sorted) {
      list.folders.sort();
      list.sorted = true;
    }
    return [...list.folders, ...list.files];
  }
}

function better(score: number, path: string, than: { path: string; score: number }): boolean {
  return score > than.score || (score === than.score && path.localeCompare(than.path) < 0);
}

const indices = new WeakMap<readonly string[], PathIndex>();

/**
 * The index of a file list, made on first use and kept while the list is the same array; a
 * growing index's own `files` give that index back.
 */
export function indexOf(files: readonly string[]): PathIndex {
  let index = indices.get(files);
  if (!index) indices.set(files, (index = new PathIndex(files)));
  return index;
}

/** Makes `indexOf(index.files)` give `index` (an index fed in slices, whose list grows). */
export function adoptIndex(index: PathIndex): void {
  indices.set(index.files, index);
}
