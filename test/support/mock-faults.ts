/**
 * Faults of a broken or hostile model server, as the mock model server plays them (script
 * entries built with {@link fault} and {@link redirect} in `mock-script.ts`):
 * - `hang_before_headers`: the request is read, no answer ever comes;
 * - `hang_after_headers`: `200` with SSE headers, then nothing;
 * - `keepalive_forever`: `200`, then only SSE comment lines (`: keep-alive`) every `intervalMs`;
 * - `ping_forever`: Anthropic `message_start`, then only `event: ping` / `data: {"type": "ping"}`
 *   every `intervalMs`, as the real API sends them; the OpenAI protocols have no ping and get the
 *   first event of their stream then comment lines;
 * - `malformed_sse`: the first event of the stream, then an event whose `data` is cut-off JSON,
 *   then the end of the response (the SDKs print "Could not parse message into JSON" and throw);
 * - a redirect: the status (307 by default) with a `location`, e.g. another server's URL.
 * Every fault stops when the client goes away. Imports only node built-ins and siblings.
 */
import type { ServerResponse } from "node:http";
import type { FaultSpec, RedirectSpec, ReplySpec } from "./mock-script.js";
import { type EncodeContext, type ProtocolEncoder, formatSse } from "./mock-wire.js";

const SSE_HEADERS = {
  "content-type": "text/event-stream; charset=utf-8",
  "cache-control": "no-cache",
  connection: "keep-alive",
};

const PING = formatSse({ event: "ping", data: '{"type": "ping"}' });
const KEEP_ALIVE = ": keep-alive\n\n";

/** The cut-off event each protocol's stream breaks on. */
const MALFORMED: Record<ProtocolEncoder["protocol"], string> = {
  "anthropic-messages":
    'event: content_block_delta\ndata: {"type": "content_block_delta", "index": 0, "delta": {"type": "text_delta", "text": "Hel\n\n',
  "openai-responses":
    'event: response.output_text.delta\ndata: {"type":"response.output_text.delta","sequence_number":3,"delta":"Hel\n\n',
  "openai-chat":
    'data: {"id":"chatcmpl-mock","object":"chat.completion.chunk","choices":[{"index":0,"delta":{"content":"Hel\n\n',
};

/** Plays `spec` on `res`; `opener` gives the stream's first event (hangs never end). */
export function sendFault(
  res: ServerResponse,
  encoder: ProtocolEncoder,
  spec: FaultSpec,
  opener: ReplySpec,
  ctx: EncodeContext,
): void {
  if (spec.fault === "hang_before_headers") return;
  res.writeHead(200, { ...SSE_HEADERS, ...encoder.headers(ctx.ids) });
  res.flushHeaders();
  if (spec.fault === "hang_after_headers") return;
  const opening = encoder.stream(opener, ctx).events[0];
  if (spec.fault === "malformed_sse") {
    if (opening) res.write(formatSse(opening));
    res.end(MALFORMED[encoder.protocol]);
    return;
  }
  let beat = KEEP_ALIVE;
  if (spec.fault === "ping_forever") {
    if (opening) res.write(formatSse(opening));
    if (encoder.protocol === "anthropic-messages") beat = PING;
  }
  const timer = setInterval(() => res.write(beat), spec.intervalMs);
  res.write(beat);
  res.on("close", () => clearInterval(timer));
}

/** Answers with a redirect and an empty body. */
export function sendRedirect(res: ServerResponse, spec: RedirectSpec): void {
  res.writeHead(spec.status, { location: spec.location, "content-length": "0" });
  res.end();
}
