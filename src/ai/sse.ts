/**
 * Server-sent events (the WHATWG `text/event-stream` format), read from a response body in the
 * batches the network delivers. The SDKs' own readers hand out one event per `await`; a long
 * answer is tens of thousands of small deltas, and that per-event cost (several async layers
 * deep) was most of what North spent on a fast stream. Here one body chunk is parsed at once and
 * adjacent deltas of the same block are joined before anything awaits.
 */

export interface SseMessage {
  /** The `event:` field; null when the message had none. */
  event: string | null;
  /** The `data:` lines joined with "\n". */
  data: string;
}

/** An incremental parser: feed it text as it arrives, take the complete messages. */
export class SseParser {
  private rest = "";
  private data: string[] = [];
  private event: string | null = null;
  /** The previous piece ended in "\r": a "\n" that starts the next one belongs to it. */
  private pendingCr = false;

  /** Parses `text` (which may end mid-line) and appends every message it completes to `out`. */
  push(text: string, out: SseMessage[]): void {
    if (this.pendingCr && text.startsWith("\n")) text = text.slice(1);
    this.pendingCr = text.endsWith("\r");
    const lines = (this.rest + text).split(/\r\n|\r|\n/);
    this.rest = lines.pop() ?? "";
    for (const line of lines) this.line(line, out);
  }

  /** The stream ended: a message not closed by a blank line is dropped, as the format says. */
  end(): void {
    this.rest = "";
    this.data = [];
    this.event = null;
  }

  private line(line: string, out: SseMessage[]): void {
    if (line === "") {
      if (this.data.length > 0 || this.event !== null) {
        out.push({ event: this.event, data: this.data.join("\n") });
      }
      this.data = [];
      this.event = null;
      return;
    }
    if (line.startsWith(":")) return; // a comment (keep-alive)
    const colon = line.indexOf(":");
    const field = colon < 0 ? line : line.slice(0, colon);
    let value = colon < 0 ? "" : line.slice(colon + 1);
    if (value.startsWith(" ")) value = value.slice(1);
    if (field === "data") this.data.push(value);
    else if (field === "event") this.event = value;
    // `id` and `retry` concern reconnection, which a model stream never does.
  }
}

/**
 * The messages of a body, one array per chunk that completed at least one. Never yields an
 * empty array. Rejects as the body does (a dropped connection, an abort).
 */
export async function* sseBatches(
  body: ReadableStream<Uint8Array> | AsyncIterable<Uint8Array>,
): AsyncGenerator<SseMessage[]> {
  const parser = new SseParser();
  const decoder = new TextDecoder();
  for await (const chunk of chunksOf(body)) {
    const out: SseMessage[] = [];
    parser.push(decoder.decode(chunk, { stream: true }), out);
    if (out.length > 0) yield out;
  }
  const out: SseMessage[] = [];
  parser.push(decoder.decode(), out);
  parser.end();
  if (out.length > 0) yield out;
}

/**
 * The chunks of a body. A web stream is read with its reader, which is cancelled if the reading
 * stops early and never released after the end: Node's release builds an error object in a new
 * V8 context, milliseconds that every answer would pay for nothing.
 */
async function* chunksOf(
  body: ReadableStream<Uint8Array> | AsyncIterable<Uint8Array>,
): AsyncGenerator<Uint8Array> {
  if (!("getReader" in body)) {
    yield* body;
    return;
  }
  const reader = body.getReader();
  let done = false;
  try {
    for (;;) {
      const next = await reader.read();
      if (next.done) break;
      yield next.value;
    }
    done = true;
  } finally {
    if (!done) void reader.cancel().catch(() => {});
  }
}

/**
 * Joins adjacent events that only extend the same text (as `join` decides) into one, keeping
 * every other event and the order. `join(a, b)` returns the merged event, or undefined when
 * `b` cannot be added to `a`.
 */
export function coalesce<T>(events: T[], join: (a: T, b: T) => T | undefined): T[] {
  const out: T[] = [];
  for (const event of events) {
    const last = out[out.length - 1];
    const merged = last === undefined ? undefined : join(last, event);
    if (merged === undefined) out.push(event);
    else out[out.length - 1] = merged;
  }
  return out;
}
