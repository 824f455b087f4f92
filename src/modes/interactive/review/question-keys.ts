import { editAction } from "../composer/edit-action.js";
import * as ed from "../composer/editor.js";
import type { InputHistory } from "../composer/history.js";
import { KEY_BINDINGS, QUESTION_BINDINGS } from "../keys/key-bindings.js";
import type { KeyPress } from "../keys/keys.js";
import type { ReviewKeyContext } from "./review-keys.js";
import { checkForm, type Decision } from "../../../session/index.js";
import { pickerQuestions, type PickerQuestion } from "./picker-questions.js";
import { pickerAt, type PendingReview, type QuestionPicker } from "./review-state.js";

/** The ↑/↓ of a typed answer must not walk the composer's history. */
const noHistory = { previous: () => undefined, next: () => undefined } as unknown as InputHistory;

/**
 * A key while questions (or an MCP server's form, field by field) are pending: ↑/↓ move between
 * the options (the last is "Other" where a typed answer is allowed), a digit or Enter chooses,
 * "Other" opens a line for the person's own answer (Enter sends it, Esc goes back — or declines
 * when the step has no options), Esc declines, Ctrl+C cancels the turn. After the last step the
 * answers go to the session: a question's as answers, a form's as its values.
 */
export function onQuestionKey(ctx: ReviewKeyContext, pending: PendingReview, key: KeyPress): void {
  const picker = pending.picker;
  const questions = pickerQuestions(pending.review);
  if (!questions || !picker) return;
  const question = questions[picker.index]!;
  const set = (next: QuestionPicker) => ctx.dispatch({ type: "question-picker", picker: next });
  const answer = (text: string) => {
    const answers = [...picker.answers, text];
    if (picker.index + 1 < questions.length)
      return set(pickerAt(questions[picker.index + 1], picker.index + 1, answers));
    ctx.respond(pending.id, finish(pending.review, answers));
  };
  if (picker.other) return onOtherKey(ctx, pending, question, picker.other, key, set, answer);
  const count = question.options.length + (question.typed ? 1 : 0);
  const choose = (i: number) => {
    const option = question.options[i];
    if (option) return answer(option.value ?? option.label);
    set({ ...picker, selected: i, other: ed.emptyEditor });
  };
  if (key.id === "text") {
    const n = Number(key.text);
    if (Number.isInteger(n) && n >= 1 && n <= count) choose(n - 1);
    return;
  }
  switch (QUESTION_BINDINGS[key.id]) {
    case "up":
      return set({ ...picker, selected: (picker.selected - 1 + count) % count });
    case "down":
      return set({ ...picker, selected: (picker.selected + 1) % count });
    case "choose":
      return choose(picker.selected);
    case "decline":
      return ctx.respond(pending.id, { type: "reject" });
    case "cancel-turn":
      return ctx.cancelTurn();
  }
}

/** The decision the answers make: a question's answers, or a form's values ("" left out). */
function finish(review: PendingReview["review"], answers: string[]): Decision {
  if (review.type !== "elicitation") return { type: "answer", answers };
  const given: Record<string, string> = {};
  review.fields.forEach((field, i) => {
    if (answers[i]) given[field.name] = answers[i];
  });
  const checked = checkForm(review.fields, given);
  // Each typed value was checked as it was given: this holds; a failure declines.
  return "content" in checked ? { type: "form", content: checked.content } : { type: "reject" };
}

function onOtherKey(
  ctx: ReviewKeyContext,
  pending: PendingReview,
  question: PickerQuestion,
  other: ed.EditorState,
  key: KeyPress,
  set: (next: QuestionPicker) => void,
  answer: (text: string) => void,
): void {
  const picker = pending.picker!;
  if (key.id === "text") {
    const { error: _shown, ...rest } = picker;
    return set({ ...rest, other: ed.insert(other, (key.text ?? "").replace(/\n/g, " ")) });
  }
  if (key.id === "enter") {
    const text = other.text.trim();
    if (!text) return;
    const field = question.field;
    if (field) {
      const checked = checkForm([field], { [field.name]: text });
      // Shown in the person's language from the step's note (question-view.tsx).
      if ("error" in checked) return set({ ...picker, error: checked.error });
    }
    return answer(text);
  }
  if (key.id === "escape") {
    // A step that is only a typed line has no options to go back to: Esc declines.
    if (question.options.length === 0) return ctx.respond(pending.id, { type: "reject" });
    const { other: _closed, error: _shown, ...rest } = picker;
    return set(rest);
  }
  if (key.id === "ctrl+c") return ctx.cancelTurn();
  const action = KEY_BINDINGS[key.id];
  if (!action || action === "submit" || action === "newline") return;
  const outcome = editAction(other, action, noHistory);
  if (outcome?.kind === "edit") set({ ...picker, other: outcome.state });
}

/** A paste while an own answer is being typed goes into it, on one line. */
export function pasteIntoAnswer(ctx: ReviewKeyContext, picker: QuestionPicker, text: string) {
  if (!picker.other) return;
  const other = ed.insert(picker.other, text.replace(/\s*\n\s*/g, " "));
  ctx.dispatch({ type: "question-picker", picker: { ...picker, other } });
}
