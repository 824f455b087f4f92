import type { Decision, Mode, Session, SessionEvent } from "../../../session/index.js";
import { cleanForDisplay } from "../state/display-text.js";
import { standingOf } from "./command-runner.js";
import { TextPacer } from "./text-pacer.js";
import type { UiAction } from "../state/state.js";

/** Streaming text reaches the screen at most this often (about 30 updates a second). */
export const TEXT_FLUSH_MS = 33;

/**
 * How long a review ignores keys after it appears (R4 of the November 2026 review): long enough
 * that a key pressed for the previous review, or typed for the composer, as the review pops up
 * cannot answer it; short enough not to be noticed by someone reading it. Its choices show once
 * it ends, so what can be answered is only ever what the person has seen.
 */
export const REVIEW_GUARD_MS = 400;

export interface ControllerDeps {
  dispatch(action: UiAction): void;
  /** The session to send to; `undefined` when none can be made (the reason is already shown). */
  session(): Promise<Session | undefined>;
  log(event: string, fields?: Record<string, unknown>): void;
  /**
   * A message's turn ended and all of its text is on the screen (the pacer had shown it; the
   * session's `message_end` comes as soon as the answer has arrived, often seconds earlier).
   */
  answerShown?(): void;
  /** Runs `action` after `ms` (the review guard's end); `setTimeout` unless a test drives it. */
  schedule?(action: () => void, ms: number): void;
}

/**
 * The TUI's side of the session's turns: it hands messages, answers and cancels to the session
 * (which owns the queue and the running turn) and turns the session's events into screen
 * actions. Messages sent before the session opened wait for it, in order. Text deltas are
 * batched so the interface redraws at most every {@link TEXT_FLUSH_MS}, and a large batch is
 * shown in slices with keys handled between them (text-pacer.ts); every other event waits for
 * the text before it, so order is kept. Every event is cleaned for display
 * (`cleanForDisplay`) before it reaches the store: model and tool text never carries a terminal
 * control character onto the screen. A review that appears is guarded for
 * {@link REVIEW_GUARD_MS} (`review-guard` actions).
 */
export class TurnController {
  private current: Session | undefined;
  private unsubscribe: (() => void) | undefined;
  /** Messages sent while the session was still opening. */
  private early = 0;
  private opening: Promise<unknown> = Promise.resolve();
  private readonly pacer = new TextPacer(
    (text) =>
      this.deps.dispatch({
        type: "agent",
        event: { type: "text_delta", text: cleanForDisplay(text) },
      }),
    { batchMs: TEXT_FLUSH_MS },
  );
  /** Blocks that go with the next message (the output of `!commands`). */
  private context: string[] = [];

  constructor(private readonly deps: ControllerDeps) {}

  get busy(): boolean {
    return this.early > 0 || (this.current?.busy ?? false);
  }

  /** Listens to `session` from now on (the one opened first, or one opened again). */
  bind(session: Session): void {
    if (this.current === session) return;
    this.unsubscribe?.();
    this.current = session;
    this.unsubscribe = session.subscribe((event) => this.onEvent(session, event));
  }

  /**
   * Sends now when idle, else the session queues it; `mode` is the mode of this message, `files`
   * the paths attached with `@` (see `Session.submit`); `fromCommand` when a command made `text`
   * (it may then name no image outside the repository: `SubmitOptions.outsidePaths`).
   */
  submit(
    text: string,
    mode?: Mode,
    files: readonly string[] = [],
    fromCommand = false,
  ): "sent" | "queued" {
    const context = this.context.splice(0);
    const options = {
      files,
      context,
      ...(mode ? { mode } : {}),
      ...(fromCommand ? { outsidePaths: false } : {}),
    };
    if (this.current && this.early === 0) {
      return this.current.submit(text, options).queued ? "queued" : "sent";
    }
    // Before the session opened: sent, in order, once it has.
    this.early += 1;
    const wasBusy = this.early > 1;
    this.opening = this.opening.then(async () => {
      const session = await this.deps.session().catch(() => undefined);
      if (session) this.bind(session);
      this.early -= 1;
      if (session) return void session.submit(text, options);
      this.deps.dispatch({ type: "submitted", text, at: Date.now() });
      this.deps.dispatch({ type: "idle" });
    });
    return wasBusy ? "queued" : "sent";
  }

  /** A message for the running turn, at its next step (see `Session.steer`). */
  steer(text: string): void {
    if (this.current) this.current.steer(text);
    else this.submit(text);
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
    if (!this.current?.busy) return undefined;
    this.deps.dispatch({ type: "cancelling" });
    return this.current.cancel();
  }

  /** Adds a block (a `!command`'s output) to the next message sent. */
  addContext(block: string): void {
    this.context.push(block);
  }

  /**
   * Runs `action` once the running turn has ended (before the next queued message), or now when
   * idle. Dropped when the turn is cancelled (slash commands the model asked for).
   */
  afterTurn(action: () => Promise<void>): void {
    if (this.current) this.current.afterTurn(action);
    else void action();
  }

  takeQueue(): string[] {
    return this.current?.takeQueue() ?? [];
  }

  private onEvent(session: Session, raw: SessionEvent): void {
    // Text deltas are cleaned as a batch, when shown.
    if (raw.type === "text_delta") return this.pacer.text(raw.text);
    const event = cleanForDisplay(raw);
    this.pacer.after(() => this.handle(session, event));
  }

  private handle(session: Session, event: Exclude<SessionEvent, { type: "text_delta" }>): void {
    switch (event.type) {
      case "message_start":
        this.deps.dispatch({ type: "submitted", text: event.text, at: Date.now() });
        return;
      case "message_end":
        this.deps.dispatch({ type: "idle" });
        this.deps.answerShown?.();
        return;
      case "queue":
        this.deps.dispatch({ type: "queue", queue: event.messages, steering: event.steering });
        return;
      case "notice":
        this.deps.dispatch({ type: "note", tone: event.tone, text: event.text });
        return;
      case "mcp":
        this.deps.dispatch({
          type: "mcp",
          failed: event.servers.filter((s) => s.state === "failed").length,
          waiting: event.servers.filter(
            (s) => s.state === "needs-approval" || s.state === "needs-sign-in",
          ).length,
        });
        return;
      case "jobs":
        this.deps.dispatch({ type: "jobs", running: event.running });
        return;
    }
    if (event.type === "usage" || event.type === "compaction_end") {
      this.deps.dispatch({ type: "cost", usd: session.costs.total() });
    }
    this.deps.dispatch({ type: "agent", event });
    if (event.type === "approval_request") this.guardReview(event.id);
    // An "always" answer takes effect with the call's result: the status line shows it.
    if (event.type === "tool_result") this.deps.dispatch(standingOf(session));
  }

  /**
   * Keys do not answer review `id` until {@link REVIEW_GUARD_MS} from now: when it appears, and
   * again when its "always" asks for confirmation (key-handler.ts).
   */
  guardReview(id: string): void {
    this.deps.dispatch({ type: "review-guard", id, on: true });
    const end = () => this.deps.dispatch({ type: "review-guard", id, on: false });
    if (this.deps.schedule) this.deps.schedule(end, REVIEW_GUARD_MS);
    else setTimeout(end, REVIEW_GUARD_MS);
  }
}
