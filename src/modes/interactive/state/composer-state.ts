import type { NewEntry, UiState } from "./state.js";
import { add, settleAll } from "./transcript.js";

/** The menu under the composer: which item is highlighted, and whether Esc closed it. */
export interface MenuUi {
  selected: number;
  /** Closed by Esc; opens again once the text changes. */
  closed: boolean;
}

export const MENU_OPEN: MenuUi = { selected: 0, closed: false };

export type ComposerAction =
  /** ↑/↓ in an open menu of `count` items (wraps around). */
  | { type: "menu-move"; delta: number; count: number }
  | { type: "menu-close" }
  /** The text changed: the menu opens again on its first item. */
  | { type: "menu-reset" }
  /** The keyboard shortcuts panel (`?` on an empty input). */
  | { type: "shortcuts"; on: boolean }
  /** The `@` picker's index of the repository's files grew to `size` entries. */
  | { type: "files"; size: number }
  /** A command the person ran, echoed into the transcript. */
  | { type: "command"; text: string }
  /** A resumed conversation's transcript. */
  | { type: "restore"; entries: readonly NewEntry[] }
  /** Money spent so far (`undefined`: no price known). */
  | { type: "cost"; usd: number | undefined };

const TYPES = new Set<string>([
  "menu-move",
  "menu-close",
  "menu-reset",
  "shortcuts",
  "files",
  "command",
  "restore",
  "cost",
] satisfies ComposerAction["type"][]);

export const isComposerAction = (action: { type: string }): action is ComposerAction =>
  TYPES.has(action.type);

/** Transitions of the composer's menus and panels, and of what commands show. */
export function reduceComposer(state: UiState, action: ComposerAction): UiState {
  switch (action.type) {
    case "menu-move": {
      if (action.count <= 0) return state;
      const selected = (state.menu.selected + action.delta + action.count) % action.count;
      return { ...state, menu: { ...state.menu, selected } };
    }
    case "menu-close":
      return { ...state, menu: { selected: 0, closed: true } };
    case "menu-reset":
      return state.menu.selected === 0 && !state.menu.closed
        ? state
        : { ...state, menu: MENU_OPEN };
    case "shortcuts":
      return state.shortcuts === action.on ? state : { ...state, shortcuts: action.on };
    case "files":
      return { ...state, files: action.size };
    case "command":
      return add(settleAll(state), { kind: "command", text: action.text });
    case "restore":
      return add(settleAll(state), ...action.entries);
    case "cost":
      return { ...state, cost: action.usd };
  }
}
