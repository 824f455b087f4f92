import { formatSize } from "../../workspace/index.js";
import type { WebResponse } from "./web-request.js";

/** A fetched body as text for the model, and what it was. */
export interface Converted {
  /** `article` (readable part of a page), `page` (a whole page's body), `text`, `json`, `binary`. */
  kind: "article" | "page" | "text" | "json" | "binary";
  title?: string;
  text: string;
}

const TEXT_TYPES =
  /^(text\/(plain|markdown|x-markdown|csv|css|x-[\w.+-]+)|application\/(xml|x-yaml|yaml|toml|javascript|x-sh)|text\/xml)$/;
const HTML_TYPES = /^(text\/html|application\/xhtml\+xml)$/;
const JSON_TYPE = /^application\/([\w.+-]+\+)?json$/;
/** Elements that are never content: dropped before conversion. */
const NOT_CONTENT = [
  "script",
  "style",
  "noscript",
  "template",
  "iframe",
  "svg",
  "canvas",
  "nav",
  "footer",
  "aside",
  "button",
  "input",
  "select",
  "link",
  "meta",
];

/**
 * The body as text: HTML through `@mozilla/readability` (on `linkedom`) to its article, or its
 * whole body without scripts, styles, navigation and forms when no article is found, then to
 * Markdown with `turndown` (all three loaded on the first page); text, Markdown and XML as they
 * are; JSON pretty-printed; anything else (PDF, images, archives) described, never dumped.
 */
export async function convertBody(res: WebResponse): Promise<Converted> {
  const type = res.type || sniff(res.body);
  if (HTML_TYPES.test(type)) return htmlToMarkdown(decode(res));
  if (JSON_TYPE.test(type)) {
    const text = decode(res);
    try {
      return { kind: "json", text: JSON.stringify(JSON.parse(text), null, 2) };
    } catch {
      return { kind: "text", text };
    }
  }
  if (TEXT_TYPES.test(type) || (type.startsWith("text/") && !looksBinary(res.body))) {
    return { kind: "text", text: decode(res) };
  }
  const size = res.cut ? `more than ${formatSize(res.body.length)}` : formatSize(res.body.length);
  const what =
    type === "application/pdf" ? "a PDF document" : `binary content (${type || "unknown type"})`;
  return {
    kind: "binary",
    text: `The URL returned ${what}, ${size}; its content is not shown. web_fetch returns text, HTML, Markdown and JSON.`,
  };
}

/** A guess at the type of a body sent without one. */
function sniff(body: Buffer): string {
  const head = body.subarray(0, 512).toString("latin1").trimStart().toLowerCase();
  if (head.startsWith("%pdf-")) return "application/pdf";
  if (head.startsWith("<!doctype html") || head.startsWith("<html")) return "text/html";
  if (head.startsWith("{") || head.startsWith("[")) return "application/json";
  return looksBinary(body) ? "application/octet-stream" : "text/plain";
}

const looksBinary = (body: Buffer) => body.subarray(0, 8000).includes(0);

function decode(res: WebResponse): string {
  const label = res.charset ?? "utf-8";
  try {
    return new TextDecoder(label).decode(res.body);
  } catch {
    return new TextDecoder("utf-8").decode(res.body);
  }
}

async function htmlToMarkdown(html: string): Promise<Converted> {
  const [{ parseHTML }, { Readability }, { default: Turndown }] = await Promise.all([
    import("linkedom"),
    import("@mozilla/readability"),
    import("turndown"),
  ]);
  const turndown = new Turndown({
    headingStyle: "atx",
    codeBlockStyle: "fenced",
    bulletListMarker: "-",
  });
  turndown.remove(NOT_CONTENT as unknown as Parameters<typeof turndown.remove>[0]);
  const { document } = parseHTML(html);
  const title = document.querySelector("title")?.textContent?.trim() || undefined;
  let article: { title?: string | null; content?: string | null } | null = null;
  try {
    article = new Readability(document as unknown as Document, { keepClasses: false }).parse();
  } catch {
    article = null;
  }
  if (article?.content && article.content.trim()) {
    const { document: page } = parseHTML(
      `<!doctype html><html><body>${article.content}</body></html>`,
    );
    const text = tidy(turndown.turndown(page.body as unknown as HTMLElement));
    if (text) return { kind: "article", title: article.title?.trim() || title, text };
  }
  // No article: the whole body, without what is never content (Readability changed the first).
  const { document: whole } = parseHTML(html);
  for (const tag of NOT_CONTENT)
    for (const el of Array.from(whole.querySelectorAll(tag)) as { remove(): void }[]) el.remove();
  const body = whole.body as unknown as HTMLElement | null;
  const text = body ? tidy(turndown.turndown(body)) : "";
  return { kind: "page", ...(title ? { title } : {}), text };
}

/** Runs of blank lines as one; no trailing spaces. */
const tidy = (text: string) =>
  text
    .replace(/[ \t]+$/gm, "")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
