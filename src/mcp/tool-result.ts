import type { ToolOutput } from "../agent/tool.js";
import { blockText, bound as boundText, type ContentBlock } from "./content-text.js";

/** The most of one MCP result the model reads, in characters (like `read_file`'s 100 KB). */
export const MAX_RESULT_CHARS = 100_000;

/** What renderers get about an MCP call (never sent to the model). */
export interface McpCallDetails {
  server: string;
  tool: string;
  /** Images and audio the result held, described in the text as `[image: mime, size]`. */
  media: number;
}

/**
 * The text the model reads for a `tools/call` result: text blocks as they are; images and audio
 * as a short note `[image: image/png, 12.0 KB]` (tool results carry text only in North's request
 * layer); resource links and embedded resources as references (an embedded text resource with
 * its text); `structuredContent` as JSON when there is no text. Bounded to `MAX_RESULT_CHARS`,
 * with `truncated` set and a note saying how much was cut.
 */
export function convertResult(
  result: { content?: unknown; structuredContent?: unknown },
  details: Omit<McpCallDetails, "media">,
): ToolOutput<McpCallDetails> & { media: number } {
  const blocks = Array.isArray(result.content) ? (result.content as ContentBlock[]) : [];
  const parts: string[] = [];
  let media = 0;
  for (const block of blocks) {
    const part = blockText(block);
    if (block.type === "image" || block.type === "audio") media++;
    if (part) parts.push(part);
  }
  const hasText = blocks.some((b) => b.type === "text" && typeof b.text === "string" && b.text);
  if (!hasText && result.structuredContent !== undefined) {
    parts.unshift(JSON.stringify(result.structuredContent, null, 2));
  }
  const text = parts.join("\n") || "(the tool returned no content)";
  const { content, truncated } = boundText(text, MAX_RESULT_CHARS);
  return { content, truncated, media, details: { ...details, media } };
}
