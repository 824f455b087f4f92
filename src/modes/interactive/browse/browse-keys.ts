import type { KeyPress } from "../keys/keys.js";

/** What a key does in browse mode. */
export type BrowseAction =
  | "up"
  | "down"
  | "page-up"
  | "page-down"
  | "home"
  | "end"
  | "toggle"
  | "search"
  | "next-match"
  | "previous-match"
  | "close";

/**
 * Browse mode's keys: key ids (keys.ts) and typed letters. Leaving: Esc, `q`, Shift+↓ and
 * Ctrl+O (the keys that opened it switch back).
 */
const BROWSE_BINDINGS: Readonly<Record<string, BrowseAction>> = {
  up: "up",
  "ctrl+p": "up",
  k: "up",
  down: "down",
  "ctrl+n": "down",
  j: "down",
  pageup: "page-up",
  pagedown: "page-down",
  " ": "page-down",
  home: "home",
  g: "home",
  end: "end",
  G: "end",
  enter: "toggle",
  e: "toggle",
  c: "toggle",
  "/": "search",
  n: "next-match",
  N: "previous-match",
  escape: "close",
  q: "close",
  "shift+down": "close",
  "ctrl+o": "close",
  "ctrl+c": "close",
};

/** What the search line does with a key while a query is typed after `/`. */
export type QueryAction =
  | { type: "insert"; text: string }
  | { type: "backspace" }
  | { type: "run" }
  | { type: "cancel" }
  | { type: "none" };

export function queryAction(key: KeyPress): QueryAction {
  if (key.id === "text") return { type: "insert", text: (key.text ?? "").replace(/\n/g, " ") };
  if (key.id === "backspace" || key.id === "ctrl+h") return { type: "backspace" };
  if (key.id === "enter") return { type: "run" };
  if (key.id === "escape" || key.id === "ctrl+c") return { type: "cancel" };
  return { type: "none" };
}

/** The actions of a key in browse mode: typed text gives one action per letter. */
export function browseActions(key: KeyPress): BrowseAction[] {
  if (key.id !== "text") {
    const action = BROWSE_BINDINGS[key.id];
    return action ? [action] : [];
  }
  const out: BrowseAction[] = [];
  for (const ch of key.text ?? "") {
    const action = BROWSE_BINDINGS[ch];
    if (action) out.push(action);
    // `/` starts the query: the rest of the text is typed into it.
    if (action === "search") break;
  }
  return out;
}

/** Text typed right after `/` in the same read: it goes into the query. */
export function afterSlash(key: KeyPress): string {
  if (key.id !== "text") return "";
  const text = key.text ?? "";
  const at = text.indexOf("/");
  return at === -1 ? "" : text.slice(at + 1);
}
