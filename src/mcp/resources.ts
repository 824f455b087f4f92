import type { Client } from "@modelcontextprotocol/client";
import { base64Size } from "./content-text.js";

/** A resource is read up to this many characters (fitting into the context cuts further). */
export const MAX_RESOURCE_CHARS = 2 * 1024 * 1024;

/** An `@<server>:<uri>` mention in a message. */
export interface ResourceMention {
  server: string;
  uri: string;
}

const MENTION = /(?:^|\s)@([A-Za-z0-9_.-]+):(\S+)/g;

/**
 * The `@<server>:<uri>` words of `text` whose server is one of `servers` (so `@src/a:b` and
 * e-mail-like words stay text). Trailing punctuation is not part of the URI. Unique, in order.
 */
export function resourceMentions(text: string, servers: readonly string[]): ResourceMention[] {
  const found = new Map<string, ResourceMention>();
  for (const match of text.matchAll(MENTION)) {
    const server = match[1]!;
    const uri = match[2]!.replace(/[.,;!?)'"]+$/, "");
    if (!servers.includes(server) || !uri) continue;
    found.set(`${server}:${uri}`, { server, uri });
  }
  return [...found.values()];
}

/**
 * Reads one resource (`resources/read`): its text contents joined, binary parts as a note
 * (`[binary: image/png, 12.0 KB]`), at most `MAX_RESOURCE_CHARS` (`truncated` says it was cut).
 * Throws the SDK's error (unknown resource, timeout, closed connection).
 */
export async function readMcpResource(
  source: { connect(): Promise<Client>; timeoutMs: number },
  uri: string,
  signal?: AbortSignal,
): Promise<{ text: string; truncated: boolean }> {
  const client = await source.connect();
  const result = await client.readResource(
    { uri },
    { timeout: source.timeoutMs, ...(signal ? { signal } : {}) },
  );
  const parts = result.contents.map((c) =>
    "text" in c && typeof c.text === "string"
      ? c.text
      : `[binary: ${c.mimeType ?? "unknown type"}, ${base64Size((c as { blob?: unknown }).blob)}]`,
  );
  const text = parts.join("\n");
  return text.length > MAX_RESOURCE_CHARS
    ? { text: text.slice(0, MAX_RESOURCE_CHARS), truncated: true }
    : { text, truncated: false };
}
