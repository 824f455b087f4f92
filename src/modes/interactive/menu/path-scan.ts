/**
 * Fuzzy matching of repository paths for the `@` picker: the query's characters must appear in
 * order (case-insensitive, each where it first can after the last); each scores 1, plus 2 per
 * character of the run it ends, plus 2 in the file name, plus 3 at a word's start (after `/`,
 * `.`, `_`, `-` or the path's start); the whole query at the name's start adds 10, anywhere 5;
 * a hundredth per character of the path is taken off, so shorter paths win; equal scores sort
 * by the paths' code units (not `localeCompare`: the same order everywhere, and a tenth of a
 * first scan of 60,000 paths went to the locale's collation). Tests compare every score with a
 * plain one-path version (test/support/fuzzy-reference.ts).
 *
 * Here the paths are joined by NUL (see `path-index.ts`) and the string's own `indexOf` does the
 * reading: a path that lacks the
 * query's next character is never looked at, since the search for that character jumps to the
 * path holding it. Work stays linear in the text: every search that may run past the path being
 * scored (the query's next occurrence, the next `/`) keeps where it stopped in a cursor, and the
 * paths are visited in order.
 */

/** Paths, each followed by NUL, and their lower-cased copy of the same length. */
export interface Chunk {
  text: string;
  lower: string;
}

/** Where a scan is in one chunk: the next `/` and the query's next occurrence at or after it. */
export interface Cursor {
  slash: number;
  query: number;
}

export const newCursor = (): Cursor => ({ slash: -1, query: -1 });

/**
 * `text` lower-cased with every character in its place, so that an offset in the copy is the
 * same path's offset in `text`. A character whose lower case is longer (`İ`) keeps its case: such
 * a path is matched case-sensitively at that character.
 */
export function lowerSameLength(text: string): string {
  const lower = text.toLowerCase();
  if (lower.length === text.length) return lower;
  let out = "";
  for (const ch of text) {
    const l = ch.toLowerCase();
    out += l.length === ch.length ? l : ch;
  }
  return out;
}

/** Chunks of paths as one text, each path followed by NUL. */
export function joinedPaths(texts: readonly string[]): string {
  return texts.map((t) => (t.endsWith("\0") ? t : `${t}\0`)).join("");
}

/** A path's state before its first character is scored (reused: a broad query scores most). */
const fresh = { nameStart: 0, at: 0, run: 0, chars: 0 };
/** Positions of the query's characters in the last path matched (reused). */
const found: number[] = [];
/** After a miss: where the missing character is next (past the path), or -1 when nowhere. */
let missAt = -1;

/** A lower-cased query and its characters (code points, as `for…of` reads them). */
export interface Query {
  text: string;
  chars: readonly string[];
}

export const query = (lowerCased: string): Query => ({
  text: lowerCased,
  chars: Array.from(lowerCased),
});

/**
 * What the last successful `scoreAt` or `extendAt` found, to extend it when one more character
 * is typed (greedy matching keeps a prefix's positions): where the path's name starts, where its
 * last matched character is, the run it ends and the score of its characters alone (no bonus).
 */
export const matched = { nameStart: 0, at: 0, run: 0, chars: 0 };

/**
 * The score of the path `[start, end)` of `lower` for the query (see the module's comment), or
 * undefined when the path does not hold the query's characters in order.
 */
export function scoreAt(
  lower: string,
  query: Query,
  start: number,
  end: number,
  cursor: Cursor,
): number | undefined {
  // Positions first: most paths fail, and need no look at their name.
  if (!positions(lower, query.chars, 0, start - 1, end)) return undefined;
  if (cursor.slash < start) cursor.slash = next(lower, "/", start);
  let lastSlash = -1;
  while (cursor.slash < end) {
    lastSlash = cursor.slash;
    cursor.slash = next(lower, "/", cursor.slash + 1);
  }
  fresh.nameStart = lastSlash === -1 ? start : lastSlash + 1;
  fresh.at = start - 1;
  return scored(lower, query, 0, start, end, fresh, cursor);
}

/**
 * `scoreAt` for a query that extends one this path matched (its characters from `from` on are
 * new), from what that match left in `matched` (given back here as `state`). Paths must come in
 * order, as in `scoreAt`.
 */
export function extendAt(
  lower: string,
  query: Query,
  from: number,
  start: number,
  end: number,
  state: { nameStart: number; at: number; run: number; chars: number },
  cursor: Cursor,
): number | undefined {
  if (!positions(lower, query.chars, from, state.at, end)) return undefined;
  return scored(lower, query, from, start, end, state, cursor);
}

/**
 * Puts in `found` where `chars[from…]` are, each after the last, from after `at` and before
 * `end`; false (and `missAt` set) when one is not there.
 */
function positions(
  lower: string,
  chars: readonly string[],
  from: number,
  at: number,
  end: number,
): boolean {
  for (let k = from; k < chars.length; k++) {
    const f = lower.indexOf(chars[k]!, at + 1);
    if (f === -1 || f >= end) {
      missAt = f;
      return false;
    }
    found[k] = f;
    at = f;
  }
  return true;
}

/** Scores the characters `found` holds from `from` on, after `state`'s; keeps it in `matched`. */
function scored(
  lower: string,
  query: Query,
  from: number,
  start: number,
  end: number,
  state: { nameStart: number; at: number; run: number; chars: number },
  cursor: Cursor,
): number {
  const { nameStart } = state;
  let { at, run, chars: score } = state;
  for (let k = from; k < query.chars.length; k++) {
    const f = found[k]!;
    run = f === at + 1 ? run + 1 : 0;
    score += 1 + run * 2;
    if (f >= nameStart) score += 2;
    if (f === start || isBoundary(lower.charCodeAt(f - 1))) score += 3;
    at = f;
  }
  matched.nameStart = nameStart;
  matched.at = at;
  matched.run = run;
  matched.chars = score;
  return withBonus(score, lower, query.text, start, end, nameStart, cursor);
}

/**
 * `score` with the whole query in the name's start (+10) and anywhere in the path (+5), less
 * the path's length: added in the reference's order, for the same floating-point result.
 */
function withBonus(
  score: number,
  lower: string,
  q: string,
  start: number,
  end: number,
  nameStart: number,
  cursor: Cursor,
): number {
  if (nameStart + q.length <= end && lower.startsWith(q, nameStart)) score += 10;
  if (cursor.query < start) cursor.query = next(lower, q, start);
  if (cursor.query + q.length <= end) score += 5;
  return score - (end - start) / 100;
}

/** Calls `on` with every path of `lower` that matches `q`, in order, and its score. */
export function scanMatches(
  lower: string,
  q: Query,
  on: (start: number, end: number, score: number) => void,
): void {
  const cursor = newCursor();
  let start = 0;
  while (start < lower.length) {
    let end = lower.indexOf("\0", start);
    if (end === -1) end = lower.length;
    const score = scoreAt(lower, q, start, end, cursor);
    if (score !== undefined) {
      on(start, end, score);
      start = end + 1;
    } else if (missAt === -1) {
      return;
    } else {
      // The paths before the one holding the missing character cannot match: skip them.
      start = lower.lastIndexOf("\0", missAt) + 1;
    }
  }
}

/** Pushes onto `out` the files of `text` directly inside `folder` (not in a folder below it). */
export function filesIn(text: string, folder: string, out: string[]): void {
  let slash = -1;
  let at = 0;
  while (at < text.length) {
    const start = folder === "" ? at : text.indexOf(folder, at);
    if (start === -1) return;
    let end = text.indexOf("\0", start);
    if (end === -1) end = text.length;
    at = end + 1;
    // Where `folder` was found inside a path, not at its start, that path is not in it.
    if (start > 0 && text.charCodeAt(start - 1) !== 0) continue;
    const name = start + folder.length;
    if (slash < name) slash = next(text, "/", name);
    if (end > name && slash >= end) out.push(text.slice(start, end));
  }
}

/** The next `what` at or after `from`, or Infinity. */
function next(text: string, what: string, from: number): number {
  const at = text.indexOf(what, from);
  return at === -1 ? Infinity : at;
}

/** `/`, `.`, `_` or `-`: a word starts after it. */
function isBoundary(code: number): boolean {
  return code === 47 || code === 46 || code === 95 || code === 45;
}
