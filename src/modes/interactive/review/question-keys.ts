import { editAction } from "../composer/edit-action.js";
import * as ed from "../composer/editor.js";
import type { InputHistory } from "../composer/history.js";
import { KEY_BINDINGS, QUESTION_BINDINGS } from "../keys/key-bindings.js";
import type { KeyPress } from "../keys/keys.js";
import type { ReviewKeyContext } from "./review-keys.js";
import type { PendingReview, QuestionPicker } from "./review-state.js";

/** The ↑/↓ of a typed answer must not walk the composer's history. */
const noHistory = { previous: () => undefined, next: () => undefined } as unknown as InputHistory;

/**
 * A key while questions are pending: ↑/↓ move between the options (the last is "Other"), a
 * digit or Enter chooses, "Other" opens a line for the person's own answer (Enter sends it, Esc
 * goes back), Esc declines the questions, Ctrl+C cancels the turn. After the last question the
 * answers go to the session.
 */
export function onQuestionKey(ctx: ReviewKeyContext, pending: PendingReview, key: KeyPress): void {
  const picker = pending.picker;
  if (pending.review.type !== "question" || !picker) return;
  const questions = pending.review.questions;
  const question = questions[picker.index]!;
  const set = (next: QuestionPicker) => ctx.dispatch({ type: "question-picker", picker: next });
  const answer = (text: string) => {
    const answers = [...picker.answers, text];
    if (picker.index + 1 < questions.length)
      return set({ index: picker.index + 1, selected: 0, answers });
    ctx.respond(pending.id, { type: "answer", answers });
  };
  if (picker.other) return onOtherKey(ctx, picker, picker.other, key, set, answer);
  const count = question.options.length + 1;
  const choose = (i: number) =>
    i < question.options.length
      ? answer(question.options[i]!.label)
      : set({ ...picker, selected: i, other: ed.emptyEditor });
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

function onOtherKey(
  ctx: ReviewKeyContext,
  picker: QuestionPicker,
  other: ed.EditorState,
  key: KeyPress,
  set: (next: QuestionPicker) => void,
  answer: (text: string) => void,
): void {
  if (key.id === "text")
    return set({ ...picker, other: ed.insert(other, (key.text ?? "").replace(/\n/g, " ")) });
  if (key.id === "enter") {
    const text = other.text.trim();
    if (text) answer(text);
    return;
  }
  if (key.id === "escape") {
    const { other: _closed, ...rest } = picker;
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
