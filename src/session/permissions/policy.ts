import type { Authorize } from "../../agent/loop.js";
import type { Review } from "../../agent/tool.js";
import type { AllowRule } from "./allow-rules.js";
import type { PermissionStore } from "./permission-store.js";
import type { Approve, Mode, Profile } from "./permissions.js";
import { refusal } from "./policy-reasons.js";
import { inDomain } from "../../tools/index.js";

/** The person's answer to an approval request. */
export type Decision =
  | { type: "accept" }
  /** Accept, and stop asking: edits auto-accepted in this project, or the command rule allowed. */
  | { type: "always"; rule?: AllowRule }
  | { type: "reject"; reason?: string }
  /** The answers to a `question` review, one per question, in order. */
  | { type: "answer"; answers: string[] }
  /** The values of an `elicitation` review's form, by field name (checked against its fields). */
  | { type: "form"; content: Record<string, string | number | boolean> };

/** Asks a person; resolves with their decision, or a rejection when `signal` aborts. */
export type Ask = (
  /** `agent`: the sub-agent asking, when not the main agent (the review is labelled with it). */
  request: { id: string; name: string; review: Review; agent?: string },
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
  /**
   * Where commands run now (see `commandProfile`); "none" (the default) when there is no
   * sandbox: then every command is the person's or `--approve all`'s to allow, as before.
   */
  profile?: () => Profile;
  /**
   * A PreToolUse hook's `permissionDecision` for a call (by its id): `allow` skips the review
   * only where a person's yes is all that is missing (never an escalation, a danger, a read-only
   * mode, a secret, a plan or a slash command); `ask` puts the person in front of what would run
   * unasked (a sandboxed command, a standing permission); headless, `ask` refuses.
   */
  hookSays?: (callId: string) => "allow" | "ask" | undefined;
  /**
   * Domains `web_fetch` may reach without a review (`web.allowDomains` of the person's config;
   * each with its subdomains). A repository's settings never add one.
   */
  webDomains?: readonly string[];
}

type Verdict = { allow: true } | { allow: false; reason: string };
const ALLOW: Verdict = { allow: true };

/**
 * One permission policy for every tool:
 * - a plan (`exit_plan_mode`) is the person's to accept, in plan mode only;
 * - a proposal to plan first (`enter_plan_mode`): allowed at once in plan mode; else the
 *   person's yes (the mode becomes plan, no plan accepted yet); declined headless;
 * - a slash command that changes the session (`slash_command`): the person, in every mode;
 *   refused headless unless `--approve all`;
 * - a read of a file that may hold secrets: the person (accept or reject, in every mode);
 *   headless only with `--approve all`;
 * - a command in the OS sandbox (`review.sandbox` not "none", no `escalate`) runs without asking —
 *   read-only in ask mode and in plan mode before a plan is accepted — unless it would discard
 *   the person's uncommitted work (`danger` on a sandboxed command, see shell_run): then only a
 *   person, never a standing rule or `--approve`;
 * - a command that asks to leave the sandbox (`escalate`): only a person, never in ask/plan
 *   before acceptance, never headless (unless the run had `--sandbox off`: profile "none");
 * - an MCP tool that does not run unasked (the server does not mark it read-only, or the person
 *   does not trust that server's `readOnlyHint`): the person's "always" for that server and tool,
 *   `--approve all` (headless), or the person; one not even claimed read-only is refused like an
 *   edit in ask mode and in plan mode before acceptance;
 * - a host `web_fetch` would reach (`web`): read-only, so in every mode; a domain of
 *   `webDomains` or one the person allowed "always", `--approve all` (headless), or the person
 *   (once, or always for the domain);
 * - everything else (edits; every command when there is no sandbox): refused in ask mode and in
 *   plan mode before acceptance; then the person's standing permissions, `--approve`, or the
 *   person. Commands flagged as dangerous need a person there.
 */
export function createPolicy({
  state,
  store,
  ask,
  profile,
  hookSays,
  webDomains = [],
}: PolicyOptions): Authorize {
  const headless = typeof ask !== "function" ? ask.approve : undefined;
  const person = typeof ask === "function" ? ask : undefined;
  const currentProfile = profile ?? (() => "none" as const);
  const askPerson = async (id: string, name: string, review: Review, signal: AbortSignal) =>
    person ? person({ id, name, review }, signal) : undefined;
  const readOnlyNow = () => state.mode === "ask" || (state.mode === "plan" && !state.planAccepted);

  return async (call, tool, review, signal): Promise<Verdict> => {
    if (review?.type === "plan") {
      if (state.mode !== "plan") return refusal("no-plan-mode");
      const decision = await askPerson(call.id, call.name, review, signal);
      if (!decision) return refusal("plan-headless");
      if (signal.aborted) return refusal("cancelled");
      if (decision.type === "reject") return refusal("plan-rejected", decision.reason);
      state.planAccepted = true;
      return ALLOW;
    }
    if (review?.type === "plan-mode") {
      if (state.mode === "plan") return ALLOW;
      const decision = await askPerson(call.id, call.name, review, signal);
      if (!decision) return refusal("plan-mode-headless");
      if (signal.aborted) return refusal("cancelled");
      if (decision.type === "reject") return refusal("plan-mode-declined", decision.reason);
      state.mode = "plan";
      state.planAccepted = false;
      return ALLOW;
    }
    if (review?.type === "slash") {
      if (headless !== undefined) return headless === "all" ? ALLOW : refusal("slash-headless");
      const decision = await askPerson(call.id, call.name, review, signal);
      if (!decision || signal.aborted) return refusal("cancelled");
      if (decision.type === "reject") return refusal("rejected", decision.reason);
      return ALLOW;
    }
    if (review?.type === "secret") {
      if (headless !== undefined) return headless === "all" ? ALLOW : refusal("secret-headless");
      const decision = await askPerson(call.id, call.name, review, signal);
      if (!decision || signal.aborted) return refusal("cancelled");
      if (decision.type === "reject") return refusal("secret-rejected", decision.reason);
      return ALLOW;
    }
    const hook = hookSays?.(call.id);
    if (review?.type === "web") {
      if (webDomains.some((d) => inDomain(review.host, d)) || store.allowsWebHost(review.host)) {
        return ALLOW;
      }
      if (hook === "allow") return ALLOW;
      if (headless !== undefined) {
        return headless === "all" ? ALLOW : refusal("web-headless", review.host);
      }
      return decide(review, true);
    }
    const command = review?.type === "command" ? review : undefined;
    const where = command?.sandbox ?? "none";
    if (command && where !== "none" && !command.escalate) {
      // The sandbox is the guarantee; in a read-only phase only the read-only one.
      if (readOnlyNow() && where !== "read-only") {
        return refusal(state.mode === "ask" ? "ask-mode" : "plan-mode");
      }
      // It would discard the person's uncommitted work, which the sandbox lets it write: a
      // person (never a standing rule or --approve), shown what it would lose.
      if (hook === "ask") {
        return headless !== undefined ? refusal("hook-ask-headless") : decide(command, false);
      }
      if (!command.danger || where === "read-only") return ALLOW;
      if (headless !== undefined) return refusal("danger-headless", command.danger);
      return decide(command, false);
    }
    if (review?.type === "mcp") {
      // A server's tool that does not run unasked. One the server calls read-only is asked for in
      // every mode (its word is not proof); any other is a change, refused in the read-only modes.
      if (readOnlyNow() && !review.readOnlyHint) {
        return refusal(state.mode === "ask" ? "ask-mode" : "plan-mode");
      }
      // A stored "always" for it, `--approve all`, or a person.
      if (hook === "allow") return ALLOW;
      if (hook === "ask") {
        return headless !== undefined ? refusal("hook-ask-headless") : decide(review, false);
      }
      if (store.allowsMcpTool(review.server, review.tool)) return ALLOW;
      if (headless !== undefined) {
        if (headless === "all") return ALLOW;
        return refusal(review.readOnlyHint ? "mcp-hint-headless" : "mcp-headless", review.server);
      }
      return decide(review, true);
    }
    const escalating = command?.escalate !== undefined && currentProfile() !== "none";
    if (readOnlyNow()) {
      return refusal(state.mode === "ask" ? "ask-mode" : "plan-mode", undefined, escalating);
    }
    if (escalating) {
      // Leaving the sandbox: only a person, never a standing rule or `--approve`.
      if (headless !== undefined || !command) return refusal("escalate-headless");
      return decide(command, false);
    }
    const danger = command?.danger;
    if (hook === "allow" && !danger) return ALLOW;
    if (hook === "ask") {
      if (headless !== undefined) return refusal("hook-ask-headless");
      return review ? decide(review, false) : refusal("unreviewable", call.name);
    }
    const standing =
      !danger &&
      ((tool.kind === "edit" && store.editsAutoAccepted) ||
        (command !== undefined && store.allows(command.command)));
    if (standing) return ALLOW;
    if (headless !== undefined) return headlessDecision(tool.kind, headless, danger);
    // Nothing to show the person: a tool that changes things must prepare a proposal.
    if (!review) return refusal("unreviewable", call.name);
    return decide(review, !danger);

    async function decide(shown: Review, mayStore: boolean): Promise<Verdict> {
      const decision = await askPerson(call.id, call.name, shown, signal);
      if (!decision || signal.aborted) return refusal("cancelled");
      if (decision.type === "reject") return refusal("rejected", decision.reason);
      if (decision.type === "always" && mayStore) {
        if (shown.type === "edit") await store.acceptEditsAlways();
        if (shown.type === "command" && decision.rule) await store.allowAlways(decision.rule);
        if (shown.type === "mcp") await store.allowMcpToolAlways(shown.server, shown.tool);
        if (shown.type === "web") await store.allowWebDomainAlways(shown.host);
      }
      return ALLOW;
    }
  };
}

function headlessDecision(kind: string, approve: Approve, danger: string | undefined): Verdict {
  if (danger) return refusal("danger-headless", danger);
  if (kind === "edit" && (approve === "edits" || approve === "all")) return ALLOW;
  if (kind === "shell" && approve === "all") return ALLOW;
  return refusal(kind === "shell" ? "commands-headless" : "edits-headless");
}
