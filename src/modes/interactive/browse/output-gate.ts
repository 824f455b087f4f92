import stringWidth from "string-width";

/**
 * The stream Ink writes to, in front of the real stdout. While browse mode shows the alternate
 * screen, Ink's writes (the transcript's new lines, its live frame: "erase the last N lines,
 * draw the frame") are held, in order, and written once the normal screen is back: the
 * terminal then receives exactly what it would have received, so native scrollback and Ink's
 * idea of its frame's height stay in step. Each string written first goes through `transform`
 * (the scrollback's markers become answer text, in the same write: scrollback.ts).
 *
 * Ink erases its last frame by the number of lines it wrote ("erase N lines" at the head of a
 * write). After the terminal narrowed, the terminal has re-wrapped those lines into more rows,
 * so that count would leave the frame's top rows behind in the scrollback (issue 31: a code
 * block's header left twice). The gate keeps the tail of what it wrote and replaces the count
 * with the rows those last N lines take at the current width (`frameRows`). Where no line is
 * wider than the terminal the two are the same, so only a narrowed, reflowing terminal sees a
 * change.
 */
export interface OutputGate {
  /** The stream to give Ink (every property but `write` is the real stdout's). */
  readonly stream: NodeJS.WriteStream;
  /** From now on, writes are held. */
  hold(): void;
  /** Writes what was held, in order, and lets writes through again. */
  release(): void;
}

type Callback = (error?: Error | null) => void;

/** Ink's `eraseLines(N)`: N × "erase line", "cursor up" between them, then "column 1". */
const ERASE = /^((?:\x1b\[2K\x1b\[1A)*)\x1b\[2K\x1b\[G/;
const ERASE_STEP = "\x1b[2K\x1b[1A".length;
// Colours and other CSI sequences, OSC sequences (links, titles), and other two-byte escapes.
const ESCAPES = /\x1b\[[0-?]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)|\x1b[@-_]/g;
/** Lines of the tail kept: more than any frame Ink erases line by line (it clears the screen for taller ones). */
const TAIL_LINES = 500;

function eraseLines(count: number): string {
  return count > 0 ? `${"\x1b[2K\x1b[1A".repeat(count - 1)}\x1b[2K\x1b[G` : "";
}

/**
 * The terminal rows the last `count` lines of `tail` take at `columns` in a terminal that
 * reflows on resize (the last line is the cursor's, usually empty): each line at least one
 * row, a line wider than the terminal as many as it wraps into.
 */
export function frameRows(tail: readonly string[], count: number, columns: number): number {
  let rows = 0;
  for (const line of tail.slice(-count)) {
    // No character is wider than two columns: a short line needs no measuring (every frame
    // passes here while an answer streams).
    if (line.length * 2 <= columns) {
      rows += 1;
      continue;
    }
    const width = stringWidth(line.replace(ESCAPES, ""));
    rows += Math.max(1, Math.ceil(width / Math.max(1, columns)));
  }
  return rows + Math.max(0, count - tail.length);
}

/** The TTY handle's own size query (libuv's uv_tty_get_winsize: an ioctl). */
interface TtyHandle {
  getWindowSize?(size: number[]): number;
}

/**
 * The terminal's width now, asked of the terminal itself. `columns` (and `getWindowSize()`,
 * which returns it) change only once Node handles SIGWINCH on the event loop; a frame drawn
 * between the terminal's reflow and that moment — a spinner's tick, a slice of streamed text —
 * would be erased by the old width's count and leave rows behind. Node has no public call that
 * asks the terminal, so this uses the handle's (what Node itself refreshes `columns` with), and
 * falls back to `columns` where it is missing. One ioctl per frame.
 */
function liveColumns(target: NodeJS.WriteStream): number {
  const handle = (target as unknown as { _handle?: TtyHandle })._handle;
  if (target.isTTY && typeof handle?.getWindowSize === "function") {
    const size: number[] = [];
    try {
      if (handle.getWindowSize(size) === 0 && size[0]! > 0) return size[0]!;
    } catch {
      // Closed: the last width known.
    }
  }
  return target.columns || 80;
}

export function createOutputGate(
  target: NodeJS.WriteStream,
  transform: (text: string) => string = (text) => text,
): OutputGate {
  let held: string[] | undefined;
  // The lines written since Ink's last erase, as the terminal got them (the last one unfinished).
  let tail: string[] = [""];
  const track = (text: string): string => {
    const erase = ERASE.exec(text);
    let out = text;
    if (erase) {
      const count = erase[1]!.length / ERASE_STEP + 1;
      const columns = liveColumns(target);
      const rows = frameRows(tail, count, columns);
      out = rows === count ? text : eraseLines(rows) + text.slice(erase[0].length);
      tail = [""];
      text = text.slice(erase[0].length);
    }
    const lines = text.split("\n");
    tail[tail.length - 1] += lines[0]!;
    tail.push(...lines.slice(1));
    if (tail.length > TAIL_LINES) tail = tail.slice(-TAIL_LINES);
    return out;
  };
  const write = (given: unknown, encoding?: unknown, callback?: unknown): boolean => {
    const chunk = typeof given === "string" ? track(transform(given)) : given;
    if (!held)
      return target.write(chunk as string, encoding as BufferEncoding, callback as Callback);
    held.push(typeof chunk === "string" ? chunk : Buffer.from(chunk as Uint8Array).toString());
    const done = (typeof encoding === "function" ? encoding : callback) as Callback | undefined;
    if (done) process.nextTick(done);
    return true;
  };
  const stream = new Proxy(target, {
    get(obj, prop) {
      if (prop === "write") return write;
      const value: unknown = Reflect.get(obj, prop, obj);
      return typeof value === "function"
        ? (value as (...a: unknown[]) => unknown).bind(obj)
        : value;
    },
  });
  return {
    stream,
    hold() {
      held ??= [];
    },
    release() {
      const chunks = held;
      held = undefined;
      if (chunks && chunks.length > 0) target.write(chunks.join(""));
    },
  };
}
