/**
 * Every key binding of the interface, in one table: key id (see keys.ts) → action. Editing
 * actions are carried out by the composer's editor; the others by the app.
 */
export type Action =
  | "submit"
  | "newline"
  | "backspace"
  | "delete"
  | "left"
  | "right"
  | "word-left"
  | "word-right"
  | "line-start"
  | "line-end"
  | "kill-to-end"
  | "kill-to-start"
  | "delete-word-back"
  | "delete-word-forward"
  | "up"
  | "down"
  | "interrupt"
  | "cancel"
  | "eof"
  | "clear-queue";

export const KEY_BINDINGS: Readonly<Record<string, Action>> = {
  enter: "submit",
  "shift+enter": "newline",
  "alt+enter": "newline",
  "ctrl+j": "newline",
  backspace: "backspace",
  "ctrl+h": "backspace",
  delete: "delete",
  left: "left",
  "ctrl+b": "left",
  right: "right",
  "ctrl+f": "right",
  "alt+left": "word-left",
  "ctrl+left": "word-left",
  "alt+b": "word-left",
  "alt+right": "word-right",
  "ctrl+right": "word-right",
  "alt+f": "word-right",
  home: "line-start",
  "ctrl+a": "line-start",
  end: "line-end",
  "ctrl+e": "line-end",
  "ctrl+k": "kill-to-end",
  "ctrl+u": "kill-to-start",
  "ctrl+w": "delete-word-back",
  "alt+backspace": "delete-word-back",
  "alt+d": "delete-word-forward",
  up: "up",
  "ctrl+p": "up",
  down: "down",
  "ctrl+n": "down",
  "ctrl+c": "interrupt",
  escape: "cancel",
  "ctrl+d": "eof",
  "ctrl+x": "clear-queue",
};

/** One-line help shown under the composer. */
export const KEY_HINT = "Enter send · Ctrl+J newline · ↑↓ history · Esc cancel · Ctrl+C twice exit";
