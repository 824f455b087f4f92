import type { Readable, Writable } from "node:stream";
import { StringDecoder } from "node:string_decoder";
import { LineSplitter, MAX_LINE_BYTES, TOO_LONG } from "../line-splitter.js";

export { MAX_LINE_BYTES, TOO_LONG };

/** How the client frames its messages; North answers in the same framing. */
export type Framing = "lines" | "headers";

/** What {@link HeaderSplitter} gives for a header block it cannot read (no Content-Length). */
export const BAD_HEADER = Symbol("bad header");

/** A first line that starts with one of these is a header block (LSP's base protocol). */
const HEADER_START = /^\s*content-(length|type)\s*:/i;
/** Bytes looked at, at most, before deciding the framing without a complete first line. */
const DECIDE_WITHIN = 1024;
/** A header block longer than this is refused (a client cannot make North hold it). */
const MAX_HEADER_BYTES = 64 * 1024;

/**
 * `Content-Length` framing as in the Language Server Protocol's base protocol: header lines
 * (`Name: value`, CRLF; a bare LF is accepted), an empty line, then exactly Content-Length bytes
 * of UTF-8 JSON. A body over `max` bytes is given as {@link TOO_LONG} and skipped as it arrives; a
 * header block without a Content-Length as {@link BAD_HEADER} (the block is dropped).
 */
export class HeaderSplitter {
  private chunks: Buffer[] = [];
  private size = 0;
  /** The body length once its header block is read. */
  private need: number | undefined;
  /** Bytes still to drop of a body over the cap. */
  private skip = 0;

  constructor(private readonly max = MAX_LINE_BYTES) {}

  push(chunk: Buffer): (string | typeof TOO_LONG | typeof BAD_HEADER)[] {
    const out: (string | typeof TOO_LONG | typeof BAD_HEADER)[] = [];
    if (this.skip > 0) {
      const dropped = Math.min(this.skip, chunk.length);
      this.skip -= dropped;
      chunk = chunk.subarray(dropped);
    }
    if (chunk.length === 0) return out;
    this.chunks.push(chunk);
    this.size += chunk.length;
    for (;;) {
      if (this.need !== undefined) {
        if (this.size < this.need) return out;
        const all = this.take();
        out.push(all.subarray(0, this.need).toString("utf8"));
        this.keep(all.subarray(this.need));
        this.need = undefined;
        continue;
      }
      const all = this.take();
      const end = headerEnd(all);
      if (!end) {
        if (all.length > MAX_HEADER_BYTES) out.push(BAD_HEADER);
        else this.keep(all);
        return out;
      }
      const length = /^content-length[ \t]*:[ \t]*(\d+)[ \t]*\r?$/im.exec(
        all.subarray(0, end.at).toString("latin1"),
      );
      const rest = all.subarray(end.at + end.length);
      if (!length) {
        out.push(BAD_HEADER);
        this.keep(rest);
        continue;
      }
      const bytes = Number(length[1]);
      if (bytes > this.max) {
        out.push(TOO_LONG);
        const dropped = Math.min(bytes, rest.length);
        this.skip = bytes - dropped;
        this.keep(rest.subarray(dropped));
        if (this.skip > 0) return out;
        continue;
      }
      this.need = bytes;
      this.keep(rest);
    }
  }

  private take(): Buffer {
    const all = this.chunks.length === 1 ? this.chunks[0]! : Buffer.concat(this.chunks);
    this.chunks = [];
    this.size = 0;
    return all;
  }

  private keep(rest: Buffer): void {
    if (rest.length === 0) return;
    this.chunks = [rest];
    this.size = rest.length;
  }
}

/** Where the header block of `data` ends: the empty line (CRLF CRLF, or LF LF) after it. */
function headerEnd(data: Buffer): { at: number; length: number } | undefined {
  const crlf = data.indexOf("\r\n\r\n");
  const lf = data.indexOf("\n\n");
  if (crlf === -1 && lf === -1) return undefined;
  if (lf === -1 || (crlf !== -1 && crlf < lf)) return { at: crlf, length: 4 };
  return { at: lf, length: 2 };
}

/**
 * Messages over a pair of streams, in the framing the client chose: newline-delimited JSON, or
 * `Content-Length` headers when the first line of input is a header (`Content-Length:` or
 * `Content-Type:`). `onMessage` gets each message's text, `onEnd` is called once at the end of
 * input; `send` writes one message in the client's framing (lines until the client has said).
 * A message over {@link MAX_LINE_BYTES} is dropped and reported to `onTooLong`, a header block
 * without a length to `onBadHeader`.
 */
export function messageChannel(
  input: Readable,
  output: Writable,
  handlers: {
    onMessage(text: string): void;
    onEnd(): void;
    onTooLong(): void;
    onBadHeader(): void;
  },
) {
  let framing: Framing | undefined;
  let undecided = Buffer.alloc(0);
  const lines = new LineSplitter();
  const decoder = new StringDecoder("utf8");
  const headers = new HeaderSplitter();

  const deliver = (items: (string | typeof TOO_LONG | typeof BAD_HEADER)[]) => {
    for (const item of items) {
      if (item === TOO_LONG) handlers.onTooLong();
      else if (item === BAD_HEADER) handlers.onBadHeader();
      else if (item.trim()) handlers.onMessage(item);
    }
  };
  const feed = (chunk: Buffer) => {
    if (framing === "headers") deliver(headers.push(chunk));
    else deliver(lines.push(decoder.write(chunk)));
  };

  input.on("data", (chunk: Buffer | string) => {
    const bytes = typeof chunk === "string" ? Buffer.from(chunk) : chunk;
    if (framing) return feed(bytes);
    undecided = Buffer.concat([undecided, bytes]);
    const newline = undecided.indexOf("\n");
    if (newline === -1 && undecided.length < DECIDE_WITHIN) return;
    const first = undecided.subarray(0, newline === -1 ? undefined : newline).toString("latin1");
    framing = HEADER_START.test(first) ? "headers" : "lines";
    const held = undecided;
    undecided = Buffer.alloc(0);
    feed(held);
  });
  input.on("end", () => {
    if (!framing) {
      framing = "lines";
      feed(undecided);
    }
    if (framing === "lines") {
      const last = lines.push(decoder.end());
      deliver(last);
      const rest = lines.end();
      if (rest?.trim()) handlers.onMessage(rest);
    }
    handlers.onEnd();
  });
  input.on("error", () => handlers.onEnd());
  return {
    /** The framing the client uses, once its first line has arrived. */
    framing: () => framing,
    send(message: unknown): void {
      const text = JSON.stringify(message);
      if (framing === "headers") {
        output.write(`Content-Length: ${Buffer.byteLength(text)}\r\n\r\n${text}`);
      } else output.write(`${text}\n`);
    },
  };
}
