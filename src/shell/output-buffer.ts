/** What the model sees of a command's output. */
export interface BoundedText {
  /** The kept text: the head, a `[… N bytes cut …]` line when the middle was cut, the tail. */
  text: string;
  truncated: boolean;
  /** UTF-8 bytes of cleaned output the command produced, rewritten progress lines excepted. */
  totalBytes: number;
}

/** A line longer than this is committed in pieces: a rewrite (`\r`) then only affects the rest. */
const MAX_OPEN_LINE = 8192;
/** How far a cut may move to land on a line boundary. */
const LINE_SNAP = 2000;

/**
 * Bounded memory for streamed output: the first `headChars` characters and a ring of the last
 * `tailChars` are kept, whatever the command prints (10 MB or 10 GB cost the same). Applies the
 * `\r` and `\b` a `TerminalTextCleaner` leaves in: a line rewritten with `\r` keeps only its
 * last version.
 */
export class BoundedOutput {
  private head = "";
  private tail = "";
  private line = "";
  private rewrite = false;
  private cutBytes = 0;
  private total = 0;

  constructor(
    private readonly headChars = 10_000,
    private readonly tailChars = 20_000,
  ) {}

  /** Appends cleaned text (see `TerminalTextCleaner`). */
  push(text: string): void {
    let start = 0;
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (c !== 0x0a && c !== 0x0d && c !== 0x08) continue;
      this.addToLine(text.slice(start, i));
      start = i + 1;
      if (c === 0x0a) {
        this.commit(`${this.line}\n`);
        this.line = "";
        this.rewrite = false;
      } else if (c === 0x0d) {
        this.rewrite = true;
      } else if (this.line.length > 0) {
        this.line = this.line.slice(0, -1);
      }
    }
    this.addToLine(text.slice(start));
  }

  /** The last line with text so far (to tell a prompt such as `Continue? [y/N]`). */
  lastLine(): string {
    if (this.line.trim()) return this.line;
    const text = (this.tail || this.head).replace(/\s+$/, "");
    return text.slice(text.lastIndexOf("\n") + 1);
  }

  /** The kept text, trailing blank space removed; the buffer may not be used afterwards. */
  finish(): BoundedText {
    if (this.line) this.commit(this.line);
    this.line = "";
    let head = this.head;
    let tail = this.tail;
    if (tail.length > this.tailChars) {
      const drop = tail.length - this.tailChars;
      this.cutBytes += Buffer.byteLength(tail.slice(0, drop));
      tail = tail.slice(drop);
    }
    if (this.cutBytes > 0) {
      // Cut on line boundaries when one is near, so that no half line is shown.
      const lastNewline = head.lastIndexOf("\n");
      if (lastNewline >= 0 && head.length - lastNewline <= LINE_SNAP) {
        this.cutBytes += Buffer.byteLength(head.slice(lastNewline + 1));
        head = head.slice(0, lastNewline + 1);
      }
      const firstNewline = tail.indexOf("\n");
      if (firstNewline >= 0 && firstNewline < LINE_SNAP && firstNewline < tail.length - 1) {
        this.cutBytes += Buffer.byteLength(tail.slice(0, firstNewline + 1));
        tail = tail.slice(firstNewline + 1);
      }
      if (!head.endsWith("\n")) head += "\n";
      head += `[… ${this.cutBytes} bytes cut …]\n`;
    }
    return {
      text: (head + tail).replace(/\s+$/, ""),
      truncated: this.cutBytes > 0,
      totalBytes: this.total,
    };
  }

  private addToLine(piece: string): void {
    if (!piece) return;
    if (this.rewrite) {
      this.line = ""; // the cursor went back to the line's start: the new text replaces it
      this.rewrite = false;
    }
    this.line += piece;
    if (this.line.length > MAX_OPEN_LINE) {
      this.commit(this.line);
      this.line = "";
    }
  }

  private commit(text: string): void {
    this.total += Buffer.byteLength(text);
    let rest = text;
    if (this.head.length < this.headChars) {
      const room = this.headChars - this.head.length;
      this.head += rest.slice(0, room);
      rest = rest.slice(room);
    }
    if (!rest) return;
    this.tail += rest;
    if (this.tail.length > 2 * this.tailChars) {
      const drop = this.tail.length - this.tailChars;
      this.cutBytes += Buffer.byteLength(this.tail.slice(0, drop));
      this.tail = this.tail.slice(drop);
    }
  }
}
