/**
 * Glob matching on root-relative POSIX paths in time bounded by the pattern's and the path's
 * lengths: no regular expression, so no backtracking a hostile pattern can blow up (a name of
 * 60 "a" against `*a*a*a*a*a*a*a*a*a*a*c` answers at once; a backtracking matcher takes minutes).
 *
 * Syntax, as picomatch and ripgrep read it for our uses:
 * - `*` any run of characters but `/`; `?` one character but `/`; `[abc]`, `[a-z]`, `[!x]` /
 *   `[^x]`, `[[:digit:]]`-style classes (one character but `/`); `\x` the character x.
 * - `**` as a whole segment: any number of segments, none included (`src/**`, `**\/*.md`);
 *   elsewhere it is `*`.
 * - `{a,b}` alternatives, nested, and numeric ranges `{1..3}`; at most {@link MAX_ALTERNATIVES}
 *   after expansion, else {@link GlobError}. A brace with no comma is literal.
 * - Dot files are matched like any other (picomatch `dot: true`). Extglobs (`@(a|b)`) are not
 *   supported: their characters are read as above.
 *
 * Cost: each pattern segment against each path segment once (memoised), each such test the
 * classic two-pointer wildcard walk — O(pattern × path) per alternative at worst.
 */

export const MAX_ALTERNATIVES = 256;

/** A pattern that cannot be matched within the bounds (too many brace alternatives). */
export class GlobError extends Error {
  override name = "GlobError";
}

export interface GlobOptions {
  /** Compare case-insensitively. */
  nocase?: boolean;
  /** A pattern without `/` is matched against the last segment of the path (picomatch `basename`). */
  basename?: boolean;
}

type Token =
  | { t: "lit"; c: string }
  | { t: "any" }
  | { t: "star" }
  | { t: "set"; test: (c: string) => boolean };
type Segment = Token[] | "globstar";

/** Compiles `pattern` into a test on paths; throws {@link GlobError} when it is too large. */
export function compileGlob(pattern: string, options: GlobOptions = {}): (path: string) => boolean {
  const fold = (s: string) => (options.nocase ? s.toLowerCase() : s);
  const alternatives = expandBraces(fold(pattern)).map((alt) => alt.split("/").map(parseSegment));
  const onName = options.basename === true && !pattern.includes("/");
  return (path) => {
    const text = fold(path);
    const segments = onName ? [text.slice(text.lastIndexOf("/") + 1)] : text.split("/");
    return alternatives.some((alt) => matchSegments(alt, segments));
  };
}

function matchSegments(pattern: Segment[], path: string[]): boolean {
  const width = path.length + 1;
  const memo = new Int8Array((pattern.length + 1) * width); // 0 unknown, 1 yes, 2 no
  const go = (p: number, s: number): boolean => {
    const key = p * width + s;
    if (memo[key] !== 0) return memo[key] === 1;
    let ok: boolean;
    const seg = pattern[p];
    if (seg === undefined) ok = s === path.length;
    else if (seg === "globstar") ok = go(p + 1, s) || (s < path.length && go(p, s + 1));
    else ok = s < path.length && matchSegment(seg, path[s]!) && go(p + 1, s + 1);
    memo[key] = ok ? 1 : 2;
    return ok;
  };
  return go(0, 0);
}

/** The two-pointer wildcard match: on a mismatch, only the latest `*` takes one more character. */
function matchSegment(tokens: Token[], text: string): boolean {
  let t = 0;
  let i = 0;
  let starT = -1;
  let starI = 0;
  while (i < text.length) {
    const tok = tokens[t];
    if (tok && tok.t !== "star" && accepts(tok, text[i]!)) {
      t++;
      i++;
    } else if (tok?.t === "star") {
      starT = t++;
      starI = i;
    } else if (starT >= 0) {
      t = starT + 1;
      i = ++starI;
    } else return false;
  }
  while (tokens[t]?.t === "star") t++;
  return t === tokens.length;
}

function accepts(tok: Token, c: string): boolean {
  if (tok.t === "lit") return tok.c === c;
  if (tok.t === "any") return true;
  return tok.t === "set" && tok.test(c);
}

function parseSegment(text: string): Segment {
  if (text === "**") return "globstar";
  const tokens: Token[] = [];
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === "\\" && i + 1 < text.length) tokens.push({ t: "lit", c: text[++i]! });
    else if (c === "*") {
      if (tokens.at(-1)?.t !== "star") tokens.push({ t: "star" });
    } else if (c === "?") tokens.push({ t: "any" });
    else if (c === "[") {
      const set = parseClass(text, i);
      if (set) {
        tokens.push({ t: "set", test: set.test });
        i = set.end;
      } else tokens.push({ t: "lit", c });
    } else tokens.push({ t: "lit", c });
  }
  return tokens;
}

const POSIX: Record<string, RegExp> = {
  alpha: /[A-Za-z]/,
  digit: /[0-9]/,
  alnum: /[A-Za-z0-9]/,
  upper: /[A-Z]/,
  lower: /[a-z]/,
  space: /\s/,
  punct: /[!-/:-@[-`{-~]/,
  xdigit: /[0-9A-Fa-f]/,
  word: /\w/,
};

/** `[…]` starting at `start`: its test (never `/`) and the index of its `]`, or undefined. */
function parseClass(text: string, start: number) {
  let i = start + 1;
  const negated = text[i] === "!" || text[i] === "^";
  if (negated) i++;
  const parts: ((c: string) => boolean)[] = [];
  for (let first = true; i < text.length; first = false, i++) {
    const c = text[i]!;
    if (c === "]" && !first) {
      const test = (ch: string) => ch !== "/" && parts.some((p) => p(ch)) !== negated;
      return { test, end: i };
    }
    const posix = /^\[:([a-z]+):\]/.exec(text.slice(i, i + 10));
    if (posix && POSIX[posix[1]!]) {
      const re = POSIX[posix[1]!]!;
      parts.push((ch) => re.test(ch));
      i += posix[0].length - 1;
      continue;
    }
    const lo = c === "\\" && i + 1 < text.length ? text[++i]! : c;
    if (text[i + 1] === "-" && i + 2 < text.length && text[i + 2] !== "]") {
      const hi = text[i + 2] === "\\" && i + 3 < text.length ? text[(i += 3)]! : text[(i += 2)]!;
      parts.push((ch) => ch >= lo && ch <= hi);
    } else parts.push((ch) => ch === lo);
  }
  return undefined;
}

/** Expands `{a,b}` and `{1..3}`, innermost-first order preserved; at most MAX_ALTERNATIVES. */
export function expandBraces(pattern: string): string[] {
  const open = findBrace(pattern);
  if (!open) return [pattern];
  const { start, end, options } = open;
  const head = pattern.slice(0, start);
  const out: string[] = [];
  for (const tail of expandBraces(pattern.slice(end + 1))) {
    for (const option of options) {
      for (const inner of expandBraces(option)) {
        out.push(head + inner + tail);
        if (out.length > MAX_ALTERNATIVES) {
          throw new GlobError(
            `the pattern expands to more than ${MAX_ALTERNATIVES} alternatives; use fewer {…} choices`,
          );
        }
      }
    }
  }
  return out;
}

/** The first top-level brace with a comma or a numeric range, split into its options. */
function findBrace(pattern: string): { start: number; end: number; options: string[] } | undefined {
  for (let start = 0; start < pattern.length; start++) {
    const c = pattern[start];
    if (c === "\\") start++;
    if (c !== "{") continue;
    let depth = 0;
    const cuts: number[] = [];
    for (let i = start; i < pattern.length; i++) {
      const d = pattern[i];
      if (d === "\\") i++;
      else if (d === "{") depth++;
      else if (d === "," && depth === 1) cuts.push(i);
      else if (d === "}" && --depth === 0) {
        const body = pattern.slice(start + 1, i);
        if (cuts.length > 0) {
          const bounds = [start, ...cuts, i];
          const options = bounds.slice(1).map((b, k) => pattern.slice(bounds[k]! + 1, b));
          return { start, end: i, options };
        }
        const range = /^(-?\d+)\.\.(-?\d+)$/.exec(body);
        if (range) return { start, end: i, options: numericRange(+range[1]!, +range[2]!) };
        break; // no comma: literal braces
      }
    }
  }
  return undefined;
}

function numericRange(from: number, to: number): string[] {
  const count = Math.abs(to - from) + 1;
  if (count > MAX_ALTERNATIVES) {
    throw new GlobError(`the range {${from}..${to}} has more than ${MAX_ALTERNATIVES} values`);
  }
  const step = from <= to ? 1 : -1;
  return Array.from({ length: count }, (_, k) => String(from + k * step));
}
