import type { AgentEvent } from "../../agent/events.js";
import { expandMentions, type Decision, type Mode, type Session } from "../../session/index.js";
import type { UiAction } from "./state.js";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { t } from "../../i18n/index.js";

/** Attached files may fill the context up to this share of the window (compaction's threshold). */
const ATTACH_SHARE = 0.8;

interface Queued {
  text: string;
  mode: Mode | undefined;
  files: readonly string[];
}

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
  private queue: Queued[] = [];
  private current: Session | undefined;
  private pending = "";
  private timer: NodeJS.Timeout | undefined;
  private after: (() => Promise<void>)[] = [];
  /** Blocks that go with the next message (the output of `!commands`). */
  private context: string[] = [];

  constructor(private readonly deps: ControllerDeps) {}

  get busy(): boolean {
    return this.abort !== undefined;
  }

  /**
   * Sends now when idle, else queues; `mode` is the mode of this message, `files` the paths
   * attached with `@` (their contents go to the model after the text; see `expandMentions`).
   */
  submit(text: string, mode?: Mode, files: readonly string[] = []): "sent" | "queued" {
    const message = { text, mode, files };
    if (this.busy) {
      this.queue.push(message);
      this.showQueue();
      return "queued";
    }
    void this.run(message);
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

  /** Adds a block (a `!command`'s output) to the next message sent. */
  addContext(block: string): void {
    this.context.push(block);
  }

  /**
   * Runs `action` once the running turn has ended (before the next queued message), or now when
   * idle. Dropped when the turn is cancelled (slash commands the model asked for).
   */
  afterTurn(action: () => Promise<void>): void {
    if (!this.busy) return void action();
    this.after.push(action);
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

  private async run({ text, mode, files }: Queued): Promise<void> {
    const abort = new AbortController();
    this.abort = abort;
    this.deps.dispatch({ type: "submitted", text, at: Date.now() });
    try {
      const session = await this.deps.session();
      if (session && !abort.signal.aborted) {
        this.current = session;
        const prompt = await this.attach(session, text, files);
        await session.send(prompt, {
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
    const after = this.after.splice(0);
    if (!abort.signal.aborted) for (const action of after) await action().catch(() => undefined);
    const next = this.queue.shift();
    if (next !== undefined) {
      this.showQueue();
      void this.run(next);
    }
  }

  /** The prompt with the attached files, fitted into what is left of the context. */
  private async attach(
    session: Session,
    typed: string,
    picked: readonly string[],
  ): Promise<string> {
    const extra = this.context.splice(0);
    const text = extra.length > 0 ? `${typed}\n\n${extra.join("\n\n")}` : typed;
    // `@path` typed without the picker: attached when it names a file or folder of the
    // repository (as headless does); otherwise the person is told it went as text.
    const files = [...picked];
    for (const match of typed.matchAll(/(?:^|\s)@([^\s@]+)/g)) {
      const path = match[1]!.replace(/[.,;:!?)'"]+$/, "");
      if (!path || files.includes(path) || files.includes(path.replace(/\/$/, ""))) continue;
      if (existsSync(join(session.root, path))) files.push(path);
      else this.deps.dispatch({ type: "note", tone: "warn", text: t("mention.missing", { path }) });
    }
    if (files.length === 0) return text;
    const report = session.context();
    const budget = Math.floor(report.window * ATTACH_SHARE) - report.used - text.length;
    // The person picked these files themselves: a secret file is their own choice to send.
    const { prompt, notes } = await expandMentions(session.root, text, files, budget, {
      secrets: "attach",
    });
    for (const note of notes) this.deps.dispatch({ type: "note", tone: "warn", text: note });
    this.deps.log("files_attached", { files: files.length, chars: prompt.length - text.length });
    return prompt;
  }

  private onEvent(event: AgentEvent): void {
    if (event.type === "usage" || event.type === "compaction_end") {
      const usd = this.current?.costs.total();
      this.deps.dispatch({ type: "cost", usd });
    }
    if (event.type === "text_delta") {
      this.pending += event.text;
      this.timer ??= setTimeout(() => this.flush(), TEXT_FLUSH_MS);
      return;
    }
    this.flush();
    this.deps.dispatch({ type: "agent", event });
    // An "always" answer takes effect with the call's result: the status line shows it.
    if (event.type === "tool_result" && this.current) {
      const { edits, commands } = this.current.permissions.list();
      this.deps.dispatch({ type: "standing", edits, rules: commands.length });
    }
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
