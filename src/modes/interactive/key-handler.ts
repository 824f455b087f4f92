import type { TurnController } from "./controller.js";
import { editAction } from "./composer/edit-action.js";
import * as ed from "./composer/editor.js";
import type { InputHistory } from "./composer/history.js";
import { KEY_BINDINGS } from "./key-bindings.js";
import type { KeyPress } from "./keys.js";
import type { UiAction } from "./state.js";

/** A second Ctrl+C on an empty input within this time exits. */
export const EXIT_WINDOW_MS = 2000;

export interface KeyContext {
  editor(): ed.EditorState;
  setEditor(state: ed.EditorState): void;
  controller: TurnController;
  history: InputHistory;
  dispatch(action: UiAction): void;
  exit(): void;
}

/**
 * What each key does, given the app's state: keys bound to app actions (cancel, exit, queue)
 * are decided here; editing keys go to the composer (composer/edit-action.ts).
 */
export function createKeyHandler(ctx: KeyContext) {
  let exitArmed: NodeJS.Timeout | undefined;
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

  const onKey = (key: KeyPress): void => {
    const action = KEY_BINDINGS[key.id];
    if (action !== "interrupt") disarm();
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
    }
    const outcome = editAction(ctx.editor(), action, ctx.history);
    if (!outcome) return;
    if (outcome.kind === "edit") return ctx.setEditor(outcome.state);
    if (!outcome.text.trim()) return;
    ctx.history.add(outcome.text);
    ctx.setEditor(ed.emptyEditor);
    ctx.controller.submit(outcome.text);
  };

  return {
    onKey,
    onPaste(text: string) {
      disarm();
      ctx.setEditor(ed.insert(ctx.editor(), text));
    },
    dispose: disarm,
  };
}
