import { replaceRange, type EditorState } from "../composer/editor.js";
import type { MenuKeyAction } from "../keys/key-bindings.js";
import type { UiAction, UiState } from "../state/state.js";
import type { Menu, MenuItem } from "./menu-model.js";

export interface MenuKeyContext {
  editor(): EditorState;
  setEditor(state: EditorState): void;
  dispatch(action: UiAction): void;
  state(): UiState;
  /** Sends the composer's text, as Enter does without a menu. */
  submit(): void;
  /** The menu for the composer's text now (a command's choices once its name is put in). */
  menu?(): Menu | undefined;
}

/**
 * A key of an open menu: ↑/↓ move, Esc closes, Tab inserts the item, Enter inserts and runs it.
 * A command whose argument has choices opens them instead of running (runs when it has none
 * now); Tab on a folder of the
 * `@` picker enters it, Enter attaches it (as its listing).
 */
export function onMenuKey(ctx: MenuKeyContext, menu: Menu, action: MenuKeyAction): void {
  const count = menu.items.length;
  switch (action) {
    case "menu-up":
      return ctx.dispatch({ type: "menu-move", delta: -1, count });
    case "menu-down":
      return ctx.dispatch({ type: "menu-move", delta: 1, count });
    case "menu-close":
      return ctx.dispatch({ type: "menu-close" });
    case "menu-insert":
    case "menu-run": {
      const item = menu.items[ctx.state().menu.selected] ?? menu.items[0];
      if (!item) return;
      const run = choose(ctx, menu, item, action === "menu-run");
      ctx.dispatch({ type: "menu-reset" });
      // A command that has choices but none now (`/resume` with no other conversation) runs at
      // once on Enter instead of waiting for a menu that does not open.
      const empty = action === "menu-run" && menu.kind === "command" && item.opens && !ctx.menu?.();
      if (run || empty) ctx.submit();
    }
  }
}

/** Puts the item into the text; returns whether the input should be sent now. */
function choose(ctx: MenuKeyContext, menu: Menu, item: MenuItem, run: boolean): boolean {
  const editor = ctx.editor();
  const space = /\s/.test(editor.text[menu.to] ?? "") ? "" : " ";
  // With whitespace already after the word, the cursor steps over it instead of adding one.
  const put = (text: string, mention?: string) => {
    const next = replaceRange(editor, menu.from, menu.to, text, mention);
    const step = space === "" && text.endsWith(space) && !text.endsWith("/") ? 1 : 0;
    ctx.setEditor({ ...next, cursor: next.cursor + step });
  };
  switch (menu.kind) {
    case "command":
      put(`/${item.value}${space}`);
      return run && !item.opens;
    case "choice":
      put(`${item.value}${space}`);
      return run;
    case "file": {
      if (item.opens && !run) {
        put(`@${item.value}`);
        return false;
      }
      const path = item.value.replace(/\/$/, "");
      put(`@${path}${space}`, path);
      return false;
    }
  }
}
