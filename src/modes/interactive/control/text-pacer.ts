/**
 * Paces streamed text onto the screen so that a key never waits long behind it. Text is
 * batched (`batchMs`: about 30 updates a second); a batch is shown a slice at a time, each slice
 * in a turn of the event loop of its own (`setImmediate`), so keys read from stdin between
 * slices are handled — and echoed — before the rest. A slice is sized so that showing it costs
 * about `turnMs` of CPU time: its cost is measured from its start to a microtask queued after
 * `show` returns, which runs after the ones `show` queued — React renders a store update in a
 * microtask, and Ink draws what settled into the scrollback in that render's commit — so it
 * holds the store's update, the render, the Markdown rendered for it and Ink's frame, but not
 * what the loop does between slices (reading the stream, keys). The size adapts to what the
 * last slices cost, so cheap prose goes through in large slices and code to highlight in small
 * ones.
 *
 * Order is kept: an action given to `after` runs once every text received before it has been
 * shown (at once when there is none, or when what waits fits in one slice).
 */
export interface PacerOptions {
  /** How long text is gathered before it is shown. */
  batchMs: number;
  /** The work one slice should cost, in milliseconds. */
  turnMs?: number;
  /**
   * The clock slices are timed with: the process's CPU time, so that a machine busy with other
   * work (which stretches wall time) does not shrink the slices to nothing.
   */
  now?: () => number;
}

const MIN_SLICE = 1024;
const cpuMs = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};
/**
 * At most this much text in one slice: the cost of text varies tenfold (prose that stays live vs
 * code that settles and is highlighted), so a size grown on cheap text must not meet a block of
 * code (a 1 MB answer's profile showed one 512 KB slice costing 600 ms).
 */
const MAX_SLICE = 16 * 1024;
/** The first slice of a batch, before any cost is known. */
const FIRST_SLICE = 4 * 1024;

export class TextPacer {
  /**
   * Text and actions, in the order received. Text is kept as it came (never joined into one
   * growing string: cutting a slice off a long concatenation flattens all of it each time, which
   * made a 1 MB answer quadratic); a slice joins only what it shows.
   */
  private readonly items: Array<string | (() => void)> = [];
  /** Characters of text in `items`. */
  private waiting = 0;
  private timer: NodeJS.Timeout | undefined;
  private immediate: NodeJS.Immediate | undefined;
  /** Characters of text a slice shows. */
  private slice = FIRST_SLICE;
  /** What the last slice cost (CPU clock), while the next one is due; and whether it was full. */
  private lastCost: number | undefined;
  private lastFull = false;
  private readonly turnMs: number;
  private readonly now: () => number;

  constructor(
    private readonly show: (text: string) => void,
    private readonly options: PacerOptions,
  ) {
    this.turnMs = options.turnMs ?? 12;
    this.now = options.now ?? cpuMs;
  }

  /** Text to show, after what is waiting. */
  text(text: string): void {
    if (!text) return;
    this.items.push(text);
    this.waiting += text.length;
    if (!this.timer && !this.immediate)
      this.timer = setTimeout(() => this.drain(), this.options.batchMs);
  }

  /** Runs `action` once the text received before it has been shown. */
  after(action: () => void): void {
    if (this.items.length > 0 && this.waiting <= this.slice && this.onlyText()) {
      // What waits is one slice: show it now, as a batch would.
      this.stop();
      this.lastCost = undefined;
      const text = (this.items.splice(0) as string[]).join("");
      this.waiting = 0;
      this.show(text);
    }
    if (this.items.length === 0) return action();
    this.items.push(action);
    if (!this.timer && !this.immediate) this.immediate = setImmediate(() => this.drain());
  }

  private onlyText(): boolean {
    return this.items.every((item) => typeof item === "string");
  }

  private stop(): void {
    if (this.timer) clearTimeout(this.timer);
    if (this.immediate) clearImmediate(this.immediate);
    this.timer = undefined;
    this.immediate = undefined;
  }

  /** One slice of text, and the actions up to the next text beyond it. */
  private drain(): void {
    this.stop();
    if (this.lastCost !== undefined) this.adapt(this.lastCost);
    this.lastCost = undefined;
    const started = this.now();
    let full = false;
    let shown = 0;
    while (this.items.length > 0) {
      if (typeof this.items[0] !== "string") {
        (this.items.shift() as () => void)();
        continue;
      }
      if (shown >= this.slice) break;
      // The text up to the next action, or as much as is past what the slice has left.
      const budget = this.slice - shown;
      const pieces: string[] = [];
      let length = 0;
      while (typeof this.items[0] === "string" && length < budget) {
        const piece = this.items.shift() as string;
        pieces.push(piece);
        length += piece.length;
      }
      let text = pieces.join("");
      const cut = cutAt(text, budget);
      if (cut < text.length) {
        this.items.unshift(text.slice(cut));
        text = text.slice(0, cut);
        full = true;
      } else if (typeof this.items[0] === "string") full = true;
      this.waiting -= text.length;
      shown += text.length;
      this.show(text);
      if (full) break;
    }
    if (this.items.length > 0) {
      this.lastFull = full;
      queueMicrotask(() => {
        this.lastCost = this.now() - started;
      });
      this.immediate = setImmediate(() => this.drain());
    }
  }

  /** Sizes the next slice from what the last one cost (grown only after a full one). */
  private adapt(elapsed: number): void {
    if (elapsed <= this.turnMs && !this.lastFull) return;
    const factor = Math.min(2, Math.max(0.25, this.turnMs / Math.max(elapsed, 0.5)));
    this.slice = Math.round(Math.min(MAX_SLICE, Math.max(MIN_SLICE, this.slice * factor)));
  }
}

/**
 * Where to cut `text` to show at most `budget` characters: after a line break in the second
 * half of the budget if there is one, never inside a surrogate pair.
 */
export function cutAt(text: string, budget: number): number {
  if (text.length <= budget) return text.length;
  const nl = text.lastIndexOf("\n", budget - 1);
  if (nl >= budget / 2) return nl + 1;
  const code = text.charCodeAt(budget - 1);
  return code >= 0xd800 && code <= 0xdbff ? budget - 1 : budget;
}
