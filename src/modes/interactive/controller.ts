import type { AgentEvent } from "../../agent/events.js";
import type { Session } from "../../session/index.js";
import type { UiAction } from "./state.js";

/** Streaming text reaches the screen at most this often (about 30 updates a second). */
export const TEXT_FLUSH_MS = 33;

export interface ControllerDeps {
  dispatch(action: UiAction): void;
  /** The session to send to; `undefined` when none can be made (the reason is already shown). */
  session(): Promise<Session | undefined>;
  log(event: string, fields?: Record<string, unknown>): void;
}

/**
 * Runs turns: one at a time, through `session.send` with an AbortController of its own.
 * Messages sent while a turn runs wait in a queue and go out, in order, when it ends.
 * Text deltas are batched so the interface redraws at most every {@link TEXT_FLUSH_MS}; every
 * other event first flushes the pending text, so order is kept.
 */
export class TurnController {
  private abort: AbortController | undefined;
  private queue: string[] = [];
  private pending = "";
  private timer: NodeJS.Timeout | undefined;

  constructor(private readonly deps: ControllerDeps) {}

  get busy(): boolean {
    return this.abort !== undefined;
  }

  /** Sends now when idle, else queues. */
  submit(text: string): "sent" | "queued" {
    if (this.busy) {
      this.queue.push(text);
      this.deps.dispatch({ type: "queue", queue: [...this.queue] });
      return "queued";
    }
    void this.run(text);
    return "sent";
  }

  /**
   * Cancels the running turn (the engine ends it with `aborted`). Returns the queued messages,
   * taken out of the queue so they are not sent; `undefined` when no turn was running.
   */
  cancel(): string[] | undefined {
    if (!this.abort) return undefined;
    this.deps.log("turn_cancel_requested", { queued: this.queue.length });
    this.abort.abort();
    return this.takeQueue();
  }

  takeQueue(): string[] {
    const taken = this.queue;
    this.queue = [];
    if (taken.length > 0) this.deps.dispatch({ type: "queue", queue: [] });
    return taken;
  }

  private async run(text: string): Promise<void> {
    const abort = new AbortController();
    this.abort = abort;
    this.deps.dispatch({ type: "submitted", text });
    try {
      const session = await this.deps.session();
      if (session && !abort.signal.aborted) {
        await session.send(text, { signal: abort.signal, onEvent: (event) => this.onEvent(event) });
      }
    } catch (error) {
      this.flush();
      const message = error instanceof Error ? error.message : String(error);
      this.deps.dispatch({ type: "note", tone: "error", text: message });
    } finally {
      this.flush();
      this.abort = undefined;
      this.deps.dispatch({ type: "idle" });
    }
    const next = this.queue.shift();
    if (next !== undefined) {
      this.deps.dispatch({ type: "queue", queue: [...this.queue] });
      void this.run(next);
    }
  }

  private onEvent(event: AgentEvent): void {
    if (event.type === "text_delta") {
      this.pending += event.text;
      this.timer ??= setTimeout(() => this.flush(), TEXT_FLUSH_MS);
      return;
    }
    this.flush();
    this.deps.dispatch({ type: "agent", event });
  }

  private flush(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    if (!this.pending) return;
    const text = this.pending;
    this.pending = "";
    this.deps.dispatch({ type: "agent", event: { type: "text_delta", text } });
  }
}
