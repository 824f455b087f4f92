/** Characters that need the slow path: C0 controls other than tab and LF, DEL, and C1 controls. */
const SPECIAL = /[\x00-\x08\x0b-\x1f\x7f-\x9f]/;

/** Escape-sequence payloads longer than this are given up on, so a stray ESC ] cannot eat a log. */
const MAX_STRING_SEQUENCE = 4096;

type State = "text" | "esc" | "escInter" | "csi" | "string" | "stringEsc";

/**
 * Turns terminal output into plain text, chunk by chunk. ANSI escape sequences (CSI, OSC, DCS,
 * charset selections…) and control characters are dropped, CR LF becomes LF; a lone CR (a line
 * about to be rewritten, as progress bars do) and backspace are kept as `\r` and `\b` for the
 * consumer to apply. State carries across chunks: a sequence split between two chunks is still
 * removed. Not thread-safe, one instance per stream.
 */
export class TerminalTextCleaner {
  private state: State = "text";
  private stringLength = 0;
  private pendingCr = false;

  /** The plain text of `chunk`; may hold back a trailing CR until the next chunk shows what follows. */
  push(chunk: string): string {
    if (this.state === "text" && !this.pendingCr && !SPECIAL.test(chunk)) return chunk;
    const out: string[] = [];
    let runStart = -1;
    const endRun = (i: number) => {
      if (runStart >= 0) out.push(chunk.slice(runStart, i));
      runStart = -1;
    };
    for (let i = 0; i < chunk.length; i++) {
      const c = chunk.charCodeAt(i);
      if (this.state !== "text" && this.sequence(c)) continue;
      const special = c < 0x20 ? c !== 0x09 && c !== 0x0a : c >= 0x7f && c <= 0x9f;
      if (this.pendingCr && c !== 0x0d) {
        this.pendingCr = false;
        if (c !== 0x0a) out.push("\r");
      }
      if (!special) {
        if (runStart < 0) runStart = i;
        continue;
      }
      endRun(i);
      this.control(c, out);
    }
    endRun(chunk.length);
    return out.join("");
  }

  /** The end of the stream: a CR still held back is released. */
  flush(): string {
    const rest = this.pendingCr ? "\r" : "";
    this.pendingCr = false;
    this.state = "text";
    return rest;
  }

  private control(c: number, out: string[]): void {
    if (c === 0x0d) this.pendingCr = true;
    else if (c === 0x08) out.push("\b");
    else if (c === 0x1b) this.state = "esc";
    else if (c === 0x9b) this.state = "csi";
    else if (c === 0x9d || c === 0x90 || c === 0x98 || c === 0x9e || c === 0x9f) this.enterString();
    // Every other control character (BEL, NUL, shift-in/out, form feed…) is dropped.
  }

  private enterString(): void {
    this.state = "string";
    this.stringLength = 0;
  }

  /**
   * Feeds one character to the escape sequence in progress. Returns false when the character does
   * not belong to it (a control character such as LF cuts a broken sequence short): the caller
   * then treats it as text.
   */
  private sequence(c: number): boolean {
    if (c < 0x20 && this.state !== "string" && this.state !== "stringEsc") {
      if (c !== 0x1b) {
        this.state = "text";
        return false;
      }
      this.state = "esc"; // a new sequence starts inside a broken one
      return true;
    }
    switch (this.state) {
      case "esc":
        if (c === 0x5b)
          this.state = "csi"; // [
        else if (c === 0x5d || c === 0x50 || c === 0x58 || c === 0x5e || c === 0x5f) {
          this.enterString(); // ] P X ^ _: OSC, DCS, SOS, PM, APC
        } else if (c >= 0x20 && c <= 0x2f)
          this.state = "escInter"; // ( ) # % …: one more byte
        else this.state = "text"; // a two-byte sequence such as ESC = or ESC 7
        return true;
      case "escInter":
        if (c < 0x20 || c > 0x2f) this.state = "text";
        return true;
      case "csi":
        // Parameters and intermediates 0x20–0x3f; a final byte 0x40–0x7e ends it.
        if (c < 0x20 || c > 0x3f) this.state = "text";
        return true;
      case "string":
      case "stringEsc":
        this.stringLength++;
        if (c === 0x07 || c === 0x9c || (this.state === "stringEsc" && c === 0x5c)) {
          this.state = "text";
        } else if (c === 0x0a || this.stringLength > MAX_STRING_SEQUENCE) {
          this.state = "text"; // not a real payload: give up rather than swallow output
          return false;
        } else {
          this.state = c === 0x1b ? "stringEsc" : "string";
        }
        return true;
      default:
        return false;
    }
  }
}

/** `text` cleaned in one go (see `TerminalTextCleaner`), lone CRs kept. */
export function cleanTerminalText(text: string): string {
  const cleaner = new TerminalTextCleaner();
  return cleaner.push(text) + cleaner.flush();
}

/** C0 controls other than tab and LF, DEL, C1 controls: what `cleanDisplayText` rewrites. */
const DISPLAY_SPECIAL = /[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]/;
const DISPLAY_SPECIAL_ALL = /[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]/g;

/**
 * Text from outside North (the model, a tool's result, an MCP server, a saved session) made safe
 * to show in a terminal: every control character except LF and tab is replaced by a visible
 * stand-in — ESC by `␛`, the other C0 controls by their Control Pictures (`␇`, `␈`…), DEL by `␡`,
 * a C1 control by `�`, a bidirectional override or isolate by its code point (`<U+202E>`, so
 * no text under review is shown reordered) — and CR is dropped (CR LF reads as LF), so no escape sequence (title,
 * clipboard, hyperlink, cursor movement, erase) and no raw control character can reach the
 * terminal, and a sequence the model wrote is seen as text rather than hidden: what it would
 * have done stays visible, and an OSC payload cannot hide part of a command under review.
 * Idempotent, and returns `text` itself when there is nothing to replace. Program output
 * streamed from a command goes through {@link TerminalTextCleaner} instead (its colours and
 * progress-bar rewrites are interpreted away, not shown); its result passes here unchanged.
 */
export function cleanDisplayText(text: string): string {
  if (!DISPLAY_SPECIAL.test(text)) return text;
  return text.replace(DISPLAY_SPECIAL_ALL, (c) => {
    const code = c.charCodeAt(0);
    if (code === 0x0d) return "";
    if (code < 0x20) return String.fromCharCode(0x2400 + code);
    if (code >= 0x202a) return `<U+${code.toString(16).toUpperCase()}>`;
    return code === 0x7f ? "\u2421" : "\ufffd";
  });
}
