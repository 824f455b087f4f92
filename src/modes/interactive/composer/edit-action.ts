import type { Action } from "../keys/key-bindings.js";
import * as ed from "./editor.js";
import type { InputHistory } from "./history.js";

/** What an editing action did: a new buffer, or a request to send the text. */
export type EditOutcome =
  { kind: "edit"; state: ed.EditorState } | { kind: "submit"; text: string };

const moves: Partial<Record<Action, (s: ed.EditorState) => ed.EditorState>> = {
  backspace: ed.backspace,
  delete: ed.deleteForward,
  left: ed.left,
  right: ed.right,
  "word-left": ed.wordLeft,
  "word-right": ed.wordRight,
  "line-start": ed.lineStart,
  "line-end": ed.lineEnd,
  "kill-to-end": ed.killToEnd,
  "kill-to-start": ed.killToStart,
  "delete-word-back": ed.deleteWordBack,
  "delete-word-forward": ed.deleteWordForward,
};

/**
 * Applies one composer action. Enter sends, unless the character before the cursor is a `\`,
 * which becomes a line break instead. ↑/↓ move between lines, then walk the history.
 * Returns `undefined` for actions the composer does not handle.
 */
export function editAction(
  state: ed.EditorState,
  action: Action,
  history: InputHistory,
): EditOutcome | undefined {
  const edit = (s: ed.EditorState): EditOutcome => ({ kind: "edit", state: s });
  switch (action) {
    case "submit":
      if (state.text[state.cursor - 1] === "\\") {
        return edit(ed.insert(ed.backspace(state), "\n"));
      }
      return { kind: "submit", text: state.text };
    case "newline":
      return edit(ed.insert(state, "\n"));
    case "up": {
      const moved = ed.verticalMove(state, -1);
      if (moved) return edit(moved);
      const past = history.previous(state.text);
      return edit(past === undefined ? state : ed.replaceText(past));
    }
    case "down": {
      const moved = ed.verticalMove(state, 1);
      if (moved) return edit(moved);
      const later = history.next();
      return edit(later === undefined ? state : ed.replaceText(later));
    }
    default: {
      const move = moves[action];
      return move ? edit(move(state)) : undefined;
    }
  }
}
