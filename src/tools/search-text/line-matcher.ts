import { ToolError } from "../../agent/tool.js";
import type { SearchQuery } from "./query.js";

/**
 * The JS walker's matcher, built to agree with ripgrep: a match never spans lines, `^`/`$` are line
 * anchors, `$` does not match before `\r` (as rg without `--crlf`), case folding is Unicode's.
 */
export interface LineMatcher {
  /** For a case-sensitive literal: bytes a file must contain to be worth decoding. */
  readonly needle?: Buffer;
  /** Each matching line of `content` with its 1-based number and the match's index in the line. */
  scan(content: string): Generator<{ line: number; text: string; column: number }>;
}

/**
 * @throws ToolError when `query.pattern` is not a valid regular expression.
 */
export function compileMatcher(
  query: Pick<SearchQuery, "pattern" | "regex" | "caseSensitive">,
): LineMatcher {
  const source = query.regex ? query.pattern : escapeRegExp(query.pattern);
  const flags = query.caseSensitive ? "" : "i";
  let global: RegExp;
  let single: RegExp;
  try {
    global = new RegExp(source, `${flags}gmu`);
    single = new RegExp(source, `${flags}u`);
  } catch {
    try {
      // Patterns valid in ripgrep's syntax but not in JS's stricter Unicode mode.
      global = new RegExp(source, `${flags}gm`);
      single = new RegExp(source, flags);
    } catch (error) {
      throw new ToolError(
        `pattern is not a valid regular expression: ${(error as Error).message}. Fix it, or pass regex: false to search for the text literally.`,
      );
    }
  }
  const needle =
    !query.regex && query.caseSensitive ? Buffer.from(query.pattern, "utf8") : undefined;
  return { needle, scan: (content: string) => scan(content, global, single) };
}

function* scan(content: string, global: RegExp, single: RegExp) {
  global.lastIndex = 0;
  let lineNumber = 1;
  let counted = 0; // newlines counted up to this index
  for (;;) {
    const found = global.exec(content);
    if (found === null) return;
    const index = found.index;
    const start = index === 0 ? 0 : content.lastIndexOf("\n", index - 1) + 1;
    if (start === content.length) return; // past the final newline: not a line (as in rg)
    let end = content.indexOf("\n", index);
    if (end === -1) end = content.length;
    lineNumber += countNewlines(content, counted, start);
    counted = start;
    const text = content.slice(start, end);
    const inLine = single.exec(text);
    if (inLine !== null) yield { line: lineNumber, text, column: inLine.index };
    if (end >= content.length) return;
    global.lastIndex = end + 1;
  }
}

function countNewlines(text: string, from: number, to: number): number {
  let count = 0;
  for (let i = text.indexOf("\n", from); i !== -1 && i < to; i = text.indexOf("\n", i + 1)) {
    count++;
  }
  return count;
}

function escapeRegExp(text: string): string {
  return text.replace(/[\\^$.*+?()[\]{}|]/g, "\\$&");
}
