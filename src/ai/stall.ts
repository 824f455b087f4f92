/**
 * Time limits on a provider request, used by `httpFetch` (`http-fetch.ts`):
 * - connect: from sending the request to the first byte of the response (its headers);
 * - idle: between pieces of real progress in the body. On an SSE body (`text/event-stream`),
 *   comment lines (`: keep-alive`), empty lines and Anthropic pings (`event: ping`,
 *   `data: {"type": "ping"}`) are not progress: a server that only keeps the connection warm
 *   is as stalled as a silent one. Any other body: every byte is progress.
 */

export interface RequestTimeouts {
  /** Request sent → response headers. Default 10 000. */
  connectMs: number;
  /** Between bytes of real progress in the body. Default 120 000. */
  idleMs: number;
}

export const DEFAULT_TIMEOUTS: RequestTimeouts = { connectMs: 10_000, idleMs: 120_000 };

/** "10 s", "1.5 s", "300 ms". */
export function formatDuration(ms: number): string {
  if (ms < 1000) return `${ms} ms`;
  return `${Number((ms / 1000).toFixed(1))} s`;
}

/**
 * A request abandoned by a time limit. Its message avoids the words "time out", which would
 * make the SDKs replace the error by their own wordless `APIConnectionTimeoutError`;
 * `classifyError` (`errors.ts`) finds it in the cause chain by its name.
 */
export class ModelStallError extends Error {
  override name = "ModelStallError";
  constructor(
    readonly phase: "connect" | "idle",
    readonly ms: number,
  ) {
    super(
      phase === "connect"
        ? `The model did not start answering within ${formatDuration(ms)}.`
        : `The model sent nothing for ${formatDuration(ms)}.`,
    );
  }
}

const LF = 0x0a;
const CR = 0x0d;
/** Enough of a line's start to tell a ping or a comment from content. */
const PREFIX = 48;
const PING = /^(?:event:\s*ping|data:\s*\{\s*"type"\s*:\s*"ping"\s*\})\s*$/;

/**
 * Tells whether the bytes of an SSE body carry progress, across chunk boundaries. A line counts
 * once its first {@link PREFIX} bytes (or the whole line, when shorter) show it is neither a
 * comment, nor empty, nor a ping; the rest of a counting line counts too, so a long event
 * arriving slowly is progress.
 */
export class SseProgress {
  /** The start of the current line while it is still undecided. */
  private head = "";
  /** What the current line was found to be; undefined while undecided. */
  private counts: boolean | undefined;

  /** Whether `chunk` holds any progress. */
  scan(bytes: Uint8Array): boolean {
    const chunk = Buffer.isBuffer(bytes)
      ? bytes
      : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    let progress = false;
    let start = 0;
    let lf = chunk.indexOf(LF);
    let cr = chunk.indexOf(CR);
    for (;;) {
      // The next line break (found natively), or the chunk's end.
      const i = lf === -1 ? (cr === -1 ? chunk.length : cr) : cr === -1 ? lf : Math.min(lf, cr);
      const end = i === chunk.length;
      // `start..i` is a piece of the current line; at `end` the line goes on in the next chunk.
      if (i > start) progress = this.piece(chunk, start, i, !end) || progress;
      else if (!end) progress = this.close() || progress;
      if (end) return progress;
      start = i + 1;
      if (progress) return this.rest(chunk, start);
      if (lf !== -1 && lf < start) lf = chunk.indexOf(LF, start);
      if (cr !== -1 && cr < start) cr = chunk.indexOf(CR, start);
    }
  }

  /**
   * The chunk already holds progress: only the state at its end matters, which the last line
   * break decides; the lines between are skipped. Returns true.
   */
  private rest(chunk: Buffer, start: number): true {
    const last = Math.max(chunk.lastIndexOf(LF), chunk.lastIndexOf(CR));
    if (last >= start) {
      this.head = "";
      this.counts = undefined;
      start = last + 1;
    }
    if (start < chunk.length) this.piece(chunk, start, chunk.length, false);
    return true;
  }

  private piece(chunk: Buffer, from: number, to: number, closes: boolean): boolean {
    if (this.counts === undefined) {
      const room = PREFIX - this.head.length;
      this.head += chunk.toString("latin1", from, Math.min(to, from + room));
      if (this.head.length >= PREFIX) this.counts = this.decide();
    }
    const counts = this.counts === true;
    if (closes) return this.close() || counts;
    return counts;
  }

  /** Ends the current line; whether its end decided it as progress. */
  private close(): boolean {
    const late = this.counts === undefined && this.head.length > 0 && this.decide();
    this.head = "";
    this.counts = undefined;
    return late;
  }

  private decide(): boolean {
    return !this.head.startsWith(":") && !PING.test(this.head);
  }
}
