import type { TurnResult } from "../agent/loop.js";
import type { ModelInfo } from "../ai/index.js";
import { costOf, roundCost, type SessionEvent } from "../session/index.js";

/** A call the policy refused in a headless run, for the result object and the stderr line. */
export interface RefusedCall {
  id: string;
  tool: string;
  /** The command line, or the files of an edit. */
  target: string;
  /** The flag that would have allowed it; absent when no flag does (a dangerous command). */
  allow_with?: string;
  /**
   * Why it did not happen: `permission` (the policy refused it: nobody to ask), `danger` (it
   * could destroy work beyond undo), `sandbox` (it ran, and the OS sandbox stopped its write or
   * its network access; a guess from its output, see `ShellRunDetails.sandboxDenied`).
   */
  reason: "permission" | "danger" | "sandbox";
  /** For `sandbox`: what was stopped, and in which profile. */
  blocked?: "write" | "network";
  profile?: string;
}

/**
 * Collects the calls the policy refused (`tool_result.details.denied`), message by message:
 * `take` gives those of the oldest message that ended and was not taken yet.
 */
export class RefusedCalls {
  private calls: RefusedCall[] = [];
  private ended: RefusedCall[][] = [];
  private reviews = new Map<string, SessionEvent & { type: "tool_proposal" }>();

  take(): RefusedCall[] {
    return this.ended.shift() ?? [];
  }

  observe(event: SessionEvent): void {
    if (event.type === "message_start") {
      this.calls = [];
      this.reviews.clear();
    }
    if (event.type === "message_end") this.ended.push(this.calls);
    if (event.type === "tool_proposal") this.reviews.set(event.id, event);
    if (event.type !== "tool_result") return;
    const details = event.details as
      | {
          denied?: boolean;
          sandboxDenied?: "write" | "network";
          sandbox?: string;
          command?: string;
        }
      | undefined;
    if (details?.sandboxDenied && details.sandbox) {
      // Writes in the read-only profile are what `--approve all` (the writable one) allows;
      // the network, or a write outside the repository, only a run without the sandbox.
      const widen = details.sandboxDenied === "write" && details.sandbox === "read-only";
      this.calls.push({
        id: event.id,
        tool: event.name,
        target: details.command ?? "",
        allow_with: widen ? "--approve all" : "--approve all --sandbox off",
        reason: "sandbox",
        blocked: details.sandboxDenied,
        profile: details.sandbox,
      });
      return;
    }
    if (!event.is_error || !details?.denied) return;
    const review = this.reviews.get(event.id)?.review;
    let target = "";
    let allow: string | undefined = "--approve all";
    let reason: RefusedCall["reason"] = "permission";
    if (review?.type === "command") {
      target = review.command;
      if (review.danger) {
        allow = undefined;
        reason = "danger";
      }
    } else if (review?.type === "edit") {
      target = review.files.map((f) => f.path).join(", ");
      allow = "--approve edits";
    } else if (review?.type === "secret") target = review.path;
    this.calls.push({
      id: event.id,
      tool: event.name,
      target,
      ...(allow ? { allow_with: allow } : {}),
      reason,
    });
  }

  /**
   * The lines for stderr: one naming the calls the policy refused and the flag that would allow
   * them, one for the commands the sandbox stopped.
   */
  static lines(calls: readonly RefusedCall[]): string[] {
    const refused = calls.filter((c) => c.reason !== "sandbox");
    const blocked = calls.filter((c) => c.reason === "sandbox");
    return [
      ...(refused.length > 0 ? [RefusedCalls.line(refused)] : []),
      ...(blocked.length > 0 ? [blockedLine(blocked)] : []),
    ];
  }

  /** One line for stderr naming the refused calls and the flag that would allow them. */
  static line(calls: readonly RefusedCall[]): string {
    const named = calls.map((c) => `${c.tool}${c.target ? ` ${short(c.target)}` : ""}`);
    const flags = [...new Set(calls.flatMap((c) => (c.allow_with ? [c.allow_with] : [])))];
    const how =
      flags.length > 0
        ? `${flags.includes("--approve all") ? "--approve all" : flags[0]} would allow ${calls.length === 1 ? "it" : "them"}`
        : "no flag allows a command that can destroy work beyond undo";
    return `refused ${calls.length} call${calls.length === 1 ? "" : "s"} (${named.join("; ")}): ${how}.`;
  }
}

/** `north: 1 command was blocked by the read-only sandbox (…): --approve all would allow it.` */
function blockedLine(calls: readonly RefusedCall[]): string {
  const n = calls.length;
  const readOnly = calls.every((c) => c.profile === "read-only");
  const by = calls.every((c) => c.blocked === "network")
    ? "the sandbox, which has no network"
    : readOnly
      ? "the read-only sandbox"
      : "the sandbox";
  const named = calls.map((c) => `${c.tool}${c.target ? ` ${short(c.target)}` : ""}`);
  const flags = calls.some((c) => c.allow_with === "--approve all --sandbox off")
    ? "--approve all --sandbox off"
    : "--approve all";
  return `${n} command${n === 1 ? " was" : "s were"} blocked by ${by} (${named.join("; ")}): ${flags} would allow ${n === 1 ? "it" : "them"}.`;
}

/** A check's outcome in the `json` result object (the `check_end` event without its output). */
export type CheckOutcome = Omit<SessionEvent & { type: "check_end" }, "type" | "id" | "output">;

/** Collects the checks that ran, message by message, as {@link RefusedCalls} does calls. */
export class ChecksRun {
  private checks: CheckOutcome[] = [];
  private ended: CheckOutcome[][] = [];

  take(): CheckOutcome[] {
    return this.ended.shift() ?? [];
  }

  observe(event: SessionEvent): void {
    if (event.type === "message_start") this.checks = [];
    if (event.type === "message_end") this.ended.push(this.checks);
    if (event.type !== "check_end") return;
    const { type: _type, id: _id, output: _output, ...outcome } = event;
    this.checks.push(outcome);
  }
}

const short = (text: string) => {
  const one = text.replace(/\s+/g, " ");
  return one.length > 60 ? `“${one.slice(0, 59)}…”` : `“${one}”`;
};

/** The `json`/`stream-json` result object of one message (`result` absent: commands only). */
export function resultObject(result: TurnResult | undefined, model: ModelInfo, durationMs: number) {
  if (!result) {
    return {
      type: "result" as const,
      text: "",
      stop_reason: "end" as const,
      steps: 0,
      tool_calls: 0,
      duration_ms: Math.round(durationMs),
      model: model.id,
    };
  }
  const cost = costOf(result.usage, model);
  return {
    type: "result" as const,
    text: result.text,
    stop_reason: result.stopReason,
    usage: result.usage,
    steps: result.steps,
    tool_calls: result.toolCalls,
    duration_ms: Math.round(durationMs),
    model: model.id,
    ...(cost === undefined ? {} : { cost_usd: roundCost(cost) }),
    ...(result.error ? { error: { kind: result.error.kind, message: result.error.message } } : {}),
  };
}

export function exitCode(result: TurnResult): number {
  if (result.stopReason === "aborted") return 130;
  if (result.stopReason === "error" || result.stopReason === "max_steps") return 1;
  return 0;
}

export function failureLine(result: TurnResult): string {
  if (result.stopReason === "max_steps") {
    return `stopped after ${result.steps} steps (the step cap); raise it with --max-steps.`;
  }
  return result.error?.message ?? "the run failed.";
}
