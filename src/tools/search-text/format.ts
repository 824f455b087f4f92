import type { SearchMatch, SearchQuery, SearchResult } from "./query.js";

/** A matching line longer than this is shown as a window around its first match. */
export const MAX_LINE_CHARS = 200;
/** Characters kept before the match when a line is clipped. */
const CONTEXT_BEFORE = 60;

/**
 * The model-facing text of a search: a header line, then each file's path followed by its
 * matching lines as `  <line>: <text>`, long lines clipped around the match.
 */
export function formatSearch(
  query: SearchQuery,
  result: SearchResult,
  where: string,
  maxLimit: number,
): string {
  const { matches } = result;
  const hint = hiddenHint(result.hiddenMatches ?? 0);
  if (matches.length === 0) return noMatches(query, where) + hint;
  const files = countFiles(matches);
  const header = result.limitReached
    ? `First ${plural(matches.length, "match", "matches")} in ${plural(files, "file", "files")} (more exist; narrow with path or glob${query.limit < maxLimit ? `, or raise limit up to ${maxLimit}` : ""}):`
    : `${plural(matches.length, "match", "matches")} in ${plural(files, "file", "files")}:`;
  const lines = [header];
  let current: string | undefined;
  for (const match of matches) {
    if (match.path !== current) {
      current = match.path;
      lines.push(current);
    }
    lines.push(`  ${match.line}: ${clipLine(match)}`);
  }
  return lines.join("\n") + hint;
}

/** The line that says matches in files that may hold secrets were left out ("" for none). */
export function hiddenHint(hidden: number): string {
  if (hidden === 0) return "";
  return `\n${plural(hidden, "match", "matches")} in files that may hold secrets (.env, keys, credentials, git-ignored files) ${hidden === 1 ? "was" : "were"} not shown; read_file asks the person before reading such a file.`;
}

/** The line, or a window of `MAX_LINE_CHARS` around the match with `…` where it was cut. */
export function clipLine(match: Pick<SearchMatch, "text" | "column">): string {
  const { text } = match;
  if (text.length <= MAX_LINE_CHARS) return text;
  const start = Math.max(0, Math.min(match.column - CONTEXT_BEFORE, text.length - MAX_LINE_CHARS));
  const end = start + MAX_LINE_CHARS;
  return `${start > 0 ? "…" : ""}${text.slice(start, end)}${end < text.length ? "…" : ""}`;
}

export function countFiles(matches: SearchMatch[]): number {
  return new Set(matches.map((m) => m.path)).size;
}

function noMatches(query: SearchQuery, where: string): string {
  const mode = `${query.regex ? "regex" : "literal"}, ${query.caseSensitive ? "case-sensitive" : "case-insensitive"}`;
  const scope = query.glob ? `${where}, files matching ${query.glob}` : where;
  let text = `No matches for ${JSON.stringify(query.pattern)} (${mode}) in ${scope}.`;
  if (!query.regex && /[|*+?\\[\]()^$]/.test(query.pattern)) {
    text += " The pattern was searched as literal text; pass regex: true for a regular expression.";
  }
  return text;
}

function plural(count: number, one: string, many: string): string {
  return `${count} ${count === 1 ? one : many}`;
}
