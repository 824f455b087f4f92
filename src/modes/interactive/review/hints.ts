import wrapAnsi from "wrap-ansi";
import type { AllowRule } from "../../../session/index.js";
import { CHOICE_ACTIONS, REVIEW_BINDINGS, type ReviewKeyAction } from "../keys/key-bindings.js";
import type { PendingReview } from "./review-state.js";
import { hue, theme } from "../screen/theme.js";
import { t, type MessageKey } from "../../../i18n/index.js";

/** The words after each key in a review's hint line, by kind; unlabelled keys are not listed. */
const LABELS: Record<
  PendingReview["review"]["type"],
  Partial<Record<ReviewKeyAction, MessageKey>>
> = {
  edit: {
    accept: "review.accept",
    always: "review.alwaysProject",
    reject: "review.reject",
    "reject-with-note": "review.rejectNote",
  },
  command: {
    accept: "review.run",
    always: "review.alwaysAllow",
    reject: "review.deny",
    "reject-with-note": "review.denyNote",
  },
  secret: {
    accept: "review.allowRead",
    reject: "review.reject",
    "reject-with-note": "review.rejectNote",
  },
  plan: {
    accept: "review.accept",
    reject: "review.reject",
    "reject-with-note": "review.rejectNote",
  },
  "plan-mode": {
    accept: "review.yesPlan",
    reject: "review.noPlan",
  },
  slash: {
    accept: "review.run",
    reject: "review.deny",
    "reject-with-note": "review.denyNote",
  },
  mcp: {
    accept: "review.accept",
    always: "review.alwaysMcpTool",
    reject: "review.reject",
    "reject-with-note": "review.rejectNote",
  },
  web: {
    accept: "review.allowFetch",
    always: "review.alwaysWebDomain",
    reject: "review.reject",
    "reject-with-note": "review.rejectNote",
  },
  // The question picker has hints of its own.
  question: {},
  elicitation: {},
};

/** "commands starting with `npm run`" or "exactly `ls -la`". */
export function ruleText(rule: AllowRule): string {
  return "prefix" in rule
    ? t("review.rulePrefix", { prefix: rule.prefix })
    : t("review.ruleExact", { command: rule.exact });
}

/** One choice of a review: what it does, its letter, its words. */
export interface ReviewChoice {
  action: ReviewKeyAction;
  key: string;
  label: string;
}

/**
 * The choices of a pending review in the order they are numbered: the one-time yes first (the
 * highlighted one when the review appears, except for leaving the sandbox), "always" only where
 * it can be stored.
 */
export function reviewChoices(pending: PendingReview): ReviewChoice[] {
  const kind = pending.review.type;
  const labels = LABELS[kind];
  const canAlways = pending.review.type !== "command" || pending.rules.length > 0;
  const bindings = Object.entries(REVIEW_BINDINGS[kind]);
  return CHOICE_ACTIONS.flatMap((action) => {
    const key = bindings.find(([k, a]) => a === action && k.length === 1)?.[0];
    const label = labels[action];
    if (!key || !label || (action === "always" && !canAlways)) return [];
    return [{ action, key, label: t(label) }];
  });
}

/**
 * The key hint rows of a pending review: its numbered choices with their letters, the
 * highlighted one marked ("› 1 y accept · 2 a always (this project) · 3 n reject …"), then the
 * keys that move and do them; for a command the rule "always" would store and what Tab switches
 * to; `folded` adds "↑↓ scroll". While "always" waits for its confirmation, the question and its
 * keys instead. Wrapped at `width`. While the review is guarded (just appeared, keys ignored) the
 * same number of rows, blank: the choices show once they can be chosen.
 */
export function reviewHints(pending: PendingReview, folded: boolean, width: number): string[] {
  const rows = hintRows(pending, folded, width);
  return pending.guarded ? rows.map(() => "") : rows;
}

function hintRows(pending: PendingReview, folded: boolean, width: number): string[] {
  const { paint } = theme();
  const hint = (key: string, label: string) => `${hue("accent").bold(key)} ${paint.dim(label)}`;
  const choices = reviewChoices(pending);
  const rule = pending.rules[pending.rule];
  const wrap = (rows: string[]) =>
    rows.flatMap((row) => wrapAnsi(row, Math.max(20, width), { hard: true }).split("\n"));
  if (pending.confirming) {
    const key = choices.find((c) => c.action === "always")?.key ?? "a";
    const review = pending.review;
    const question =
      review.type === "command" && rule
        ? t("review.confirmRule", { rule: ruleText(rule) })
        : review.type === "mcp"
          ? t("review.confirmMcpTool", { tool: review.tool, server: review.server })
          : review.type === "web"
            ? t("review.confirmWebDomain", { host: review.host })
            : t("review.confirmEdits");
    return wrap([
      hue("warning")(question),
      [
        hint(`${key} ${t("review.orEnter")}`, t("review.confirm")),
        hint("Esc", t("review.back")),
      ].join(paint.dim(" · ")),
    ]);
  }
  const shown = choices.map((c, i) =>
    i === pending.choice
      ? hue("accent").bold(`› ${i + 1} ${c.key} ${c.label}`)
      : `${paint.dim(`${i + 1}`)} ${hue("accent").bold(c.key)} ${paint.dim(c.label)}`,
  );
  const keys = [
    hint("←→", t("review.choose")),
    hint("Enter", t("review.do")),
    hint("Esc", t("review.refuse")),
    ...(folded ? [hint("↑↓", t("review.scroll"))] : []),
  ];
  const rows = [shown.join(paint.dim(" · ")), keys.join(paint.dim(" · "))];
  if (pending.drafting) rows.push(hue("warning")(t("review.drafting")));
  if (rule) {
    const other = pending.rules[(pending.rule + 1) % pending.rules.length];
    const toggle =
      other && other !== rule
        ? ` ${paint.dim("·")} ${hint("Tab", t("review.or", { rule: ruleText(other) }))}`
        : "";
    rows.push(`${paint.dim(t("review.alwaysAllows"))} ${ruleText(rule)}${toggle}`);
  }
  return wrap(rows);
}
