/** A line longer than this is refused (and skipped), so a client cannot make North hold GBs. */
export const MAX_LINE_BYTES = 16 * 1024 * 1024;

/** What {@link LineSplitter} gives for a line over the cap, in that line's place. */
export const TOO_LONG = Symbol("line too long");

/**
 * Splits text arriving in chunks into lines (without `\n`, a trailing `\r` trimmed). A line over
 * `max` bytes is given as {@link TOO_LONG} as soon as it passes the cap, and the rest of it is
 * dropped as it arrives: the splitter never holds more than `max` bytes (plus one chunk).
 */
export class LineSplitter {
  private buffered = "";
  private bytes = 0;
  private skipping = false;

  constructor(private readonly max = MAX_LINE_BYTES) {}

  /** The lines `chunk` completes, in order. */
  push(chunk: string): (string | typeof TOO_LONG)[] {
    const out: (string | typeof TOO_LONG)[] = [];
    let start = 0;
    for (let at = chunk.indexOf("\n"); at !== -1; at = chunk.indexOf("\n", start)) {
      const piece = chunk.slice(start, at);
      start = at + 1;
      if (this.skipping) this.skipping = false;
      else if (this.bytes + Buffer.byteLength(piece) > this.max) out.push(TOO_LONG);
      else out.push((this.buffered + piece).replace(/\r$/, ""));
      this.buffered = "";
      this.bytes = 0;
    }
    if (this.skipping || start === chunk.length) return out;
    const rest = chunk.slice(start);
    this.bytes += Buffer.byteLength(rest);
    if (this.bytes > this.max) {
      this.buffered = "";
      this.bytes = 0;
      this.skipping = true;
      out.push(TOO_LONG);
    } else this.buffered += rest;
    return out;
  }

  /** The last line, when the input ended without a newline after it. */
  end(): string | undefined {
    const last = this.skipping ? "" : this.buffered.replace(/\r$/, "");
    this.buffered = "";
    this.bytes = 0;
    this.skipping = false;
    return last || undefined;
  }
}
