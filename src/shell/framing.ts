import { crypto } from "../platform/lazy-builtins.js";

/** What the shell reports once a command is over. */
export interface Frame {
  /** `$?` of the command: 128 + n when a signal ended it. */
  status: number;
  /** The shell's working directory afterwards (absolute). */
  cwd: string;
}

const RS = "\x1e";

/** A fresh per-command nonce: output can only end a command if it knows this. */
export function newNonce(): string {
  return crypto().randomBytes(8).toString("hex");
}

/**
 * The `printf` format the shell's prompt hook uses, with arguments nonce, status, cwd, nonce:
 * `RS NORTH:<nonce>:<status>:<cwd>:<nonce> RS`. The nonce closes it too, so a cwd holding any
 * character (even RS or a newline) is read whole.
 */
export const MARKER_PRINTF = "'\\036NORTH:%s:%s:%s:%s\\036'";

/**
 * What the shell's prompt hook prints (to stderr, so that a POSIX shell's `PS1='$(…)'` shows it
 * at once) before it reads the end marker's nonce from the terminal: `RS NORTH? RS`. It carries
 * nothing secret; North answers it only when the shell itself is the one waiting to read (see
 * `shellAwaitsLine`), so output that imitates it gets no nonce.
 */
export const REQUEST_PRINTF = "'\\036NORTH?\\036'";
const REQUEST = `${RS}NORTH?${RS}`;

/**
 * The `printf` format of the begin marker, printed just before the command runs, with the nonce
 * as argument: `RS NORTH> <nonce> RS`. What the terminal shows before it is not the command's:
 * an echo of the control line, or what the shell printed after the previous command's frame (a
 * second prompt after a late interrupt, job notices).
 */
export const BEGIN_PRINTF = "'\\036NORTH>%s\\036'";

/**
 * Reads one command's output from the shell's stream: with `begin`, everything up to the begin
 * marker is dropped; then text goes to `onText` as it arrives, and `push` returns the `Frame`
 * once the end marker with this command's nonce is complete. Anything looking like a marker with
 * another nonce is ordinary output. A possible marker start at the end of a chunk is held back
 * until the next chunk decides.
 */
export class FrameReader {
  private pending = "";
  private inMarker = false;
  private done = false;
  private begin: string | undefined;
  private readonly start: string;
  private readonly end: string;

  private readonly onRequest: (() => void) | undefined;
  /** What came after the end marker in the chunk that completed it. */
  rest = "";

  /**
   * `begin`: the id of the begin marker to wait for first (not secret, unlike `nonce`).
   * `onRequest`: told each time the hook's request for the nonce (`RS NORTH? RS`) goes by; it is
   * taken out of the text.
   */
  constructor(
    nonce: string,
    private readonly onText: (text: string) => void,
    options: { begin?: string; onRequest?: () => void } = {},
  ) {
    this.begin = options.begin !== undefined ? `${RS}NORTH>${options.begin}${RS}` : undefined;
    this.onRequest = options.onRequest;
    this.start = `${RS}NORTH:${nonce}:`;
    this.end = `:${nonce}${RS}`;
  }

  push(data: string): Frame | undefined {
    if (this.done) return undefined;
    this.pending += data;
    if (this.begin !== undefined) {
      const at = this.pending.indexOf(this.begin);
      if (at < 0) {
        this.pending = this.pending.slice(this.holdBack(this.begin));
        return undefined;
      }
      this.pending = this.pending.slice(at + this.begin.length);
      this.begin = undefined;
    }
    if (this.onRequest) {
      for (let at = this.pending.indexOf(REQUEST); at >= 0; at = this.pending.indexOf(REQUEST)) {
        this.pending = this.pending.slice(0, at) + this.pending.slice(at + REQUEST.length);
        this.onRequest();
      }
    }
    if (!this.inMarker) {
      const at = this.pending.indexOf(this.start);
      if (at < 0) {
        this.emit(this.holdBack(this.start));
        return undefined;
      }
      this.emit(at);
      this.pending = this.pending.slice(this.start.length);
      this.inMarker = true;
    }
    const close = this.pending.indexOf(this.end);
    if (close < 0) return undefined;
    const body = this.pending.slice(0, close);
    this.rest = this.pending.slice(close + this.end.length);
    this.pending = "";
    this.done = true;
    const colon = body.indexOf(":");
    const status = Number.parseInt(body.slice(0, colon), 10);
    const cwd = body.slice(colon + 1).replace(/\r\n/g, "\n");
    return { status: Number.isFinite(status) ? status : 1, cwd };
  }

  /** Text still held back (a partial marker that never completed), for when the stream ends. */
  flush(): void {
    if (!this.inMarker && this.begin === undefined) this.emit(this.pending.length);
    this.pending = "";
  }

  /**
   * Where the part of `pending` that could begin `tag` (or a request for the nonce) starts (its
   * length when none could).
   */
  private holdBack(tag: string): number {
    const rs = this.pending.lastIndexOf(RS);
    if (rs < 0) return this.pending.length;
    const tail = this.pending.slice(rs);
    const could = (t: string) => tail.length < t.length && t.startsWith(tail);
    return could(tag) || (this.onRequest !== undefined && could(REQUEST))
      ? rs
      : this.pending.length;
  }

  private emit(upTo: number): void {
    if (upTo <= 0) return;
    this.onText(this.pending.slice(0, upTo));
    this.pending = this.pending.slice(upTo);
  }
}
