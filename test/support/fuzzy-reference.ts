/**
 * The `@` picker's scoring written plainly, one path at a time (its rule: the module comment of
 * src/modes/interactive/menu/path-scan.ts): the reference the picker's index is compared with in
 * tests. `indexedPaths` lists what an index holds.
 */
import type { PathIndex } from "../../src/modes/interactive/menu/path-index.js";

/** Every file `index` holds, in the order it was given them (undefined without an index). */
export function indexedPaths(index: PathIndex): string[];
export function indexedPaths(index: PathIndex | undefined): string[] | undefined;
export function indexedPaths(index: PathIndex | undefined): string[] | undefined {
  return index?.joined().split("\0").filter(Boolean);
}

export function fuzzyScore(query: string, path: string): number | undefined {
  return fuzzyScoreLower(query.toLowerCase(), path.toLowerCase(), path.length);
}

/** `fuzzyScore` of a query and a path already lower-cased (`length`: the path's own). */
export function fuzzyScoreLower(q: string, p: string, length: number): number | undefined {
  if (q === "") return 0;
  const nameStart = p.lastIndexOf("/") + 1;
  let score = 0;
  let at = -1;
  let run = 0;
  for (const ch of q) {
    const found = p.indexOf(ch, at + 1);
    if (found === -1) return undefined;
    run = found === at + 1 ? run + 1 : 0;
    score += 1 + run * 2;
    if (found >= nameStart) score += 2;
    if (found === 0 || "/._-".includes(p[found - 1]!)) score += 3;
    at = found;
  }
  if (p.slice(nameStart).startsWith(q)) score += 10;
  if (p.includes(q)) score += 5;
  return score - length / 100;
}

/** The best `limit` matches of `query` among `paths`, best first. */
export function fuzzyFind(query: string, paths: readonly string[], limit: number): string[] {
  const scored: { path: string; score: number }[] = [];
  for (const path of paths) {
    const score = fuzzyScore(query, path);
    if (score !== undefined) scored.push({ path, score });
  }
  return scored
    .sort((a, b) => b.score - a.score || (a.path < b.path ? -1 : 1))
    .slice(0, limit)
    .map((s) => s.path);
}

/** The folders of a list of file paths, each ending in `/` (`src/`, `src/app/`). */
export function foldersOf(files: readonly string[]): string[] {
  const out = new Set<string>();
  for (const file of files) {
    let slash = file.indexOf("/");
    while (slash !== -1) {
      out.add(file.slice(0, slash + 1));
      slash = file.indexOf("/", slash + 1);
    }
  }
  return [...out].sort();
}
