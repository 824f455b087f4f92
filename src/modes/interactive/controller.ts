import type { AgentEvent } from "../../agent/events.js";
import type { Decision, Mode, Session } from "../../session/index.js";
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
 * Runs turns: one at a time, through `session.send` with an AbortController of its own, each
 * message in the mode it was sent in. Messages sent while a turn runs wait in a queue and go
 * out, in order, when it ends. Answers to reviews go to the session of the running turn.
 * Text deltas are batched so the interface redraws at most every {@link TEXT_FLUSH_MS}; every
 * other event first flushes the pending text, so order is kept.
 */
export class TurnController {
  private abort: AbortController | undefined;
  private queue: { text: string; mode: Mode | undefined }[] = [];
  private current: Session | undefined;
  private pending = "";
  private timer: NodeJS.Timeout | undefined;

  constructor(private readonly deps: ControllerDeps) {}

  get busy(): boolean {
    return this.abort !== undefined;
  }

  /** Sends now when idle, else queues; `mode` is the mode of this message. */
  submit(text: string, mode?: Mode): "sent" | "queued" {
    if (this.busy) {
      this.queue.push({ text, mode });
      this.showQueue();
      return "queued";
    }
    void this.run(text, mode);
    return "sent";
  }

  /**
   * Answers the review of call `id` (an `approval_request` of the running turn). Returns false
   * when the session has nothing pending under that id (the turn ended or was cancelled).
   */
  respond(id: string, decision: Decision): boolean {
    const answered = this.current?.respond(id, decision) ?? false;
    this.deps.log("review_answer", { id, decision: decision.type, answered });
    this.deps.dispatch({ type: "review-answered", id, decision });
    return answered;
  }

  /**
   * Cancels the running turn (the engine ends it with `aborted`). Returns the queued messages,
   * taken out of the queue so they are not sent; `undefined` when no turn was running.
   */
  cancel(): string[] | undefined {
    if (!this.abort) return undefined;
    this.deps.log("turn_cancel_requested", { queued: this.queue.length });
    this.deps.dispatch({ type: "cancelling" });
    this.abort.abort();
    return this.takeQueue();
  }

  takeQueue(): string[] {
    const taken = this.queue;
    this.queue = [];
    if (taken.length > 0) this.deps.dispatch({ type: "queue", queue: [] });
    return taken.map((q) => q.text);
  }

  private showQueue(): void {
    this.deps.dispatch({ type: "queue", queue: this.queue.map((q) => q.text) });
  }

  private async run(text: string, mode: Mode | undefined): Promise<void> {
    const abort = new AbortController();
    this.abort = abort;
    this.deps.dispatch({ type: "submitted", text });
    try {
      const session = await this.deps.session();
      if (session && !abort.signal.aborted) {
        this.current = session;
        await session.send(text, {
          signal: abort.signal,
          onEvent: (event) => this.onEvent(event),
          ...(mode ? { mode } : {}),
        });
      }
    } catch (error) {
      this.flush();
      const message = error instanceof Error ? error.message : String(error);
      this.deps.dispatch({ type: "note", tone: "error", text: message });
    } finally {
      this.flush();
      this.abort = undefined;
      this.current = undefined;
      this.deps.dispatch({ type: "idle" });
    }
    const next = this.queue.shift();
    if (next !== undefined) {
      this.showQueue();
      void this.run(next.text, next.mode);
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
