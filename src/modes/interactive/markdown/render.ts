import { Lexer, type Token, type Tokens } from "marked";
import stringWidth from "string-width";
import wrapAnsi from "wrap-ansi";
import { hue, theme } from "../screen/theme.js";
import { highlightCode, highlighterReady, preloadHighlighter } from "./highlight.js";
import { renderInline } from "./inline.js";

/** Whether the text being rendered is a streaming answer's live tail (see `RenderOptions`). */
let live = false;

/**
 * Markdown as ANSI text lines no wider than `width`: marked's lexer, then a small renderer for
 * the blocks a model writes (headings, paragraphs, lists, code, quotes, tables, rules).
 * Code blocks are highlighted once cli-highlight is loaded (see highlight.ts).
 */
export function renderMarkdown(source: string, width: number, options: RenderOptions = {}): string {
  const tokens = new Lexer({ gfm: true }).lex(source);
  const first = tokens.find((t) => t.type !== "space");
  if (options.continued && first?.type === "code")
    (first as Tokens.Code & { continued?: boolean }).continued = true;
  live = options.live === true;
  try {
    return renderBlocks(tokens, Math.max(20, width)).join("\n");
  } finally {
    live = false;
  }
}

export interface RenderOptions {
  /** The text continues a code block cut by the streaming split: no second language label. */
  continued?: boolean;
  /**
   * The text is the live tail of a streaming answer, rendered again on every update: code
   * without a language stays uncoloured (highlight.js would try every language it knows, about
   * 20 ms a block, on each update); it is coloured once it settles into the scrollback.
   */
  live?: boolean;
}

/** Whitespace at the start, or at the end before closing colour codes: what `trim` removes. */
const EDGE_SPACE = /^\s|\s(?:\x1b\[[0-9;]*m)*$/;

/**
 * Prose wraps at spaces (trimmed at the break); code keeps its indentation. A single line that
 * fits, with nothing to trim, is its own result (wrap-ansi would return it unchanged after
 * tokenizing it: most lines of an answer, and a third of its rendering time).
 */
export const wrap = (text: string, width: number, trim = true): string[] =>
  !/[\n\t]/.test(text) && stringWidth(text) <= width && (!trim || !EDGE_SPACE.test(text))
    ? [text]
    : wrapAnsi(text, width, { hard: true, trim }).split("\n");

function renderBlocks(tokens: readonly Token[], width: number): string[] {
  const out: string[] = [];
  for (const token of tokens) {
    const lines = renderBlock(token, width);
    if (lines.length === 0) continue;
    if (out.length > 0) out.push("");
    out.push(...lines);
  }
  return out;
}

function renderBlock(token: Token, width: number): string[] {
  const { paint } = theme();
  switch (token.type) {
    case "space":
      return [];
    case "heading": {
      const text = renderInline(token.tokens);
      return wrap(token.depth <= 2 ? hue("heading").bold(text) : paint.bold(text), width);
    }
    case "paragraph":
    case "text":
      return wrap(
        "tokens" in token && token.tokens ? renderInline(token.tokens) : String(token.text),
        width,
      );
    case "code":
      return renderCode(token as Tokens.Code, width);
    case "list":
      return renderList(token as Tokens.List, width);
    case "blockquote":
      return renderBlocks(token.tokens ?? [], width - 2).map(
        (l) => paint.dim("│ ") + paint.italic(l),
      );
    case "hr":
      return [paint.dim("─".repeat(Math.min(width, 40)))];
    case "table":
      return renderTable(token as Tokens.Table, width);
    default:
      return wrap(token.raw.replace(/\n+$/, ""), width);
  }
}

function renderCode(token: Tokens.Code, width: number): string[] {
  const { paint } = theme();
  const language = token.lang?.split(/\s/)[0] || undefined;
  if (!highlighterReady()) preloadHighlighter();
  // Indented code is left plain: in an answer it is mostly a list or quote cut by the stream,
  // not code; a fence without a language is guessed once settled (not live: guesses flip).
  const plain = !language && (live || token.codeBlockStyle === "indented");
  const body =
    (plain ? undefined : highlightCode(token.text, language)) ?? hue("codeBlock")(token.text);
  const gutter = paint.dim("│ ");
  const continued = (token as { continued?: boolean }).continued === true;
  const label = language && !continued ? [paint.dim(`╭ ${language}`)] : [];
  return [
    ...label,
    ...body.split("\n").flatMap((line) => wrap(line, width - 2, false).map((l) => gutter + l)),
  ];
}

function renderList(token: Tokens.List, width: number): string[] {
  const out: string[] = [];
  const start = typeof token.start === "number" ? token.start : 1;
  token.items.forEach((item, i) => {
    const bullet = token.ordered ? `${start + i}.` : "•";
    const indent = stringWidth(bullet) + 1;
    const body = renderBlocks(item.tokens, width - indent);
    const lines = token.loose || !body.includes("") ? body : body.filter((l) => l !== "");
    lines.forEach((line, j) =>
      out.push(j === 0 ? `${theme().paint.dim(bullet)} ${line}` : " ".repeat(indent) + line),
    );
    if (token.loose && i < token.items.length - 1) out.push("");
  });
  return out;
}

function renderTable(token: Tokens.Table, width: number): string[] {
  const { paint } = theme();
  const header = token.header.map((c) => renderInline(c.tokens));
  const rows = token.rows.map((r) => r.map((c) => renderInline(c.tokens)));
  const widths = header.map((h, i) =>
    Math.max(stringWidth(h), ...rows.map((r) => stringWidth(r[i] ?? ""))),
  );
  const total = widths.reduce((a, b) => a + b, 0) + 3 * (widths.length - 1);
  if (total > width) return [header, ...rows].flatMap((r) => wrap(r.join(paint.dim(" │ ")), width));
  const pad = (s: string, w: number) => s + " ".repeat(Math.max(0, w - stringWidth(s)));
  const line = (cells: string[]) => cells.map((c, i) => pad(c, widths[i]!)).join(paint.dim(" │ "));
  return [
    paint.bold(line(header)),
    paint.dim(widths.map((w) => "─".repeat(w)).join("─┼─")),
    ...rows.map(line),
  ];
}
