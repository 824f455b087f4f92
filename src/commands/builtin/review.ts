import type { Command } from "../types.js";
import prompt from "./review-prompt.md";
import { t } from "../../i18n/index.js";
import { ReviewRefusal, reviewTarget, type ReviewTarget } from "./review-diff.js";

/** A code fence longer than any run of backticks in `text`. */
function fence(text: string): string {
  const longest = Math.max(2, ...[...text.matchAll(/`+/g)].map((m) => m[0].length));
  return "`".repeat(longest + 1);
}

/** The review prompt for `target` (review-prompt.md with its fields filled). */
export function reviewPrompt(target: ReviewTarget): string {
  const fields: Record<string, string> = {
    label: target.label,
    stat: target.stat.trim() || "(none)",
    untracked:
      target.untracked.length > 0
        ? `Untracked files (new, not in the diff; read them):\n${target.untracked.map((f) => `- ${f}`).join("\n")}\n`
        : "",
    truncated: target.truncated ? " (cut: read the files for the rest)" : "",
    fence: fence(target.diff),
    diff: target.diff.trimEnd(),
  };
  return prompt.trim().replace(/\{(\w+)\}/g, (whole, name: string) => fields[name] ?? whole);
}

/**
 * `/review [target]`: a read-only review by the model of the uncommitted changes (default), the
 * current branch against a base branch (`/review main`), or a commit (`/review abc123`). North
 * gathers the diff with its own git and sends one message in ask mode (read tools and the
 * read-only sandbox only); the mode of the messages after it is the one before.
 */
export const reviewCommand: Command = {
  name: "review",
  get description() {
    return t("cmd.review.description");
  },
  arity: "one",
  source: "builtin",
  async run(ctx, { args }) {
    let target: ReviewTarget;
    try {
      target = await reviewTarget(ctx.session.root, args[0]);
    } catch (error) {
      if (!(error instanceof ReviewRefusal)) throw error;
      (ctx.refuse ?? ((text) => ctx.say(text, "error")))(error.message);
      return;
    }
    ctx.say(t("cmd.review.start", { label: target.label }));
    ctx.send(reviewPrompt(target), "ask");
  },
};
