import type { Review } from "../../../agent/tool.js";
import { t, type MessageKey } from "../../../i18n/index.js";

/**
 * Every key binding of the interface, in one table: key id (see keys.ts) → action. Editing
 * actions are carried out by the composer's editor; the others by the app.
 *
 * The rule while a review is pending (a diff, a command or a plan waits for the person): every
 * key the review has a use for goes to it ({@link REVIEW_BINDINGS}); the composer keeps its text
 * (a bracketed paste still lands in it). After `t`, keys edit the note that goes with the
 * rejection instead ({@link NOTE_BINDINGS}). Typed text never answers: keys within a moment of
 * the review (or its "always" confirmation) appearing, letters and Enter of a burst of typing
 * (`TYPING_BURST_MS`, key-handler.ts), and the letters after a message was begun are the
 * composer's; a letter the review has no use for begins a message.
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
  | "clear-queue"
  | "steer"
  | "cycle-mode"
  | "cycle-mode-back"
  | "toggle-todos"
  | "browse"
  | "paste-image"
  | "external-editor";

export const KEY_BINDINGS: Readonly<Record<string, Action>> = {
  enter: "submit",
  "ctrl+s": "steer",
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
  tab: "cycle-mode",
  "shift+tab": "cycle-mode-back",
  "ctrl+t": "toggle-todos",
  /** Browse mode (browse/browse-keys.ts has its keys; Shift+↓, Ctrl+O or Esc come back). */
  "shift+up": "browse",
  "ctrl+o": "browse",
  "ctrl+v": "paste-image",
  /** The composer's text in `$VISUAL`/`$EDITOR` (composer/external-editor.ts). */
  "ctrl+g": "external-editor",
};

/**
 * What a key does while a menu is open under the composer (`/` commands, a command's choices,
 * the `@` picker); other keys edit the text, which filters the menu.
 */
export type MenuKeyAction = "menu-up" | "menu-down" | "menu-insert" | "menu-run" | "menu-close";

export const MENU_BINDINGS: Readonly<Record<string, MenuKeyAction>> = {
  up: "menu-up",
  "ctrl+p": "menu-up",
  down: "menu-down",
  "ctrl+n": "menu-down",
  tab: "menu-insert",
  enter: "menu-run",
  escape: "menu-close",
};

/** `?` on an empty input shows the shortcuts: each action's words (catalog keys, see `i18n/`). */
export const ACTION_HELP: Readonly<Partial<Record<Action, MessageKey>>> = {
  submit: "shortcuts.submit",
  newline: "shortcuts.newline",
  "word-left": "shortcuts.wordLeft",
  "word-right": "shortcuts.wordRight",
  "line-start": "shortcuts.lineStart",
  "line-end": "shortcuts.lineEnd",
  "kill-to-end": "shortcuts.killToEnd",
  "kill-to-start": "shortcuts.killToStart",
  "delete-word-back": "shortcuts.deleteWordBack",
  up: "shortcuts.up",
  down: "shortcuts.down",
  interrupt: "shortcuts.interrupt",
  cancel: "shortcuts.cancel",
  eof: "shortcuts.eof",
  "clear-queue": "shortcuts.clearQueue",
  steer: "shortcuts.steer",
  "cycle-mode": "shortcuts.cycleMode",
  "cycle-mode-back": "shortcuts.cycleModeBack",
  "toggle-todos": "shortcuts.toggleTodos",
  browse: "shortcuts.browse",
  "paste-image": "shortcuts.pasteImage",
  "external-editor": "shortcuts.externalEditor",
};

/** Lines of the shortcuts panel: keys grouped by action, then the menus and `@`. */
export function shortcutLines(): string[] {
  const keys = new Map<Action, string[]>();
  for (const [key, action] of Object.entries(KEY_BINDINGS))
    keys.set(action, [...(keys.get(action) ?? []), key]);
  const rows = (Object.entries(ACTION_HELP) as [Action, MessageKey][]).map(([action, help]) => [
    (keys.get(action) ?? []).join(", "),
    t(help),
  ]);
  rows.push(["/", t("shortcuts.commands")]);
  rows.push(["@", t("shortcuts.files")]);
  rows.push(["!", t("shortcuts.shell")]);
  const width = Math.max(...rows.map(([k]) => k!.length));
  return rows.map(([k, help]) => `${k!.padEnd(width)}  ${help}`);
}

/** What a key does while a review is pending. */
export type ReviewKeyAction =
  | "accept"
  | "always"
  | "reject"
  | "reject-with-note"
  | "next-rule"
  | "scroll-up"
  | "scroll-down"
  | "page-up"
  | "page-down"
  | "cancel-turn"
  | "previous-choice"
  | "next-choice"
  | "do-choice";

/**
 * Keys every review shares: ←/→ move the highlighted choice, Enter does it (the highlighted one
 * starts on the one-time yes, never on "always"), digits pick a choice by its number
 * (review-keys.ts), Esc refuses, ↑/↓ scroll a folded review, Ctrl+C cancels the turn.
 */
const REVIEW_COMMON: Readonly<Record<string, ReviewKeyAction>> = {
  up: "scroll-up",
  down: "scroll-down",
  pageup: "page-up",
  pagedown: "page-down",
  left: "previous-choice",
  right: "next-choice",
  enter: "do-choice",
  escape: "reject",
  "ctrl+c": "cancel-turn",
};

/** A review's choices in the order they are numbered and shown: its own letters' actions. */
export const CHOICE_ACTIONS: readonly ReviewKeyAction[] = [
  "accept",
  "always",
  "reject",
  "reject-with-note",
];

/**
 * The keys of each kind of review (letters in lower case; a typed capital counts too), the same
 * letters in every review, as in Codex and Claude Code: `y` yes this once, `a` always (only where
 * it can be stored; never for a command flagged as dangerous: the key does nothing then), `n` no,
 * `t` no with a note (what to do instead). Issue 31 replaced the seed's letters (`a`/`y`/`r` for
 * diffs, `r`/`a`/`d` for commands), where `y` meant "always".
 */
export const REVIEW_BINDINGS: Readonly<
  Record<Review["type"], Readonly<Record<string, ReviewKeyAction>>>
> = {
  edit: { y: "accept", a: "always", n: "reject", t: "reject-with-note", ...REVIEW_COMMON },
  /** A call of an MCP server's tool; "always" stores the server and tool for this repository. */
  mcp: { y: "accept", a: "always", n: "reject", t: "reject-with-note", ...REVIEW_COMMON },
  command: {
    y: "accept",
    a: "always",
    tab: "next-rule",
    n: "reject",
    t: "reject-with-note",
    ...REVIEW_COMMON,
  },
  /** Reading a file that may hold secrets: yes or no each time, never "always". */
  secret: { y: "accept", n: "reject", t: "reject-with-note", ...REVIEW_COMMON },
  plan: { y: "accept", n: "reject", t: "reject-with-note", ...REVIEW_COMMON },
  /** The model proposes to plan first: yes or no. */
  "plan-mode": { y: "accept", n: "reject", ...REVIEW_COMMON },
  /** The model asks to run a slash command that changes the session. */
  slash: { y: "accept", n: "reject", t: "reject-with-note", ...REVIEW_COMMON },
  /** `web_fetch` reaching a host; "always" stores its domain for this repository. */
  web: { y: "accept", a: "always", n: "reject", t: "reject-with-note", ...REVIEW_COMMON },
  /** Questions take their keys in review/question-keys.ts ({@link QUESTION_BINDINGS}). */
  question: {},
  /** An MCP server's form: walked like questions (question-keys.ts). */
  elicitation: {},
};

/** What a key does in the question picker of `ask_user_question`; digits pick an option. */
export type QuestionKeyAction = "up" | "down" | "choose" | "decline" | "cancel-turn";

export const QUESTION_BINDINGS: Readonly<Record<string, QuestionKeyAction>> = {
  up: "up",
  "ctrl+p": "up",
  down: "down",
  "ctrl+n": "down",
  enter: "choose",
  escape: "decline",
  "ctrl+c": "cancel-turn",
};

/**
 * While "always" waits for its confirmation: the same key or Enter confirms, Esc goes back. The
 * confirmation is guarded as a new review is (`REVIEW_GUARD_MS`): a key typed right after the
 * one that asked cannot give it, and text typed then goes to the composer (key-handler.ts).
 */
export const CONFIRM_BINDINGS: Readonly<Record<string, "confirm" | "back" | "cancel-turn">> = {
  enter: "confirm",
  escape: "back",
  "ctrl+c": "cancel-turn",
};

/** While typing the note of a rejection: Enter rejects with it, Esc goes back to the review. */
export const NOTE_BINDINGS: Readonly<Record<string, "send-note" | "back" | "cancel-turn">> = {
  enter: "send-note",
  escape: "back",
  "ctrl+c": "cancel-turn",
};
