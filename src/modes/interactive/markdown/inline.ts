import type { Token } from "marked";
import { hue, theme } from "../screen/theme.js";

const ENTITIES: Record<string, string> = {
  "&amp;": "&",
  "&lt;": "<",
  "&gt;": ">",
  "&quot;": '"',
  "&#39;": "'",
};
const unescape = (s: string) => s.replace(/&(amp|lt|gt|quot|#39);/g, (e) => ENTITIES[e] ?? e);

/** Inline Markdown tokens as one ANSI-styled string (line breaks as `\n`). */
export function renderInline(tokens: readonly Token[] | undefined): string {
  if (!tokens) return "";
  const { paint } = theme();
  let out = "";
  for (const token of tokens) {
    switch (token.type) {
      case "strong":
        out += paint.bold(renderInline(token.tokens));
        break;
      case "em":
        out += paint.italic(renderInline(token.tokens));
        break;
      case "del":
        out += paint.strikethrough(renderInline(token.tokens));
        break;
      case "codespan":
        out += hue("code")(unescape(token.text as string));
        break;
      case "link": {
        const text = renderInline(token.tokens);
        const href = token.href as string;
        out +=
          hue("link").underline(text) +
          (text === href || href.startsWith("mailto:") ? "" : paint.dim(` (${href})`));
        break;
      }
      case "image":
        out += paint.dim(`[image: ${token.text as string}]`);
        break;
      case "br":
        out += "\n";
        break;
      case "checkbox":
        out += token.checked ? "[x] " : "[ ] ";
        break;
      case "text":
        out +=
          "tokens" in token && token.tokens
            ? renderInline(token.tokens)
            : unescape(token.text as string);
        break;
      default:
        out += unescape("text" in token ? String(token.text) : token.raw);
    }
  }
  return out;
}
