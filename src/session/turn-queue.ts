import type { TurnResult } from "../agent/loop.js";
import type { SessionEvent, SubmitOptions, Submitted } from "./session-api.js";

interface Waiting {
  text: string;
  options: SubmitOptions;
  resolve: (result: TurnResult | undefined) => void;
}

export interface TurnQueueDeps {
  /**
   * Runs one message as a turn: attaches its files, then the engine's turn. Emits the turn's
   * events itself; rejects only for what is not the model's or a tool's failure.
   */
  run(
    text: string,
    options: SubmitOptions,
    signal: AbortSignal,
    steering: () => string[],
  ): Promise<TurnResult>;
  emit(event: SessionEvent): void;
  log(event: string, fields?: Record<string, unknown>): void;
}

/**
 * The session's turns: at most one runs at a time; messages submitted meanwhile wait in order
 * and start when it ends; steering messages join the running turn at its next step boundary.
 * Every front end (TUI, `-p`, RPC, a program using the library) goes through this one queue.
 *
 * Events, in order, for each message: `message_start` (the text as submitted), then the turn's
 * events (`turn_start` … `turn_end`), or a `notice` saying why it could not run, then
 * `message_end`. A `queue` event follows every change of the waiting list.
 */
export class TurnQueue {
  private waiting: Waiting[] = [];
  private steering: string[] = [];
  private abort: AbortController | undefined;
  private after: (() => Promise<void>)[] = [];

  constructor(private readonly deps: TurnQueueDeps) {}

  /** Whether a message is running (from `message_start` to its `message_end`). */
  get busy(): boolean {
    return this.abort !== undefined;
  }

  /** The texts waiting for the running turn to end, oldest first. */
  get queued(): string[] {
    return this.waiting.map((w) => w.text);
  }

  submit(text: string, options: SubmitOptions = {}): Submitted {
    let resolve!: (result: TurnResult | undefined) => void;
    const done = new Promise<TurnResult | undefined>((r) => (resolve = r));
    const entry = { text, options, resolve };
    if (this.busy) {
      this.waiting.push(entry);
      this.showQueue();
      return { queued: true, done };
    }
    void this.run(entry);
    return { queued: false, done };
  }

  steer(text: string): "steered" | "sent" {
    if (!this.busy) {
      this.submit(text);
      return "sent";
    }
    this.steering.push(text);
    this.deps.log("steer_queued", { chars: text.length });
    return "steered";
  }

  cancel(): string[] | undefined {
    if (!this.abort) return undefined;
    this.deps.log("turn_cancel_requested", { queued: this.waiting.length });
    this.abort.abort();
    return this.takeQueue();
  }

  takeQueue(): string[] {
    const taken = [...this.steering.splice(0), ...this.waiting.splice(0).map(dropped)];
    if (taken.length > 0) this.showQueue();
    return taken;
  }

  afterTurn(action: () => Promise<void>): void {
    if (!this.busy) return void action();
    this.after.push(action);
  }

  private showQueue(): void {
    this.deps.emit({ type: "queue", messages: this.queued });
  }

  private async run(entry: Waiting): Promise<void> {
    const abort = new AbortController();
    this.abort = abort;
    this.deps.emit({ type: "message_start", text: entry.text });
    let result: TurnResult | undefined;
    try {
      result = await this.deps.run(entry.text, entry.options, abort.signal, () =>
        this.steering.splice(0),
      );
    } catch (error) {
      const text = error instanceof Error ? error.message : String(error);
      this.deps.log("message_failed", { message: text });
      this.deps.emit({ type: "notice", tone: "error", text });
    } finally {
      this.abort = undefined;
    }
    // Steering the turn could not take (it ended first) goes out next, as a message of its own.
    if (!abort.signal.aborted && this.steering.length > 0) {
      const left = this.steering.splice(0).map((text) => ({ text, options: {}, resolve: noop }));
      this.waiting.unshift(...left);
    }
    const stop = result?.stopReason;
    this.deps.emit({ type: "message_end", ...(stop ? { stop_reason: stop } : {}) });
    entry.resolve(result);
    const after = this.after.splice(0);
    if (!abort.signal.aborted) for (const action of after) await action().catch(() => undefined);
    const next = this.waiting.shift();
    if (next !== undefined) {
      this.showQueue();
      void this.run(next);
    }
  }
}

const noop = () => undefined;

function dropped(entry: Waiting): string {
  entry.resolve(undefined);
  return entry.text;
}
