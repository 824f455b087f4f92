import { describe, expect, test } from "vitest";
import { InputHistory } from "../composer/history.js";
import type { TurnController } from "../control/controller.js";
import { KEY_BINDINGS } from "../keys/key-bindings.js";
import { createKeyHandler } from "../keys/key-handler.js";
import { decodeKey, type KeyPress } from "../keys/keys.js";
import { createStore } from "../state/store.js";
import { afterSlash, browseActions, queryAction } from "./browse-keys.js";

describe("browse keys", () => {
  test("Shift+↑ and Ctrl+O open browse mode from the composer", () => {
    expect(KEY_BINDINGS[decodeKey("\x1b[1;2A").id]).toBe("browse");
    expect(KEY_BINDINGS[decodeKey("\x0f").id]).toBe("browse");
  });

  test.each([
    ["\x1b[A", ["up"]],
    ["\x1b[B", ["down"]],
    ["\x1b[5~", ["page-up"]],
    ["\x1b[6~", ["page-down"]],
    ["\x1b[H", ["home"]],
    ["\x1b[F", ["end"]],
    ["\r", ["toggle"]],
    ["e", ["toggle"]],
    ["c", ["toggle"]],
    ["n", ["next-match"]],
    ["\x1b", ["close"]],
    ["q", ["close"]],
    ["\x1b[1;2B", ["close"]],
    ["\x0f", ["close"]],
    ["x", []],
  ])("%j does %j", (sequence, actions) => {
    expect(browseActions(decodeKey(sequence))).toEqual(actions);
  });

  test("letters typed in one read act one by one; those after `/` are the query", () => {
    expect(browseActions({ id: "text", text: "jje" })).toEqual(["down", "down", "toggle"]);
    const key: KeyPress = { id: "text", text: "e/retry" };
    expect(browseActions(key)).toEqual(["toggle", "search"]);
    expect(afterSlash(key)).toBe("retry");
  });

  test("while the query is typed: text, Backspace, Enter runs it, Esc cancels", () => {
    expect(queryAction({ id: "text", text: "ab" })).toEqual({ type: "insert", text: "ab" });
    expect(queryAction(decodeKey("\x7f"))).toEqual({ type: "backspace" });
    expect(queryAction(decodeKey("\r"))).toEqual({ type: "run" });
    expect(queryAction(decodeKey("\x1b"))).toEqual({ type: "cancel" });
    expect(queryAction(decodeKey("\x1b[A"))).toEqual({ type: "none" });
  });
});

describe("the key handler with browse mode", () => {
  function setup() {
    const store = createStore(30, 100);
    const controller = {
      busy: false,
      cancel: () => [],
      takeQueue: () => [],
    } as unknown as TurnController;
    let editor = { text: "draft", cursor: 5 };
    let open = false;
    const browsed: string[] = [];
    const keys = createKeyHandler({
      editor: () => editor,
      setEditor: (next) => (editor = next),
      controller,
      history: new InputHistory(undefined),
      dispatch: store.dispatch,
      state: store.getState,
      exit: () => {},
      browse: {
        isOpen: () => open,
        open: () => (open = true),
        onKey: (key) => {
          browsed.push(key.id);
          if (key.id === "escape") open = false;
        },
      },
    });
    return { keys, browsed, editor: () => editor, isOpen: () => open };
  }

  test("opens on Shift+↑; every key then goes to browse mode, none to the composer", () => {
    const s = setup();
    s.keys.onKey(decodeKey("x"));
    expect(s.editor().text).toBe("draftx");
    s.keys.onKey(decodeKey("\x1b[1;2A"));
    expect(s.isOpen()).toBe(true);
    s.keys.onKey(decodeKey("y"));
    s.keys.onKey(decodeKey("\r"));
    s.keys.onPaste("pasted");
    s.keys.onKey(decodeKey("\x1b"));
    expect(s.browsed).toEqual(["text", "enter", "escape"]);
    expect(s.editor().text).toBe("draftx");
    expect(s.isOpen()).toBe(false);
    s.keys.onKey(decodeKey("\x0f"));
    expect(s.isOpen()).toBe(true);
  });
});
