import type { TurnResult } from "../agent/loop.js";
import { t } from "../i18n/index.js";
import type { SessionEvent, SubmitOptions, Submitted } from "./session-api.js";

interface Waiting {
  text: string;
  options: SubmitOptions;
  resolve: (result: TurnResult | undefined) => void;
  /** A steering message not delivered yet (`steer`), else a message waiting for its turn. */
  steer: boolean;
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
    steering: (ending: boolean) => string[],
  ): Promise<TurnResult>;
  emit(event: SessionEvent): void;
  log(event: string, fields?: Record<string, unknown>): void;
}

/**
 * The session's turns: at most one runs at a time; messages submitted meanwhile wait in order
 * and start when it ends; steering messages join the running turn at its next step boundary.
 * Every front end (TUI, `-p`, RPC, a program using the library) goes through this one queue.
 *
 * Messages and steering wait in one list, in the order sent, and nothing overtakes what was
 * sent before it except at a step boundary: after a step's tool results every steering message
 * is delivered (the turn goes on anyway); when the model would end the turn, only steering sent
 * before any waiting message is (it keeps the turn going). Steering the turn did not take — the
 * turn ended, failed or hit its step cap — stays in its place as a message, and a `notice`
 * says so. Nothing leaves the list unseen: `cancel` and `takeQueue` return what they take out.
 *
 * Events, in order, for each message: `message_start` (the text as submitted), then the turn's
 * events (`turn_start` … `turn_end`), or a `notice` saying why it could not run, then
 * `message_end`. A `queue` event follows every change of the waiting list or of the steering.
 */
export class TurnQueue {
  /** Messages and undelivered steering, in the order sent. */
  private waiting: Waiting[] = [];
  private abort: AbortController | undefined;
  private after: (() => Promise<void>)[] = [];

  constructor(private readonly deps: TurnQueueDeps) {}

  /** Whether a message is running (from `message_start` to its `message_end`). */
  get busy(): boolean {
    return this.abort !== undefined;
  }

  /** The texts waiting for the running turn to end, oldest first. */
  get queued(): string[] {
    return this.waiting.filter((w) => !w.steer).map((w) => w.text);
  }

  /** The steering messages not delivered yet, oldest first. */
  get steering(): string[] {
    return this.waiting.filter((w) => w.steer).map((w) => w.text);
  }

  submit(text: string, options: SubmitOptions = {}): Submitted {
    let resolve!: (result: TurnResult | undefined) => void;
    const done = new Promise<TurnResult | undefined>((r) => (resolve = r));
    const entry = { text, options, resolve, steer: false };
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
    this.waiting.push({ text, options: {}, resolve: noop, steer: true });
    this.deps.log("steer_queued", { chars: text.length });
    this.showQueue();
    return "steered";
  }

  cancel(): string[] | undefined {
    if (!this.abort) return undefined;
    this.deps.log("turn_cancel_requested", { queued: this.waiting.length });
    this.abort.abort();
    return this.takeQueue();
  }

  /** Takes every waiting message and undelivered steering out, in the order sent. */
  takeQueue(): string[] {
    const taken = this.waiting.splice(0).map(dropped);
    if (taken.length > 0) this.showQueue();
    return taken;
  }

  afterTurn(action: () => Promise<void>): void {
    if (!this.busy) return void action();
    this.after.push(action);
  }

  private showQueue(): void {
    this.deps.emit({ type: "queue", messages: this.queued, steering: this.steering });
  }

  /**
   * The steering the loop takes at a step boundary: all of it after tool results; when the
   * turn would end, only what was sent before the first waiting message.
   */
  private takeSteering(ending: boolean): string[] {
    const firstMessage = this.waiting.findIndex((w) => !w.steer);
    const reach = ending && firstMessage >= 0 ? firstMessage : this.waiting.length;
    const taken: string[] = [];
    this.waiting = this.waiting.filter((w, i) => {
      if (!w.steer || i >= reach) return true;
      taken.push(w.text);
      return false;
    });
    if (taken.length > 0) this.showQueue();
    return taken;
  }

  private async run(entry: Waiting): Promise<void> {
    const abort = new AbortController();
    this.abort = abort;
    this.deps.emit({ type: "message_start", text: entry.text });
    let result: TurnResult | undefined;
    try {
      result = await this.deps.run(entry.text, entry.options, abort.signal, (ending) =>
        this.takeSteering(ending),
      );
    } catch (error) {
      const text = error instanceof Error ? error.message : String(error);
      this.deps.log("message_failed", { message: text });
      this.deps.emit({ type: "notice", tone: "error", text });
    } finally {
      this.abort = undefined;
    }
    // Steering the turn could not take (it ended first) goes out as a message of its own, in
    // its place among the waiting messages.
    const left = this.waiting.filter((w) => w.steer);
    if (!abort.signal.aborted && left.length > 0) {
      for (const w of left) w.steer = false;
      this.deps.emit({
        type: "notice",
        tone: "info",
        text: t(left.length === 1 ? "queue.steerAsMessage" : "queue.steersAsMessages", {
          count: left.length,
        }),
      });
      this.showQueue();
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
