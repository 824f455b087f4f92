import { Box, Text } from "ink";
import { t } from "../../../i18n/index.js";
import type { PendingReview } from "../review/review-state.js";
import { tint } from "../screen/theme.js";
import { CursorLine } from "./composer-view.js";

const clean = (text: string) => text.replace(/[\x00-\x1f\x7f]+/g, " ").trim();

/**
 * The question picker of `ask_user_question`, inside the review frame: which question of how
 * many, the question, its numbered options with the highlighted one marked, "Other", and the
 * keys (once the review takes them) — or the line where the person types an answer of their own.
 */
export function QuestionView({ pending }: { pending: PendingReview }) {
  const picker = pending.picker;
  if (pending.review.type !== "question" || !picker) return null;
  const { questions } = pending.review;
  const question = questions[picker.index]!;
  const options = [
    ...question.options.map((o) => ({ label: clean(o.label), description: o.description })),
    { label: t("question.other"), description: undefined },
  ];
  const counter = t("question.counter", {
    index: String(picker.index + 1),
    count: String(questions.length),
  });
  return (
    <Box flexDirection="column">
      <Text dimColor wrap="truncate-end">
        {question.header ? `${counter} · ${clean(question.header)}` : counter}
      </Text>
      <Text bold>{clean(question.question)}</Text>
      {options.map((option, i) => {
        const on = i === picker.selected;
        return (
          <Text key={i} wrap="truncate-end">
            <Text color={on ? tint("accent") : undefined}>{on ? "›" : " "}</Text>{" "}
            <Text bold={on}>
              {i + 1}. {option.label}
            </Text>
            {option.description ? <Text dimColor> — {clean(option.description)}</Text> : null}
          </Text>
        );
      })}
      {picker.other ? (
        <Box flexDirection="column">
          <Box>
            <Text color={tint("accent")}>{t("question.answer")}</Text>
            <CursorLine line={picker.other.text} at={picker.other.cursor} />
          </Box>
          <Text dimColor>{t("question.otherHints")}</Text>
        </Box>
      ) : (
        <Text dimColor wrap="truncate-end">
          {/* Just appeared: no key answers it yet (review-state.ts, `guarded`). */}
          {pending.guarded ? " " : t("question.hints", { count: String(options.length) })}
        </Text>
      )}
    </Box>
  );
}
