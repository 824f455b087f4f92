/**
 * The sub-agents of a session that may run at once: at most `limit` hold a slot; the others wait
 * in the order they asked. A waiter whose signal aborts (its turn was cancelled) leaves the line
 * and gets `false`. One abort listener is added per waiting signal, however many wait on it, so
 * sixty calls of one step never pile listeners on the turn's signal.
 */
export class SubagentSlots {
  private running = 0;
  private readonly waiting: { signal: AbortSignal; resolve: (got: boolean) => void }[] = [];
  private readonly watched = new Map<AbortSignal, () => void>();

  constructor(private readonly limit: number) {}

  /** Resolves with true once a slot is held (give it back with `release`), false if aborted. */
  acquire(signal: AbortSignal): Promise<boolean> {
    if (signal.aborted) return Promise.resolve(false);
    if (this.running < this.limit && this.waiting.length === 0) {
      this.running += 1;
      return Promise.resolve(true);
    }
    return new Promise((resolve) => {
      this.waiting.push({ signal, resolve });
      if (this.watched.has(signal)) return;
      const drop = () => {
        this.watched.delete(signal);
        for (let i = this.waiting.length - 1; i >= 0; i--) {
          if (this.waiting[i]!.signal === signal) this.waiting.splice(i, 1)[0]!.resolve(false);
        }
      };
      this.watched.set(signal, drop);
      signal.addEventListener("abort", drop, { once: true });
    });
  }

  /** Gives a slot back: the longest waiter gets it. */
  release(): void {
    const next = this.waiting.shift();
    if (!next) {
      this.running -= 1;
      return;
    }
    if (!this.waiting.some((w) => w.signal === next.signal)) this.unwatch(next.signal);
    next.resolve(true);
  }

  /** How many wait now (for tests and the person's view). */
  get queued(): number {
    return this.waiting.length;
  }

  private unwatch(signal: AbortSignal): void {
    const drop = this.watched.get(signal);
    if (!drop) return;
    signal.removeEventListener("abort", drop);
    this.watched.delete(signal);
  }
}
