// A review (an `approval_request`) as ACP `session/request_permission` requests, and the option
// the person picked as North's decision. "Always" stores what the TUI's "always" stores (the
// policy does it on an `always` decision: edits in this project, the command's suggested rule,
// the MCP server's tool); a review the TUI offers no "always" for offers none here.
import type { PermissionOption, RequestPermissionOutcome } from "@agentclientprotocol/sdk";
import type { Review } from "../../agent/tool.js";
import { ELICITATION_CANCEL, suggestRule, type Decision } from "../../session/index.js";
import { t } from "../../i18n/index.js";

/** One request to the client: the options shown, and what each picked option decides. */
export interface PermissionAsk {
  options: PermissionOption[];
  /** The decision for the client's outcome (a cancelled request or an unknown option rejects). */
  decide(outcome: RequestPermissionOutcome): Decision;
  /** The tool call's title for this request, where the review has its own (an MCP form's). */
  title?: string;
  /** Set when North could not offer what the review asks: logged, and the answer is a refusal. */
  unshown?: string;
}

const REJECT = { optionId: "reject", name: "", kind: "reject_once" } as const;

/**
 * The requests a review becomes, in order: one for every review but a `question`, which asks
 * each question as its own request (its options are the answers). A review type this front end
 * does not know (a newer one) gets a plain allow once / reject once.
 */
export function permissionAsks(review: Review): PermissionAsk[] {
  const allow = (name = t("acp.allow")): PermissionOption => ({
    optionId: "allow",
    name,
    kind: "allow_once",
  });
  const reject: PermissionOption = { ...REJECT, name: t("acp.reject") };
  const simple = (options: PermissionOption[], always?: Decision): PermissionAsk => ({
    options,
    decide: (outcome) => {
      if (outcome.outcome !== "selected") return { type: "reject" };
      if (outcome.optionId === "allow") return { type: "accept" };
      if (outcome.optionId === "always" && always) return always;
      return { type: "reject" };
    },
  });
  const always = (name: string): PermissionOption => ({
    optionId: "always",
    name,
    kind: "allow_always",
  });
  switch (review.type) {
    case "edit":
      return [simple([allow(), always(t("acp.allowEditsAlways")), reject], { type: "always" })];
    case "command": {
      // Dangerous commands and leaving the sandbox are allowed one at a time (as in the TUI).
      if (review.danger || review.escalate) return [simple([allow(), reject])];
      const rule = suggestRule(review.command);
      const shown = "prefix" in rule ? `${rule.prefix} …` : rule.exact;
      return [
        simple([allow(), always(t("acp.allowRuleAlways", { rule: shown })), reject], {
          type: "always",
          rule,
        }),
      ];
    }
    case "mcp":
      return [
        simple(
          [
            allow(),
            always(t("acp.allowToolAlways", { tool: review.tool, server: review.server })),
            reject,
          ],
          { type: "always" },
        ),
      ];
    case "web":
      return [
        simple(
          [
            allow(t("acp.fetch", { url: review.url })),
            always(t("acp.allowWebAlways", { host: review.host })),
            reject,
          ],
          { type: "always" },
        ),
      ];
    case "secret":
      return [simple([allow(t("acp.readSecret", { path: review.path })), reject])];
    case "plan":
      return [simple([allow(t("acp.acceptPlan")), reject])];
    case "plan-mode":
      return [simple([allow(t("acp.planFirst")), reject])];
    case "question":
      return review.questions.map((question) => ({
        options: [
          ...question.options.map((option, i): PermissionOption => ({
            optionId: `answer-${i}`,
            name: option.label,
            kind: "allow_once",
          })),
          { ...REJECT, name: t("acp.decline") },
        ],
        decide: (outcome): Decision => {
          const index =
            outcome.outcome === "selected"
              ? /^answer-(\d+)$/.exec(outcome.optionId)?.[1]
              : undefined;
          const option = index === undefined ? undefined : question.options[Number(index)];
          return option ? { type: "answer", answers: [option.label] } : { type: "reject" };
        },
      }));
    case "elicitation":
      return [elicitationAsk(review)];
    default:
      return [simple([allow(), reject])];
  }
}

type Elicitation = Extract<Review, { type: "elicitation" }>;
type FormValue = string | number | boolean;

/**
 * An MCP server's form as one permission request, where options can carry it: a single enum or
 * boolean field is one option per value; a form that needs nothing typed (every field optional
 * or with a default) is "accept with the defaults". Any other form cannot be shown as options:
 * the request says so in its title and only declines. "Decline" declines, a cancelled request
 * cancels (the server sees `cancel`, as when the turn ends).
 */
function elicitationAsk(review: Elicitation): PermissionAsk {
  const decline: PermissionOption = { ...REJECT, name: t("acp.decline") };
  const title = t("acp.formTitle", { server: review.server, message: review.message });
  const choices = formChoices(review);
  if (!choices) {
    return {
      options: [decline],
      title: t("acp.formUnshown", { server: review.server, message: review.message }),
      unshown: "a form with fields to type",
      decide: (outcome) => cancelOrDecline(outcome),
    };
  }
  return {
    options: [
      ...choices.map((choice, i): PermissionOption => ({
        optionId: `value-${i}`,
        name: choice.name,
        kind: "allow_once",
      })),
      decline,
    ],
    title,
    decide: (outcome) => {
      const index =
        outcome.outcome === "selected" ? /^value-(\d+)$/.exec(outcome.optionId)?.[1] : undefined;
      const choice = index === undefined ? undefined : choices[Number(index)];
      return choice ? { type: "form", content: choice.content } : cancelOrDecline(outcome);
    },
  };
}

/** The answers a form can be given as options, or undefined when it needs typing. */
function formChoices(
  review: Elicitation,
): { name: string; content: Record<string, FormValue> }[] | undefined {
  const [only] = review.fields;
  if (review.fields.length === 1 && only) {
    if (only.type === "string" && only.enum?.length) {
      return only.enum.map((value, i) => ({
        name: only.enumNames?.[i] ?? value,
        content: { [only.name]: value },
      }));
    }
    if (only.type === "boolean") {
      return [true, false].map((value) => ({
        name: t(value ? "acp.formYes" : "acp.formNo", { field: only.title ?? only.name }),
        content: { [only.name]: value },
      }));
    }
  }
  if (!review.fields.every((field) => !field.required || field.default !== undefined)) {
    return undefined;
  }
  const content: Record<string, FormValue> = {};
  for (const field of review.fields) {
    if (field.default !== undefined) content[field.name] = field.default;
  }
  return [{ name: t("acp.formDefaults"), content }];
}

const cancelOrDecline = (outcome: RequestPermissionOutcome): Decision =>
  outcome.outcome === "cancelled"
    ? { type: "reject", reason: ELICITATION_CANCEL }
    : { type: "reject" };

/**
 * The decision for a review from the answers to its requests, asked one by one through `ask`:
 * a question review collects one answer per question and is declined by any refusal.
 */
export async function decideReview(
  review: Review,
  ask: (options: PermissionOption[], title?: string) => Promise<RequestPermissionOutcome>,
  log: (event: string, fields: Record<string, unknown>) => void = () => {},
): Promise<Decision> {
  const asks = permissionAsks(review);
  if (review.type !== "question") {
    const [one] = asks as [PermissionAsk];
    const decision = one.decide(await ask(one.options, one.title));
    if (one.unshown) {
      const server = review.type === "elicitation" ? review.server : undefined;
      log("acp_review_unshown", { review: review.type, server, why: one.unshown });
      return decision.type === "reject" ? decision : { type: "reject" };
    }
    return decision;
  }
  const answers: string[] = [];
  for (const one of asks) {
    const decision = one.decide(await ask(one.options));
    if (decision.type !== "answer") return { type: "reject" };
    answers.push(...decision.answers);
  }
  return { type: "answer", answers };
}
