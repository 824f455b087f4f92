/**
 * Paces streamed text onto the screen so that a key never waits long behind it. Text is
 * batched (`batchMs`: about 30 updates a second); a batch is shown a slice at a time, each slice
 * in a turn of the event loop of its own (`setImmediate`), so keys read from stdin between
 * slices are handled — and echoed — before the rest. A slice is sized so that showing it (the
 * store's update, React's render, the Markdown rendered for it and Ink's frame, all synchronous)
 * takes about `turnMs` of CPU time: the size adapts to what the last slices cost, so cheap prose goes
 * through in large slices and code to highlight in small ones.
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
const MAX_SLICE = 512 * 1024;
const FIRST_SLICE = 16 * 1024;

export class TextPacer {
  /** Text (merged while consecutive) and actions, in the order received. */
  private readonly items: Array<string | (() => void)> = [];
  private timer: NodeJS.Timeout | undefined;
  private immediate: NodeJS.Immediate | undefined;
  /** Characters of text a slice shows. */
  private slice = FIRST_SLICE;
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
    const last = this.items.length - 1;
    if (typeof this.items[last] === "string") this.items[last] += text;
    else this.items.push(text);
    if (!this.timer && !this.immediate)
      this.timer = setTimeout(() => this.drain(), this.options.batchMs);
  }

  /** Runs `action` once the text received before it has been shown. */
  after(action: () => void): void {
    if (this.items.length === 1 && typeof this.items[0] === "string") {
      if (this.items[0].length <= this.slice) {
        // What waits is one slice: show it now, as a batch would.
        this.stop();
        this.show(this.items.pop() as string);
      }
    }
    if (this.items.length === 0) return action();
    this.items.push(action);
    if (!this.timer && !this.immediate) this.immediate = setImmediate(() => this.drain());
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
    const started = this.now();
    let shown = 0;
    let full = false;
    while (this.items.length > 0) {
      const head = this.items[0]!;
      if (typeof head !== "string") {
        this.items.shift();
        head();
        continue;
      }
      if (shown >= this.slice) break;
      const cut = cutAt(head, this.slice - shown);
      if (cut < head.length) {
        this.items[0] = head.slice(cut);
        full = true;
      } else this.items.shift();
      shown += cut;
      this.show(head.slice(0, cut));
      if (full) break;
    }
    const elapsed = this.now() - started;
    // Grow only after a full slice (a short one says little); shrink after any slow one.
    if (elapsed > this.turnMs || full) {
      const factor = Math.min(2, Math.max(0.25, this.turnMs / Math.max(elapsed, 0.5)));
      this.slice = Math.round(Math.min(MAX_SLICE, Math.max(MIN_SLICE, this.slice * factor)));
    }
    if (this.items.length > 0) this.immediate = setImmediate(() => this.drain());
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
