// A second floor for the one-step benchmark: the least a client on the official SDK does. The
// SDK's Messages client (as North builds it) over North's `node:http` fetch, with North's stand-ins
// that keep undici unloaded, sends the request body North sent and prints the streamed text. What
// North spends beyond this is North's own (config, session file, project card, prompt, tools).
import { readFileSync } from "node:fs";
import { createMessagesClient } from "../src/ai/anthropic-client.js";
import { httpFetch } from "../src/ai/http-fetch.js";
import { deferFormData, installLightHeaders } from "../src/ai/light-web.js";

interface Event {
  type: string;
  delta?: { type: string; text?: string };
}

/** `SDK_FETCH=node`: the same client on Node's own fetch (undici), for bench/transport.mjs. */
const nodeFetch = process.env.SDK_FETCH === "node";

async function main(): Promise<void> {
  if (!nodeFetch) {
    installLightHeaders();
    deferFormData();
  }
  const body = JSON.parse(readFileSync(process.argv[2]!, "utf8")) as Record<string, unknown>;
  const client = createMessagesClient({
    apiKey: process.env.ANTHROPIC_API_KEY!,
    baseURL: process.env.ANTHROPIC_BASE_URL!,
    fetch: nodeFetch ? fetch : httpFetch,
    maxRetries: 0,
  });
  const response = await client.messages.create({ ...body, stream: true } as never).asResponse();
  // The SSE stream read as it comes, as bench/bare-http.cjs reads it.
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  let text = "";
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    buffer += decoder.decode(value, { stream: true });
    let end;
    while ((end = buffer.indexOf("\n\n")) >= 0) {
      const frame = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const data = frame.split("\n").find((l) => l.startsWith("data: "));
      if (!data) continue;
      const event = JSON.parse(data.slice(6)) as Event;
      if (event.type === "content_block_delta" && event.delta?.type === "text_delta") {
        text += event.delta.text ?? "";
      }
    }
  }
  process.stdout.write(`${text}\n`);
}

void main();
