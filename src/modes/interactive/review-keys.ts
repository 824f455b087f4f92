import type { Decision } from "../../session/index.js";
import { editAction } from "./composer/edit-action.js";
import * as ed from "./composer/editor.js";
import type { InputHistory } from "./composer/history.js";
import { KEY_BINDINGS, NOTE_BINDINGS, REVIEW_BINDINGS } from "./key-bindings.js";
import type { KeyPress } from "./keys.js";
import { reviewBudget, type PendingReview } from "./review-state.js";
import type { UiAction, UiState } from "./state.js";
import { onQuestionKey } from "./review/question-keys.js";

export interface ReviewKeyContext {
  state(): UiState;
  dispatch(action: UiAction): void;
  /** Sends the person's answer to the session (and settles the review in the state). */
  respond(id: string, decision: Decision): void;
  /** Cancels the running turn: the session resolves the pending review as denied. */
  cancelTurn(): void;
}

/** The ↑/↓ of a note must not walk the composer's history. */
const noHistory = { previous: () => undefined, next: () => undefined } as unknown as InputHistory;

/**
 * A key while a review is pending (see the rule in key-bindings.ts): answers it, scrolls it,
 * switches the command rule, starts or edits a rejection note, or cancels the turn. Keys with
 * no binding do nothing.
 */
export function onReviewKey(ctx: ReviewKeyContext, pending: PendingReview, key: KeyPress): void {
  if (pending.review.type === "question") return onQuestionKey(ctx, pending, key);
  if (pending.reason) return onNoteKey(ctx, pending, pending.reason, key);
  const id =
    key.id === "text" && [...(key.text ?? "")].length === 1 ? key.text!.toLowerCase() : key.id;
  const page = () => Math.max(1, reviewBudget(ctx.state(), pending) - 2);
  switch (REVIEW_BINDINGS[pending.review.type][id]) {
    case "accept":
      return ctx.respond(pending.id, { type: "accept" });
    case "always": {
      if (pending.review.type !== "command") return ctx.respond(pending.id, { type: "always" });
      const rule = pending.rules[pending.rule];
      // No rule is offered for a dangerous command: it always asks.
      if (rule) ctx.respond(pending.id, { type: "always", rule });
      return;
    }
    case "reject":
      return ctx.respond(pending.id, { type: "reject" });
    case "reject-with-note":
      return ctx.dispatch({ type: "review-reason", editor: ed.emptyEditor });
    case "next-rule":
      return ctx.dispatch({ type: "review-rule" });
    case "scroll-up":
      return ctx.dispatch({ type: "review-scroll", delta: -1 });
    case "scroll-down":
      return ctx.dispatch({ type: "review-scroll", delta: 1 });
    case "page-up":
      return ctx.dispatch({ type: "review-scroll", delta: -page() });
    case "page-down":
      return ctx.dispatch({ type: "review-scroll", delta: page() });
    case "cancel-turn":
      return ctx.cancelTurn();
    case undefined:
      return;
  }
}

function onNoteKey(
  ctx: ReviewKeyContext,
  pending: PendingReview,
  note: ed.EditorState,
  key: KeyPress,
): void {
  const setNote = (editor: ed.EditorState) => ctx.dispatch({ type: "review-reason", editor });
  if (key.id === "text") return setNote(ed.insert(note, (key.text ?? "").replace(/\n/g, " ")));
  switch (NOTE_BINDINGS[key.id]) {
    case "send-note": {
      const reason = note.text.trim();
      return ctx.respond(pending.id, { type: "reject", ...(reason ? { reason } : {}) });
    }
    case "back":
      return ctx.dispatch({ type: "review-reason", editor: undefined });
    case "cancel-turn":
      return ctx.cancelTurn();
  }
  const action = KEY_BINDINGS[key.id];
  if (!action || action === "submit" || action === "newline") return;
  const outcome = editAction(note, action, noHistory);
  if (outcome?.kind === "edit") setNote(outcome.state);
}

/** A paste while the note is open goes into it, on one line. */
export function pasteIntoNote(ctx: ReviewKeyContext, note: ed.EditorState, text: string): void {
  ctx.dispatch({ type: "review-reason", editor: ed.insert(note, text.replace(/\s*\n\s*/g, " ")) });
}
