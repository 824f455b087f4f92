import { stripVTControlCharacters } from "node:util";
import stringWidth from "string-width";

/**
 * `string-width` with a fast path, given to every package in the bundle that imports
 * `string-width` (Ink's layout and output, wrap-ansi, widest-line, cli-truncate: the build's
 * `string-width` plugin) and used by North's own code. `string-width` is exact but segments
 * every string that holds one character outside printable ASCII into graphemes; the lines of a
 * rendered answer hold box-drawing gutters, bullets and escape sequences, so it cost about a
 * second of CPU per megabyte of Markdown streamed (bench/tui-keys.mjs). Here a string whose
 * characters, once escape sequences are taken out, are all in `NARROW` — characters that are one
 * column wide alone and join no neighbour into a wider cluster — measures its length; any other
 * goes to `string-width`, so the result is the same for every input (text-width.test.ts checks
 * each character of `NARROW` against it).
 */
export interface WidthOptions {
  ambiguousIsNarrow?: boolean;
  countAnsiEscapeCodes?: boolean;
}

/**
 * One column alone, never part of a wider cluster: printable ASCII; Latin-1 and Latin Extended
 * A/B, IPA and spacing modifier letters (not the soft hyphen); general punctuation (dashes,
 * quotes, bullet, ellipsis, but not the zero-width and format characters); arrows (the menus'
 * `↑↓` hints; those that are emoji are so only with U+FE0F after them); box drawing and
 * block elements; Braille (spinners); the Private Use Area (ambiguous width, narrow as
 * `string-width` counts it by default: the scrollback's markers are made of it, one per line
 * drawn, so they must not take the slow path).
 */
export function isNarrow(code: number): boolean {
  if (code >= 0x20 && code <= 0x7e) return true;
  if (code < 0xa0) return false;
  if (code <= 0x2ff) return code !== 0xad;
  if (code >= 0x2010 && code <= 0x2027) return true;
  if (code >= 0x2030 && code <= 0x205e) return code !== 0x203c && code !== 0x2049;
  if (code >= 0x2190 && code <= 0x21ff) return true;
  if (code >= 0x2500 && code <= 0x259f) return true;
  if (code >= 0xe000 && code <= 0xf8ff) return true;
  return code >= 0x2800 && code <= 0x28ff;
}

export function textWidth(text: string, options?: WidthOptions): number {
  if (typeof text !== "string" || text.length === 0) return 0;
  const escapes = text.includes("\x1b") || text.includes("\x9b");
  // Counting escape codes changes nothing in a string without any (wrap-ansi measures each word
  // of a paragraph so, after taking its escapes out).
  if (options?.ambiguousIsNarrow === false || (options?.countAnsiEscapeCodes && escapes))
    return stringWidth(text, options);
  const plain = escapes ? stripVTControlCharacters(text) : text;
  for (let i = 0; i < plain.length; i++) {
    if (!isNarrow(plain.charCodeAt(i))) return stringWidth(text, options);
  }
  return plain.length;
}

export default textWidth;

/**
 * Makes `string-width`'s first use outside the fast path cheap: it compiles its Unicode property
 * expressions (emoji sequences, pictographs, marks) at their first use, ~65 ms of one task on
 * the 2-core machine. The interface calls this while the keyboard rests, so that the first
 * string with an emoji or a CJK character is not the moment a typed key waits for it.
 */
export function warmTextWidth(): void {
  stringWidth("\u2713\u{1F44D}\u{1F3FD}e\u0301\u1100\u1161\uFF21");
}
