import type { TurnController } from "./controller.js";
import { editAction } from "./composer/edit-action.js";
import * as ed from "./composer/editor.js";
import type { InputHistory } from "./composer/history.js";
import { KEY_BINDINGS } from "./key-bindings.js";
import type { KeyPress } from "./keys.js";
import { onReviewKey, pasteIntoNote, type ReviewKeyContext } from "./review-keys.js";
import type { UiAction, UiState } from "./state.js";

/** A second Ctrl+C on an empty input within this time exits. */
export const EXIT_WINDOW_MS = 2000;

/**
 * Letters typed less than this apart make one burst of typing: a burst that began in the
 * composer goes on into it when a review appears, instead of answering the review.
 */
export const TYPING_BURST_MS = 500;

export interface KeyContext {
  editor(): ed.EditorState;
  setEditor(state: ed.EditorState): void;
  controller: TurnController;
  history: InputHistory;
  dispatch(action: UiAction): void;
  /** The interface's state now (a pending review takes the keys). */
  state(): UiState;
  exit(): void;
  /** The clock, in ms (tests pass their own). */
  now?(): number;
}

/**
 * What each key does, given the app's state: while a review is pending every key goes to it
 * (review-keys.ts); otherwise keys bound to app actions (cancel, exit, queue, mode) are decided
 * here and editing keys go to the composer (composer/edit-action.ts).
 */
export function createKeyHandler(ctx: KeyContext) {
  let exitArmed: NodeJS.Timeout | undefined;
  const now = ctx.now ?? Date.now;
  /** When the composer last took a letter of the current burst of typing; 0 once it ended. */
  let typedAt = 0;
  const disarm = () => {
    if (!exitArmed) return;
    clearTimeout(exitArmed);
    exitArmed = undefined;
    ctx.dispatch({ type: "exit-hint", on: false });
  };
  const cancelTurn = () => {
    const queued = ctx.controller.cancel();
    if (queued && queued.length > 0 && ctx.editor().text === "")
      ctx.setEditor(ed.replaceText(queued.join("\n")));
  };
  const review: ReviewKeyContext = {
    state: ctx.state,
    dispatch: ctx.dispatch,
    respond: (id, decision) => void ctx.controller.respond(id, decision),
    cancelTurn,
  };

  const onKey = (key: KeyPress): void => {
    const action = KEY_BINDINGS[key.id];
    if (action !== "interrupt") disarm();
    const pending = ctx.state().review;
    const typing = key.id === "text" && now() - typedAt < TYPING_BURST_MS;
    typedAt = key.id === "text" && (typing || !pending) ? now() : 0;
    if (pending && !typing) return onReviewKey(review, pending, key);
    if (key.id === "text") return ctx.setEditor(ed.insert(ctx.editor(), key.text ?? ""));
    switch (action) {
      case undefined:
        return;
      case "interrupt":
        if (ctx.controller.busy) return cancelTurn();
        if (ctx.editor().text !== "") return ctx.setEditor(ed.emptyEditor);
        if (exitArmed) {
          disarm();
          return ctx.exit();
        }
        ctx.dispatch({ type: "exit-hint", on: true });
        exitArmed = setTimeout(disarm, EXIT_WINDOW_MS);
        return;
      case "cancel":
        if (ctx.controller.busy) cancelTurn();
        return;
      case "eof":
        if (ctx.editor().text === "" && !ctx.controller.busy) return ctx.exit();
        return ctx.setEditor(ed.deleteForward(ctx.editor()));
      case "clear-queue":
        ctx.controller.takeQueue();
        return;
      case "cycle-mode":
      case "cycle-mode-back":
        return ctx.dispatch({ type: "cycle-mode", step: action === "cycle-mode" ? 1 : -1 });
    }
    const outcome = editAction(ctx.editor(), action, ctx.history);
    if (!outcome) return;
    if (outcome.kind === "edit") return ctx.setEditor(outcome.state);
    if (!outcome.text.trim()) return;
    ctx.history.add(outcome.text);
    ctx.setEditor(ed.emptyEditor);
    ctx.controller.submit(outcome.text, ctx.state().mode);
  };

  return {
    onKey,
    onPaste(text: string) {
      disarm();
      const note = ctx.state().review?.reason;
      if (note) return pasteIntoNote(review, note, text);
      ctx.setEditor(ed.insert(ctx.editor(), text));
    },
    dispose: disarm,
  };
}
