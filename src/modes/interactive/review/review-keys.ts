import type { Decision } from "../../../session/index.js";
import { editAction } from "../composer/edit-action.js";
import * as ed from "../composer/editor.js";
import type { InputHistory } from "../composer/history.js";
import {
  CONFIRM_BINDINGS,
  KEY_BINDINGS,
  NOTE_BINDINGS,
  REVIEW_BINDINGS,
} from "../keys/key-bindings.js";
import { reviewChoices, type ReviewChoice } from "./hints.js";
import type { KeyPress } from "../keys/keys.js";
import { reviewBudget, type PendingReview } from "./review-state.js";
import type { UiAction, UiState } from "../state/state.js";
import { onQuestionKey } from "./question-keys.js";

export interface ReviewKeyContext {
  state(): UiState;
  dispatch(action: UiAction): void;
  /** Sends the person's answer to the session (and settles the review in the state). */
  respond(id: string, decision: Decision): void;
  /** Cancels the running turn: the session resolves the pending review as denied. */
  cancelTurn(): void;
  /** Keys do not answer review `id` for a moment from now (`TurnController.guardReview`). */
  guard(id: string): void;
}

/** The ↑/↓ of a note must not walk the composer's history. */
const noHistory = { previous: () => undefined, next: () => undefined } as unknown as InputHistory;

/**
 * A key while a review is pending (see the rule in key-bindings.ts): answers it (a letter, a
 * choice's number, or Enter on the highlighted choice), moves the highlight, scrolls it,
 * switches the command rule, starts or edits a rejection note, or cancels the turn. "Always"
 * asks for one confirmation first. Keys with no binding do nothing.
 */
export function onReviewKey(ctx: ReviewKeyContext, pending: PendingReview, key: KeyPress): void {
  if (pending.picker) return onQuestionKey(ctx, pending, key);
  if (pending.reason) return onNoteKey(ctx, pending, pending.reason, key);
  const id =
    key.id === "text" && [...(key.text ?? "")].length === 1 ? key.text!.toLowerCase() : key.id;
  const choices = reviewChoices(pending);
  if (pending.confirming) return onConfirmKey(ctx, pending, id, choices);
  const page = () => Math.max(1, reviewBudget(ctx.state(), pending) - 2);
  const numbered = /^[1-9]$/.test(id) ? choices[Number(id) - 1] : undefined;
  if (numbered) return act(ctx, pending, numbered.action);
  const action = REVIEW_BINDINGS[pending.review.type][id];
  switch (action) {
    case "accept":
    case "always":
    case "reject":
    case "reject-with-note":
      return act(ctx, pending, action);
    case "do-choice": {
      const chosen = pending.choice === undefined ? undefined : choices[pending.choice];
      return chosen ? act(ctx, pending, chosen.action) : undefined;
    }
    case "previous-choice":
    case "next-choice": {
      const n = choices.length;
      const step = action === "next-choice" ? 1 : -1;
      // With nothing highlighted yet, → picks the first choice and ← the last.
      const from = pending.choice ?? (step === 1 ? -1 : n);
      return ctx.dispatch({ type: "review-choice", choice: (from + step + n) % n });
    }
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

/**
 * Whether the key is one a review would take when the composer is empty (see key-handler): while
 * "always" waits for its confirmation, of text only its own letter.
 */
export function reviewTakes(pending: PendingReview, key: KeyPress): boolean {
  if (pending.picker || pending.reason) return true;
  if (key.id !== "text") return true;
  const id = [...(key.text ?? "")].length === 1 ? key.text!.toLowerCase() : key.id;
  if (pending.confirming)
    return id === reviewChoices(pending).find((c) => c.action === "always")?.key;
  if (/^[1-9]$/.test(id)) return Number(id) <= reviewChoices(pending).length;
  return REVIEW_BINDINGS[pending.review.type][id] !== undefined;
}

function act(ctx: ReviewKeyContext, pending: PendingReview, action: string): void {
  switch (action) {
    case "accept":
      return ctx.respond(pending.id, { type: "accept" });
    case "always": {
      // No rule is offered for a dangerous command: it always asks.
      if (pending.review.type === "command" && !pending.rules[pending.rule]) return;
      // Its confirmation is guarded as a new review is: a key right after this one cannot give it.
      ctx.dispatch({ type: "review-confirm", on: true });
      return ctx.guard(pending.id);
    }
    case "reject":
      return ctx.respond(pending.id, { type: "reject" });
    case "reject-with-note":
      return ctx.dispatch({ type: "review-reason", editor: ed.emptyEditor });
  }
}

/**
 * "Always" waits for its confirmation: its own letter or Enter confirms, Esc goes back (other
 * text goes to the composer and withdraws it, key-handler.ts).
 */
function onConfirmKey(
  ctx: ReviewKeyContext,
  pending: PendingReview,
  id: string,
  choices: readonly ReviewChoice[],
): void {
  const letter = choices.find((c) => c.action === "always")?.key;
  const answer = id === letter ? "confirm" : CONFIRM_BINDINGS[id];
  if (answer === "back") return ctx.dispatch({ type: "review-confirm", on: false });
  if (answer === "cancel-turn") return ctx.cancelTurn();
  if (answer !== "confirm") return;
  if (pending.review.type !== "command") return ctx.respond(pending.id, { type: "always" });
  const rule = pending.rules[pending.rule];
  if (rule) ctx.respond(pending.id, { type: "always", rule });
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
