import { describe, expect, test } from "vitest";
import { emptyEditor, type EditorState } from "../composer/editor.js";
import { InputHistory } from "../composer/history.js";
import type { TurnController } from "../control/controller.js";
import { createKeyHandler } from "../keys/key-handler.js";
import { decodeKey } from "../keys/keys.js";
import { createStore } from "../state/store.js";
import { menuFor, type MenuSources } from "./menu-model.js";
import { PathIndex } from "./path-index.js";

const sources: MenuSources = {
  commands: (prefix) =>
    [
      { name: "help", description: "List", hasChoices: false },
      { name: "mode", description: "Mode", hasChoices: true },
      { name: "model", description: "Model", hasChoices: true },
    ].filter((c) => c.name.startsWith(prefix)),
  choices: (name, typed) =>
    name === "mode"
      ? ["ask", "agent", "plan"]
          .filter((m) => m.startsWith(typed))
          .map((m) => ({ value: m, label: m }))
      : undefined,
  files: () => new PathIndex(["src/a.ts", "src/b.ts", "README.md"]),
};

/** The key handler with the menus of `sources`; `run` records what would be run. */
function setup() {
  const store = createStore(30, 100);
  const ran: [string, readonly string[]][] = [];
  let editor: EditorState = emptyEditor;
  const keys = createKeyHandler({
    editor: () => editor,
    setEditor: (next) => (editor = next),
    controller: { busy: false } as unknown as TurnController,
    history: new InputHistory(undefined),
    dispatch: store.dispatch,
    state: store.getState,
    menu: () => menuFor(editor, sources),
    run: (text, files) => void ran.push([text, files]),
    exit: () => {},
  });
  const type = (text: string) => keys.onKey(decodeKey(text));
  const press = (...ids: string[]) => ids.forEach((id) => keys.onKey({ id }));
  return { store, ran, type, press, text: () => editor.text, editor: () => editor };
}

describe("menu keys", () => {
  test("/mo, ↓, Tab inserts /model; Esc closes and Enter then sends as typed", () => {
    const ui = setup();
    ui.type("/mo");
    ui.press("down", "tab");
    expect(ui.text()).toBe("/model ");
    ui.press("ctrl+u");
    ui.type("/mo");
    ui.press("escape");
    expect(ui.store.getState().menu.closed).toBe(true);
    ui.press("enter");
    expect(ui.ran).toEqual([["/mo", []]]);
  });

  test("Enter on a command with choices opens them; Enter on a choice runs it", () => {
    const ui = setup();
    ui.type("/mod");
    ui.press("enter");
    expect(ui.text()).toBe("/mode ");
    expect(ui.ran).toEqual([]);
    ui.type("pl");
    ui.press("enter");
    expect(ui.ran).toEqual([["/mode plan ", []]]);
    expect(ui.text()).toBe("");
  });

  test("Enter on a command without choices runs it; Tab cycles the mode when no menu is open", () => {
    const ui = setup();
    ui.type("/he");
    ui.press("enter");
    expect(ui.ran).toEqual([["/help ", []]]);
    ui.press("tab");
    expect(ui.store.getState().mode).toBe("plan");
  });

  test("@ picks files as tokens; they are sent with the text", () => {
    const ui = setup();
    ui.type("see @");
    ui.press("tab");
    expect(ui.text()).toBe("see @src/");
    ui.press("down", "tab");
    expect(ui.text()).toBe("see @src/b.ts ");
    ui.type("and @READ");
    ui.press("enter");
    ui.type("ok");
    expect(ui.text()).toBe("see @src/b.ts and @README.md ok");
    ui.press("enter");
    expect(ui.ran).toEqual([["see @src/b.ts and @README.md ok", ["src/b.ts", "README.md"]]]);
  });

  test("? on an empty input shows the shortcuts; the next key hides them", () => {
    const ui = setup();
    ui.type("?");
    expect(ui.store.getState().shortcuts).toBe(true);
    expect(ui.text()).toBe("");
    ui.type("x");
    expect(ui.store.getState().shortcuts).toBe(false);
    expect(ui.text()).toBe("x");
    ui.type("?");
    expect(ui.text()).toBe("x?");
  });
});
