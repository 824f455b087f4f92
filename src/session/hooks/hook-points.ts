/**
 * Where the session's hooks act, as narrow calls for session.ts: the loop's points around calls
 * and the turn's end (`loop`), the permission policy's view of a PreToolUse decision
 * (`hookSays`), the prompt (`prompt`), events (`observe`: notifications, compaction) and the
 * session's start and end. Every input carries Claude Code's field names.
 */
import type { AgentEvent } from "../../agent/events.js";
import type { LoopHooks } from "../../agent/loop.js";
import type { ToolCallPart } from "../../ai/types.js";
import { t } from "../../i18n/index.js";
import { Hooks, type CommonInput, type HookView, type HooksOptions } from "./hooks.js";

export interface HookPointsOptions extends HooksOptions {
  /** Claude Code's common fields of the moment. */
  common: () => CommonInput;
  /** A line for the person: a warning (kept until someone listens) or a dimmed info line. */
  notice: (text: string, tone: "info" | "warn") => void;
  /** How many times in a row a Stop hook may send the model back in one turn. */
  stopLimit: number;
  /**
   * A turn at least this long notifies when it ends (config `notify.afterSeconds`, the same
   * moment the TUI notifies the person); default {@link LONG_TURN_MS}.
   */
  longTurnMs?: number;
}

/** What `/hooks` and the session's API see. */
export interface HooksControl {
  /** The hooks in force and proposed, with where each comes from. */
  list(): HookView[];
  /** The repository's `.north/hooks.json` as read, whole, and whether it is approved. */
  proposal(): { file: string; text: string; approved: boolean } | undefined;
  /** Approves exactly `text` (what `proposal()` showed); false if it changed or was not saved. */
  approve(text: string): Promise<boolean>;
}

/** A UserPromptSubmit hook refused the prompt: the reason is for the person. */
export class PromptBlocked extends Error {
  override name = "PromptBlocked";
}

/** A turn that took this long is worth a notification (config `notify.afterSeconds`: 30). */
export const LONG_TURN_MS = 30_000;

export class HookPoints {
  readonly hooks: Hooks;
  /** PreToolUse's decisions and added context, by call id, for the policy and the result. */
  private readonly decisions = new Map<string, "allow" | "ask">();
  private readonly context = new Map<string, string>();
  /** SessionStart's context, waiting for the next prompt. */
  private pending: Promise<string[]> | undefined;
  private stopRounds = 0;
  private stopReason: string | undefined;
  private turnStarted = 0;
  /** Notification and PreCompact hooks still running. */
  private readonly running = new Set<Promise<unknown>>();

  constructor(private readonly options: HookPointsOptions) {
    this.hooks = new Hooks(options, options.notice);
  }

  get notices(): string[] {
    return this.hooks.notices;
  }

  readonly control: HooksControl = {
    list: () => this.hooks.list(),
    proposal: () => this.hooks.proposal(),
    approve: (text) => this.hooks.approve(text),
  };

  /** The PreToolUse decision for `callId`, for the permission policy. */
  readonly hookSays = (callId: string): "allow" | "ask" | undefined => this.decisions.get(callId);

  /** SessionStart (`startup`, `resume`, `clear`): its output joins the next prompt. */
  sessionStart(source: "startup" | "resume" | "clear"): void {
    if (!this.hooks.has("SessionStart")) return;
    const running = this.hooks
      .run("SessionStart", { ...this.options.common(), source }, { stdoutIsContext: true })
      .then((outcome) => outcome.context);
    const before = this.pending;
    this.pending = before ? Promise.all([before, running]).then(([a, b]) => [...a, ...b]) : running;
  }

  /**
   * UserPromptSubmit, then the prompt with the hooks' context (SessionStart's too) after it.
   * @throws PromptBlocked when a hook refused it (exit 2, `decision: block`, `continue: false`).
   */
  async prompt(prompt: string, signal: AbortSignal): Promise<string> {
    this.stopRounds = 0;
    this.stopReason = undefined;
    this.decisions.clear();
    this.context.clear();
    this.turnStarted = Date.now();
    const started = this.pending ?? Promise.resolve([]);
    this.pending = undefined;
    const added = await started;
    if (this.hooks.has("UserPromptSubmit")) {
      const outcome = await this.hooks.run(
        "UserPromptSubmit",
        { ...this.options.common(), prompt },
        { stdoutIsContext: true, signal },
      );
      const refused = outcome.blocked ?? outcome.stop;
      if (refused !== undefined) {
        throw new PromptBlocked(t("hooks.promptBlocked", { reason: refused || "-" }));
      }
      added.push(...outcome.context);
    }
    if (added.length === 0) return prompt;
    return `${prompt}\n\n<hook_context>\n${added.join("\n\n")}\n</hook_context>`;
  }

  /** The loop's points for the main agent, or (`agent`) for a sub-agent of that kind. */
  loop(agent?: string): LoopHooks {
    let subagentRounds = 0;
    return {
      beforeCall: (call, signal) => this.beforeCall(call, signal),
      afterCall: (call, result, signal) => this.afterCall(call, result, signal),
      beforeEnd: async (_text, signal) => {
        const event = agent === undefined ? "Stop" : "SubagentStop";
        if (!this.hooks.has(event)) return undefined;
        const rounds = agent === undefined ? this.stopRounds : subagentRounds;
        const outcome = await this.hooks.run(
          event,
          {
            ...this.options.common(),
            stop_hook_active: rounds > 0,
            ...(agent !== undefined ? { agent_type: agent } : {}),
          },
          { signal },
        );
        if (outcome.stop !== undefined || outcome.blocked === undefined) return undefined;
        if (rounds >= this.options.stopLimit) {
          this.options.notice(t("hooks.stopLimit", { count: String(rounds) }), "warn");
          return undefined;
        }
        if (agent === undefined) this.stopRounds++;
        else subagentRounds++;
        this.options.notice(t("hooks.sentBack", { reason: outcome.blocked }), "info");
        return outcome.blocked;
      },
      halted: () => this.stopReason !== undefined,
    };
  }

  private async beforeCall(call: ToolCallPart, signal: AbortSignal): Promise<string | undefined> {
    if (!this.hooks.has("PreToolUse")) return undefined;
    const outcome = await this.hooks.run(
      "PreToolUse",
      { ...this.options.common(), ...toolFields(call) },
      { tool: call.name, signal },
    );
    this.halt(outcome.stop);
    if (outcome.context.length > 0) this.context.set(call.id, outcome.context.join("\n"));
    if (outcome.blocked !== undefined) {
      return `Blocked by a PreToolUse hook; nothing was done: ${outcome.blocked}`;
    }
    if (outcome.decision === "deny") {
      const why = outcome.decisionReason || "no reason given";
      return `Denied by a PreToolUse hook; nothing was done: ${why}`;
    }
    if (outcome.stop !== undefined)
      return `Stopped by a hook: ${outcome.stop || "no reason given"}`;
    if (outcome.decision) this.decisions.set(call.id, outcome.decision);
    return undefined;
  }

  private async afterCall(
    call: ToolCallPart,
    result: { content: string; isError: boolean },
    signal: AbortSignal,
  ): Promise<string | undefined> {
    this.decisions.delete(call.id);
    const before = this.context.get(call.id);
    this.context.delete(call.id);
    const added = before ? [before] : [];
    if (this.hooks.has("PostToolUse")) {
      const outcome = await this.hooks.run(
        "PostToolUse",
        {
          ...this.options.common(),
          ...toolFields(call),
          tool_response: { content: result.content, is_error: result.isError },
        },
        { tool: call.name, signal },
      );
      this.halt(outcome.stop);
      if (outcome.blocked !== undefined) added.push(`PostToolUse hook: ${outcome.blocked}`);
      added.push(...outcome.context);
    }
    return added.length > 0 ? added.join("\n") : undefined;
  }

  private halt(reason: string | undefined): void {
    if (reason === undefined || this.stopReason !== undefined) return;
    this.stopReason = reason;
    this.options.notice(t("hooks.stopped", { reason: reason || "-" }), "warn");
  }

  /** Looks at each event of a turn: reviews waiting and long turns notify, compaction is told. */
  observe(event: AgentEvent): void {
    const inner = event.type === "subagent" ? event.event : event;
    if (inner.type === "approval_request") {
      this.notify(`North needs your approval for ${inner.name}`, "permission_prompt");
    } else if (
      event.type === "turn_end" &&
      Date.now() - this.turnStarted >= (this.options.longTurnMs ?? LONG_TURN_MS)
    ) {
      const seconds = Math.round((Date.now() - this.turnStarted) / 1000);
      this.notify(`North finished its turn after ${seconds} s`, "idle_prompt");
    } else if (event.type === "compaction_start") {
      this.fire("PreCompact", { trigger: event.reason, custom_instructions: "" });
    }
  }

  /** A Notification with Claude Code's fields. */
  private notify(message: string, kind: string): void {
    this.fire("Notification", { message, title: "North", notification_type: kind });
  }

  /** Runs `event`'s hooks without waiting for them (they cannot change what happens). */
  private fire(event: "Notification" | "PreCompact", fields: Record<string, unknown>): void {
    if (!this.hooks.has(event)) return;
    const running = this.hooks.run(event, { ...this.options.common(), ...fields });
    this.running.add(running);
    void running.finally(() => this.running.delete(running));
  }

  /**
   * SessionEnd, waited for (each hook within its timeout), after the hooks still running; then
   * the hooks' folders go.
   */
  async sessionEnd(reason: "clear" | "other"): Promise<void> {
    // Those not waited for are waited for now (each within its timeout): none outlives North.
    await Promise.all([...this.running]);
    if (this.hooks.has("SessionEnd")) {
      await this.hooks.run("SessionEnd", { ...this.options.common(), reason });
    }
    if (reason === "other") this.hooks.dispose();
  }
}

/** A call as Claude Code's hooks see it: the tool's name, North's arguments, the call's id. */
function toolFields(call: ToolCallPart): Record<string, unknown> {
  return {
    tool_name: call.name,
    tool_input: call.arguments ?? {},
    tool_use_id: call.id,
  };
}
