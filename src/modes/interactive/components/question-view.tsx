import { Box, Text } from "ink";
import { t } from "../../../i18n/index.js";
import { pickerQuestions } from "../review/picker-questions.js";
import type { PendingReview } from "../review/review-state.js";
import { tint } from "../screen/theme.js";
import { CursorLine } from "./composer-view.js";

const clean = (text: string) => text.replace(/[\x00-\x1f\x7f]+/g, " ").trim();

/**
 * The question picker of `ask_user_question`, inside the review frame: which question of how
 * many, the question, its numbered options with the highlighted one marked, "Other", and the
 * keys (once the review takes them) — or the line where the person types an answer of their own.
 * An MCP server's form (`elicitation`) is walked the same way, a field per step, under the
 * server's message; a typed value that does not fit its field is said under the line.
 */
export function QuestionView({ pending }: { pending: PendingReview }) {
  const picker = pending.picker;
  const questions = pickerQuestions(pending.review);
  if (!questions || !picker) return null;
  const form = pending.review.type === "elicitation" ? pending.review : undefined;
  const question = questions[picker.index]!;
  const other = form ? t("elicitation.type") : t("question.other");
  const options = [
    ...question.options.map((o) => ({ label: clean(o.label), description: o.description })),
    ...(question.typed ? [{ label: other, description: undefined }] : []),
  ];
  const counter = t("question.counter", {
    index: String(picker.index + 1),
    count: String(questions.length),
  });
  return (
    <Box flexDirection="column">
      {form ? (
        <Text>
          <Text color={tint("accent")}>
            {t("elicitation.asks", { server: clean(form.server) })}
          </Text>{" "}
          {clean(form.message)}
        </Text>
      ) : null}
      <Text dimColor wrap="truncate-end">
        {question.header ? `${counter} · ${clean(question.header)}` : counter}
      </Text>
      <Text bold>{clean(question.question)}</Text>
      {question.note ? <Text dimColor>{clean(question.note)}</Text> : null}
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
          {picker.error ? (
            <Text color={tint("error")}>
              {t("elicitation.invalid", { what: clean(question.note ?? "") })}
            </Text>
          ) : null}
          <Text dimColor>
            {question.options.length === 0 ? t("elicitation.typeHints") : t("question.otherHints")}
          </Text>
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
