import type { ToolImage, ToolOutput } from "../agent/tool.js";
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
  const images: ToolImage[] = [];
  let media = 0;
  for (const block of blocks) {
    const part = blockText(block);
    if (block.type === "image" || block.type === "audio") media++;
    const image = imageOf(block);
    if (image && images.length < MAX_IMAGES) images.push(image);
    if (part) parts.push(part);
  }
  const hasText = blocks.some((b) => b.type === "text" && typeof b.text === "string" && b.text);
  if (!hasText && result.structuredContent !== undefined) {
    parts.unshift(JSON.stringify(result.structuredContent, null, 2));
  }
  const text = parts.join("\n") || "(the tool returned no content)";
  const { content, truncated } = boundText(text, MAX_RESULT_CHARS);
  return {
    content,
    truncated,
    media,
    ...(images.length > 0 ? { images } : {}),
    details: { ...details, media },
  };
}

/** Images sent with one result at most, and the largest one sent (base64 characters, ~3.75 MB). */
const MAX_IMAGES = 4;
const MAX_IMAGE_BASE64 = 5_000_000;
const IMAGE_TYPES = new Set(["image/png", "image/jpeg", "image/gif", "image/webp"]);

/** An image block the models take (PNG, JPEG, GIF, WebP, not too large), as a `ToolImage`. */
function imageOf(block: ContentBlock): ToolImage | undefined {
  if (block.type !== "image") return undefined;
  const { mimeType, data } = block as { mimeType?: unknown; data?: unknown };
  if (typeof mimeType !== "string" || !IMAGE_TYPES.has(mimeType)) return undefined;
  if (typeof data !== "string" || data.length === 0 || data.length > MAX_IMAGE_BASE64) {
    return undefined;
  }
  return { mediaType: mimeType, data };
}
