import { type ToolRenderer, clip, count, str, verb } from "./types.js";
import { t } from "../../../i18n/index.js";

const questionsOf = (args: Record<string, unknown>): string[] =>
  Array.isArray(args.questions)
    ? args.questions.flatMap((q: unknown) => {
        const text = str((q as Record<string, unknown> | null)?.question);
        return text ? [text] : [];
      })
    : [];

/** `ask_user_question`: "Asking: Which database?" — then the answers, or "not answered". */
export const askUserQuestionLine: ToolRenderer = {
  title(args, done) {
    const asked = questionsOf(args);
    const more = asked.length > 1 ? ` (+${asked.length - 1})` : "";
    return verb("tool.asking", done, {
      question: `${clip(asked[0] ?? t("tool.aQuestion"), 70)}${more}`,
    });
  },
  // A resumed conversation has no details: the answers are read back from the result.
  summary(details, content) {
    const answers = Array.isArray(details.answers)
      ? details.answers.map(String)
      : [...content.matchAll(/^\u2192 (.*)$/gm)].map((m) => m[1]!);
    return answers.length > 0 ? clip(answers.join(" · "), 80) : t("tool.notAnswered");
  },
};

/** `enter_plan_mode`: "Proposing to plan first" (settled by its review: on or declined). */
export const enterPlanModeLine: ToolRenderer = {
  title: (_args, done) => verb("tool.proposingPlan", done),
};

/** `slash_command`: "Running /context" — then how many lines it printed. */
export const slashCommandLine: ToolRenderer = {
  title: (args, done) =>
    verb("tool.running", done, { what: clip(str(args.command) ?? t("tool.aCommand"), 60) }),
  summary(details, content) {
    if (details.effect === "change" || content.includes("runs when this turn ends"))
      return t("tool.runsAfterTurn");
    const lines = content.split("\n").length;
    return count(lines, "line");
  },
};
