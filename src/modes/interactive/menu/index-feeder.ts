/**
 * Feeds a growing `PathIndex` in slices: paths a listing delivers are queued (`push`) and added a
 * slice at a time, each slice at most `SLICE_MS` of work and each in its own turn of the event
 * loop (`setImmediate`), so keys typed meanwhile are read and echoed between slices instead of
 * after one long build. The picker answers from what is indexed so far; `onGrow` is called after
 * each slice (the caller redraws the menu, throttled) and once more when the list is whole. A
 * list kept from an earlier session comes as one text (`pushJoined`) and is added as it is, a
 * chunk of about `CHUNK` characters at a time, never cut into one string per path.
 */
import { PathIndex } from "./path-index.js";

/** Work per slice at most (milliseconds): a key waits at most about this long for the index. */
const SLICE_MS = 8;
/** Paths added between looks at the clock. */
const STEP = 256;
/** Characters of a joined list added between looks at the clock (~3,000 short paths). */
const CHUNK = 64 * 1024;

/** Paths each followed by NUL; `at` is where the next chunk starts. */
interface Joined {
  text: string;
  at: number;
}

export class IndexFeeder {
  readonly index = new PathIndex();
  private readonly queue: (readonly string[] | Joined)[] = [];
  /** How much of `queue[0]` is indexed. */
  private at = 0;
  private scheduled = false;
  private ended = false;

  /** `sliceMs`: work per slice (tests give 0: one step each, whatever the machine's speed). */
  constructor(
    private readonly onGrow: () => void,
    private readonly sliceMs = SLICE_MS,
  ) {}

  /** True once the listing ended and every path it delivered is indexed. */
  get complete(): boolean {
    return this.ended && this.queue.length === 0;
  }

  /** Queues paths delivered by the listing. */
  push(paths: readonly string[]): void {
    if (paths.length === 0) return;
    this.queue.push(paths);
    this.schedule();
  }

  /** Queues paths joined in `text`, each followed by NUL (empty ones are skipped). */
  pushJoined(text: string): void {
    if (text.length === 0) return;
    this.queue.push({ text, at: 0 });
    this.schedule();
  }

  /** The listing ended: once the queue is indexed, `onGrow` is called a last time. */
  end(): void {
    this.ended = true;
    if (this.queue.length === 0) this.onGrow();
    else this.schedule();
  }

  private schedule(): void {
    if (this.scheduled) return;
    this.scheduled = true;
    setImmediate(this.slice);
  }

  private readonly slice = (): void => {
    this.scheduled = false;
    if (this.queue.length === 0) return this.onGrow();
    const until = performance.now() + this.sliceMs;
    // At least one step a slice, then more while the slice's time lasts.
    do {
      const head = this.queue[0]!;
      if ("text" in head) {
        if (chunk(head, this.index)) this.queue.shift();
        continue;
      }
      const next = Math.min(head.length, this.at + STEP);
      this.index.add(this.at === 0 && next === head.length ? head : head.slice(this.at, next));
      this.at = next;
      if (next === head.length) {
        this.queue.shift();
        this.at = 0;
      }
    } while (this.queue.length > 0 && performance.now() < until);
    if (this.queue.length > 0) this.schedule();
    this.onGrow();
  };
}

/** Indexes the next chunk of `joined`, whole paths only; true when its text is used up. */
function chunk(joined: Joined, index: PathIndex): boolean {
  const { text, at } = joined;
  let end = at + CHUNK >= text.length ? text.length : text.indexOf("\0", at + CHUNK);
  end = end === -1 ? text.length : end + 1;
  index.addJoined(at === 0 && end === text.length ? text : text.slice(at, end));
  joined.at = end;
  return end >= text.length;
}
