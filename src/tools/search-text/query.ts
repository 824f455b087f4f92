/** What both search engines (ripgrep and the JS walker) are asked; they must answer alike. */
export interface SearchQuery {
  pattern: string;
  /** False: `pattern` is literal text. True: a regular expression. */
  regex: boolean;
  caseSensitive: boolean;
  /** POSIX path relative to the root: a folder (`""` is the root) or a file. */
  target: string;
  targetIsFile: boolean;
  /** Only files matching this glob (gitignore-style: no `/` matches the name at any depth). */
  glob?: string;
  /** The engine stops after `limit + 1` matching lines (one more, to know there are more). */
  limit: number;
  /**
   * Files whose matches are counted but not returned (files that may hold secrets); their
   * matches do not count towards `limit`.
   */
  hidden?: (path: string) => boolean;
  signal: AbortSignal;
}

/** One matching line. */
export interface SearchMatch {
  /** POSIX path relative to the root. */
  path: string;
  /** 1-based line number. */
  line: number;
  /** The line without its terminator (`\n` or `\r\n`). */
  text: string;
  /** 0-based index in `text` (UTF-16 units) where the first match starts. */
  column: number;
}

export interface SearchResult {
  /** At most `limit` matches, sorted by path then line. */
  matches: SearchMatch[];
  /** More matches existed than `limit`. */
  limitReached: boolean;
  engine: "ripgrep" | "js";
  /** Matching lines left out because `query.hidden` said so (absent when none). */
  hiddenMatches?: number;
}

/** Files bigger than this are not searched, by either engine (generated data, logs, dumps). */
export const MAX_SEARCH_FILE_BYTES = 10 * 1024 * 1024;

/** ripgrep's `--max-filesize` for `MAX_SEARCH_FILE_BYTES`. */
export const MAX_SEARCH_FILE_FLAG = "10M";

export function sortMatches(matches: SearchMatch[]): SearchMatch[] {
  return matches.sort((a, b) => (a.path === b.path ? a.line - b.line : a.path < b.path ? -1 : 1));
}

/** Removes the line terminator rg keeps (`\n`, `\r\n`). */
export function stripTerminator(line: string): string {
  let end = line.length;
  if (end > 0 && line.charCodeAt(end - 1) === 10) end--;
  if (end > 0 && line.charCodeAt(end - 1) === 13) end--;
  return line.slice(0, end);
}
