import { t } from "../../../i18n/index.js";
import { appendRule, ruleLine, type RuleTarget } from "../../../session/index.js";
import type { KeyPress } from "../keys/keys.js";

/** What the offer shows: the line, the files it may go to, the one chosen. */
export interface MemoryOfferState {
  line: string;
  targets: readonly RuleTarget[];
  selected: number;
}

export interface MemoryOffer {
  /** The offer showing, or undefined. The same object until it changes. */
  current(): MemoryOfferState | undefined;
  subscribe(listener: () => void): () => void;
  /**
   * Offers `message` (it starts with `#`) to be saved as a rule; `giveBack` returns it to the
   * composer should the person cancel.
   */
  open(message: string, giveBack: (text: string) => void): void;
  /** While the offer shows it takes every key: ↑/↓/Tab/1/2 choose, Enter saves, Esc cancels. */
  onKey(key: KeyPress): void;
}

/**
 * `#` memory: a message starting with `#` is not sent; it is offered as one rule line for the
 * repository's `AGENTS.md` or the person's global one, showing the line and the file before
 * anything is written. Enter appends it (atomically, `appendRule`) and says where; Esc puts the
 * message back in the composer.
 */
export function createMemoryOffer(deps: {
  targets: () => readonly RuleTarget[];
  note: (tone: "info" | "error", text: string) => void;
}): MemoryOffer {
  let state: MemoryOfferState | undefined;
  let message = "";
  let giveBack: (text: string) => void = () => undefined;
  const listeners = new Set<() => void>();
  const set = (next: MemoryOfferState | undefined) => {
    state = next;
    for (const listener of listeners) listener();
  };
  const choose = (index: number) => {
    if (state && index >= 0 && index < state.targets.length) set({ ...state, selected: index });
  };
  return {
    current: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    open(text, back) {
      message = text;
      giveBack = back;
      set({ line: ruleLine(text), targets: deps.targets(), selected: 0 });
    },
    onKey(key) {
      if (!state) return;
      const count = state.targets.length;
      if (key.id === "escape" || key.id === "ctrl+c") {
        set(undefined);
        giveBack(message);
        return;
      }
      if (key.id === "up" || key.id === "shift+tab")
        return choose((state.selected + count - 1) % count);
      if (key.id === "down" || key.id === "tab") return choose((state.selected + 1) % count);
      if (key.id === "text" && /^[1-9]$/.test(key.text ?? "")) return choose(Number(key.text) - 1);
      if (key.id !== "enter") return;
      const target = state.targets[state.selected]!;
      const result = appendRule(target, state.line);
      set(undefined);
      if (result.saved) deps.note("info", t("memory.saved", { file: target.path }));
      else {
        deps.note("error", t("memory.failed", { reason: result.reason }));
        giveBack(message);
      }
    },
  };
}
