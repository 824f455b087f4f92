import wrapAnsi from "wrap-ansi";
import type { AllowRule } from "../../../session/index.js";
import { REVIEW_BINDINGS, type ReviewKeyAction } from "../key-bindings.js";
import type { PendingReview } from "../review-state.js";
import { theme } from "../theme.js";
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
  // The question picker has hints of its own.
  question: {},
};

const KEY_NAMES: Record<string, string> = { tab: "Tab", escape: "Esc" };

/** "commands starting with `npm run`" or "exactly `ls -la`". */
export function ruleText(rule: AllowRule): string {
  return "prefix" in rule
    ? t("review.rulePrefix", { prefix: rule.prefix })
    : t("review.ruleExact", { command: rule.exact });
}

/**
 * The key hint rows of a pending review, from the key table: "a accept · y always (this
 * project) · r reject · t reject with a note · Esc cancel", then for a command the rule
 * "always" would store and what Tab switches to; `folded` adds "↑↓ scroll". Wrapped at `width`.
 */
export function reviewHints(pending: PendingReview, folded: boolean, width: number): string[] {
  const kind = pending.review.type;
  const labels = LABELS[kind];
  const canAlways = pending.review.type !== "command" || pending.rules.length > 0;
  const { paint } = theme();
  const hint = (key: string, label: string) => `${paint.bold.cyan(key)} ${paint.dim(label)}`;
  const keys = Object.entries(REVIEW_BINDINGS[kind])
    .filter(([, action]) => labels[action] && (action !== "always" || canAlways))
    .map(([key, action]) => hint(KEY_NAMES[key] ?? key, t(labels[action]!)));
  keys.push(...(folded ? [hint("↑↓", t("review.scroll"))] : []), hint("Esc", t("review.cancel")));
  const rows = [keys.join(paint.dim(" · "))];
  const rule = pending.rules[pending.rule];
  if (rule) {
    const other = pending.rules[(pending.rule + 1) % pending.rules.length];
    const toggle =
      other && other !== rule
        ? ` ${paint.dim("·")} ${hint("Tab", t("review.or", { rule: ruleText(other) }))}`
        : "";
    rows.push(`${paint.dim(t("review.alwaysAllows"))} ${ruleText(rule)}${toggle}`);
  }
  return rows.flatMap((row) => wrapAnsi(row, Math.max(20, width), { hard: true }).split("\n"));
}
