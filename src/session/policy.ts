import type { Authorize } from "../agent/loop.js";
import type { Review } from "../agent/tool.js";
import type { AllowRule, PermissionStore } from "./permission-store.js";
import type { Approve, Mode } from "./permissions.js";

/** The person's answer to an approval request. */
export type Decision =
  | { type: "accept" }
  /** Accept, and stop asking: edits auto-accepted in this project, or the command rule allowed. */
  | { type: "always"; rule?: AllowRule }
  | { type: "reject"; reason?: string };

/** Asks a person; resolves with their decision, or a rejection when `signal` aborts. */
export type Ask = (
  request: { id: string; name: string; review: Review },
  signal: AbortSignal,
) => Promise<Decision>;

export interface PolicyState {
  mode: Mode;
  planAccepted: boolean;
}

export interface PolicyOptions {
  state: PolicyState;
  store: PermissionStore;
  /** A person to ask (interactive), or the headless `--approve` answer. */
  ask: Ask | { approve: Approve };
}

const NO_RETRY = "Do not retry it another way; tell the person what you wanted to do.";

/**
 * One permission policy for every tool, by kind: read runs; edit and shell run when the mode
 * allows them and the project's standing permissions, `--approve`, or the person say so.
 * Commands that can destroy work beyond undo always need a person.
 */
export function createPolicy({ state, store, ask }: PolicyOptions): Authorize {
  const headless = typeof ask !== "function" ? ask.approve : undefined;
  const person = typeof ask === "function" ? ask : undefined;
  const askPerson = async (id: string, name: string, review: Review, signal: AbortSignal) => {
    if (!person) return undefined;
    return person({ id, name, review }, signal);
  };

  return async (call, tool, review, signal) => {
    if (review?.type === "plan") {
      if (state.mode !== "plan")
        return {
          allow: false,
          reason: "Not in plan mode: there is no plan to accept. Go on with the task.",
        };
      const decision = await askPerson(call.id, call.name, review, signal);
      if (!decision) {
        return {
          allow: false,
          reason:
            "This headless run cannot accept a plan; the plan stands as your answer. Stop here.",
        };
      }
      if (signal.aborted) return { allow: false, reason: "Cancelled by the user." };
      if (decision.type === "reject")
        return {
          allow: false,
          reason: rejected(decision, "The person did not accept the plan. Ask what to change."),
        };
      state.planAccepted = true;
      return { allow: true };
    }
    if (state.mode === "ask")
      return { allow: false, reason: `Ask mode: changes are not allowed. ${NO_RETRY}` };
    if (state.mode === "plan" && !state.planAccepted) {
      return {
        allow: false,
        reason:
          "Plan mode: changes wait until the person accepts a plan. Present it with exit_plan_mode.",
      };
    }
    const danger = review?.type === "command" ? review.danger : undefined;
    const standing =
      !danger &&
      ((tool.kind === "edit" && store.editsAutoAccepted) ||
        (review?.type === "command" && store.allows(review.command)));
    if (standing) return { allow: true };
    if (headless !== undefined) return headlessDecision(tool.kind, headless, danger);
    if (!review) {
      // Nothing to show the person: a tool that changes things must prepare a proposal.
      return {
        allow: false,
        reason: `${call.name} cannot be reviewed, so it is not run. ${NO_RETRY}`,
      };
    }
    const decision = await askPerson(call.id, call.name, review, signal);
    if (!decision || signal.aborted) return { allow: false, reason: "Cancelled by the user." };
    if (decision.type === "reject")
      return {
        allow: false,
        reason: rejected(decision, `The person rejected this change. ${NO_RETRY}`),
      };
    if (decision.type === "always" && !danger) {
      if (review.type === "edit") await store.acceptEditsAlways();
      if (review.type === "command" && decision.rule) await store.allowAlways(decision.rule);
    }
    return { allow: true };
  };
}

function rejected(decision: { reason?: string }, fallback: string): string {
  return decision.reason ? `The person rejected this: ${decision.reason}` : fallback;
}

function headlessDecision(kind: string, approve: Approve, danger: string | undefined) {
  if (danger) {
    return {
      allow: false as const,
      reason: `Refused: ${danger} It needs a person's approval, which a headless run cannot give. ${NO_RETRY}`,
    };
  }
  if (kind === "edit" && (approve === "edits" || approve === "all"))
    return { allow: true as const };
  if (kind === "shell" && approve === "all") return { allow: true as const };
  const what = kind === "shell" ? "running commands" : "changing files";
  const flag = kind === "shell" ? "--approve all" : "--approve edits";
  return {
    allow: false as const,
    reason: `Refused: this headless run does not allow ${what} (it needs ${flag}). ${NO_RETRY}`,
  };
}
