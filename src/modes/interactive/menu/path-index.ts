/**
 * The `@` picker's index of a repository's paths, made once per file list (`indexOf`, kept while
 * the list is the same array) so that a key typed in a repository of 200,000 files costs a
 * bounded scan, not a walk or a sort of everything:
 * - folders, lower-cased paths and each folder's children are computed once;
 * - a query that extends the previous one (the person typed one more character) is matched only
 *   against the previous query's matches: fuzzy matches of `ab` include every match of `abc`;
 * - only the best `limit` are kept while scanning (no sort of all matches).
 */
import { foldersOf, fuzzyScoreLower } from "./fuzzy.js";

export class PathIndex {
  /** Folders (ending in `/`) then files. */
  private readonly paths: readonly string[];
  private readonly lower: readonly string[];
  private readonly folderCount: number;
  private children: Map<string, string[]> | undefined;
  /** The last query and the indices of every path it matched. */
  private last: { query: string; matches: number[]; best: string[] } | undefined;

  constructor(files: readonly string[]) {
    const folders = foldersOf(files);
    this.folderCount = folders.length;
    this.paths = [...folders, ...files];
    this.lower = this.paths.map((p) => p.toLowerCase());
  }

  /** The best `limit` fuzzy matches of `query` (non-empty), best first; see `fuzzyScore`. */
  find(query: string, limit: number): string[] {
    const q = query.toLowerCase();
    if (this.last?.query === q) return this.last.best;
    const from = this.last && q.startsWith(this.last.query) ? this.last.matches : undefined;
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
    if (from) for (const i of from) consider(i);
    else for (let i = 0; i < this.paths.length; i++) consider(i);
    const best = top.map((t) => t.path);
    this.last = { query: q, matches, best };
    return best;
  }

  /** The entries directly inside `folder` (`""` the root, else ending in `/`): folders first. */
  childrenOf(folder: string): readonly string[] {
    if (!this.children) {
      const children = new Map<string, string[]>();
      for (let i = 0; i < this.paths.length; i++) {
        const path = this.paths[i]!;
        const end = i < this.folderCount ? path.length - 1 : path.length;
        const parent = path.slice(0, path.lastIndexOf("/", end - 1) + 1);
        let list = children.get(parent);
        if (!list) children.set(parent, (list = []));
        list.push(path);
      }
      this.children = children;
    }
    return this.children.get(folder) ?? [];
  }
}

function better(score: number, path: string, than: { path: string; score: number }): boolean {
  return score > than.score || (score === than.score && path.localeCompare(than.path) < 0);
}

const indices = new WeakMap<readonly string[], PathIndex>();

/** The index of a file list, made on first use and kept while the list is the same array. */
export function indexOf(files: readonly string[]): PathIndex {
  let index = indices.get(files);
  if (!index) indices.set(files, (index = new PathIndex(files)));
  return index;
}
