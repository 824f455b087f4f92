import { open } from "node:fs/promises";
import { NONBLOCKING_READ } from "../../workspace/index.js";

/** What `readLines` returns: the lines asked for, as far as the bounds allowed. */
export interface LineWindow {
  /** The lines shown, without terminators; starts at `start` (1-based). */
  lines: string[];
  /** Lines in the whole file (a final line without newline counts; an empty file has 0). */
  totalLines: number;
  /** The window stopped at `maxLines` or `maxBytes` before `end`. */
  cut: boolean;
}

export interface LineRange {
  /** 1-based first line. */
  start: number;
  /** 1-based last line, inclusive; clamped to the file. */
  end: number;
  maxLines: number;
  /** Bytes of the lines kept (terminators not counted). */
  maxBytes: number;
  /** A longer line is cut to this many bytes and marked with how long it was. */
  maxLineBytes: number;
  signal: AbortSignal;
}

/**
 * Reads a file once, counting all its lines and keeping lines `start..end` within the bounds
 * (memory stays bounded by `maxBytes` plus one chunk, whatever the file size). A trailing `\r`
 * is dropped from each line.
 * `source` is the file's path, or its content already read (an editor's buffer).
 * @throws the fs error, or the signal's reason when aborted.
 */
export async function readLines(source: string | Buffer, range: LineRange): Promise<LineWindow> {
  const lines: string[] = [];
  let bytes = 0;
  let cut = false;
  let lineNumber = 1; // the line the next byte belongs to
  let partial: Buffer[] = []; // pieces of the current line, when it is kept
  let lineBytes = 0; // length of the current line
  let sawBytes = false;
  let endedWithNewline = false;

  const wanted = (n: number) => !cut && n >= range.start && n <= range.end;
  const keep = (piece: Buffer) => {
    if (wanted(lineNumber) && lineBytes < range.maxLineBytes) {
      partial.push(piece.subarray(0, range.maxLineBytes - lineBytes));
    }
    lineBytes += piece.length;
  };
  const closeLine = () => {
    if (wanted(lineNumber)) {
      let text = stripCr(Buffer.concat(partial).toString("utf8"));
      if (lineBytes > range.maxLineBytes) {
        text += ` … [line cut: ${lineBytes} bytes long]`;
      }
      const size = Buffer.byteLength(text);
      if (lines.length >= range.maxLines || (bytes + size > range.maxBytes && lines.length > 0)) {
        cut = true;
      } else {
        lines.push(text);
        bytes += size;
      }
    }
    partial = [];
    lineBytes = 0;
    lineNumber++;
  };

  const handle = typeof source === "string" ? await open(source, NONBLOCKING_READ) : undefined;
  // One buffer for the whole file; a line that goes on into the next read is copied out first.
  const buffer = handle ? Buffer.allocUnsafe(CHUNK_BYTES) : Buffer.alloc(0);
  let given = typeof source === "string" ? undefined : source;
  try {
    for (;;) {
      range.signal.throwIfAborted();
      let chunk: Buffer;
      if (handle) {
        const { bytesRead } = await handle.read(buffer, 0, CHUNK_BYTES);
        if (bytesRead === 0) break;
        chunk = buffer.subarray(0, bytesRead);
      } else {
        if (!given || given.length === 0) break;
        chunk = given;
        given = undefined;
      }
      sawBytes = true;
      let from = 0;
      for (let nl = chunk.indexOf(10, from); nl !== -1; nl = chunk.indexOf(10, from)) {
        keep(chunk.subarray(from, nl));
        closeLine();
        from = nl + 1;
      }
      if (from < chunk.length) keep(chunk.subarray(from));
      endedWithNewline = from === chunk.length;
      if (partial.length > 0) partial = [Buffer.concat(partial)];
    }
  } finally {
    await handle?.close();
  }
  if (sawBytes && !endedWithNewline) closeLine();
  return { lines, totalLines: lineNumber - 1, cut };
}

/** Bytes read at a time. */
const CHUNK_BYTES = 256 * 1024;

function stripCr(text: string): string {
  return text.endsWith("\r") ? text.slice(0, -1) : text;
}
