import { formatSize } from "../workspace/index.js";

/** One content block of an MCP message or result, loosely: servers send what they send. */
export type ContentBlock = { type: string } & Record<string, unknown>;

/**
 * A content block as text for the model: text as is; images and audio as a short note
 * (`[image: image/png, 12.0 KB]` — North's tool results and prompts carry text only); resource
 * links as references; embedded resources with their text (binary ones as a note).
 */
export function blockText(block: ContentBlock): string | undefined {
  switch (block.type) {
    case "text":
      return typeof block.text === "string" ? block.text : undefined;
    case "image":
    case "audio":
      return `[${block.type}: ${str(block.mimeType) ?? "unknown type"}, ${base64Size(block.data)}]`;
    case "resource_link": {
      const name = str(block.name) ?? str(block.title);
      const mime = str(block.mimeType) ? ` (${str(block.mimeType)})` : "";
      const about = str(block.description) ? ` — ${str(block.description)}` : "";
      return `[resource: ${name ? `${name} ` : ""}${str(block.uri) ?? "?"}${mime}${about}]`;
    }
    case "resource": {
      const resource = (block.resource ?? {}) as Record<string, unknown>;
      const uri = str(resource.uri) ?? "?";
      if (typeof resource.text === "string") return `[resource ${uri}]\n${resource.text}`;
      const mime = str(resource.mimeType) ?? "binary";
      return `[resource ${uri}: ${mime}, ${base64Size(resource.blob)}]`;
    }
    default:
      return `[${block.type} content not shown]`;
  }
}

/** `text` cut to `max` characters, with a note of what was cut. */
export function bound(text: string, max: number): { content: string; truncated: boolean } {
  if (text.length <= max) return { content: text, truncated: false };
  const note = `\n[… cut: the result had ${text.length} characters; only the first ${max} are shown. Ask the tool for less, if it can page or filter.]`;
  return { content: text.slice(0, max) + note, truncated: true };
}

function str(value: unknown): string | undefined {
  return typeof value === "string" && value ? value : undefined;
}

/** The decoded size of base64 `data`, as `812 B` or `12.0 KB`. */
export function base64Size(data: unknown): string {
  if (typeof data !== "string") return "size unknown";
  const padding = data.endsWith("==") ? 2 : data.endsWith("=") ? 1 : 0;
  const bytes = Math.max(0, Math.floor((data.length * 3) / 4) - padding);
  return formatSize(bytes);
}
