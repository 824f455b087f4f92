/**
 * Fuzzy matching of repository paths for the `@` picker: the query's characters must appear in
 * order (case-insensitive); matches in the file name, at word starts and in runs score higher,
 * and shorter paths win ties.
 */
export function fuzzyScore(query: string, path: string): number | undefined {
  const q = query.toLowerCase();
  const p = path.toLowerCase();
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
  return score - path.length / 100;
}

/** The best `limit` matches of `query` among `paths`, best first. */
export function fuzzyFind(query: string, paths: readonly string[], limit: number): string[] {
  const scored: { path: string; score: number }[] = [];
  for (const path of paths) {
    const score = fuzzyScore(query, path);
    if (score !== undefined) scored.push({ path, score });
  }
  return scored
    .sort((a, b) => b.score - a.score || a.path.localeCompare(b.path))
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

/** The entries directly inside `folder` (`""` for the root, else ending in `/`): folders first. */
export function childrenOf(folder: string, files: readonly string[], folders: readonly string[]) {
  const inside = (p: string) => p.startsWith(folder) && p !== folder;
  const direct = (p: string) => !p.slice(folder.length).replace(/\/$/, "").includes("/");
  return [
    ...folders.filter((d) => inside(d) && direct(d)),
    ...files.filter((f) => inside(f) && direct(f)),
  ];
}
