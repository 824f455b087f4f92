import { describe, expect, test } from "vitest";
import { editAction } from "./edit-action.js";
import * as ed from "./editor.js";
import { InputHistory } from "./history.js";

const at = (text: string, cursor = text.length): ed.EditorState => ({ text, cursor });

describe("editor", () => {
  test("moves and deletes emoji and CJK as one character", () => {
    const s = at("a👍🏽你");
    expect(ed.backspace(s)).toEqual(at("a👍🏽"));
    expect(ed.left(ed.left(s))).toEqual(at("a👍🏽你", 1));
    expect(ed.deleteForward(at("a👍🏽你", 1))).toEqual(at("a你", 1));
  });

  test("word moves and deletions", () => {
    expect(ed.wordLeft(at("hello big world")).cursor).toBe(10);
    expect(ed.wordRight(at("hello big world", 0)).cursor).toBe(5);
    expect(ed.deleteWordBack(at("hello big world"))).toEqual(at("hello big "));
    expect(ed.deleteWordForward(at("hello big", 5))).toEqual(at("hello", 5));
  });

  test("line keys work on the current line of multi-line text", () => {
    const s = at("one\ntwo three\nfour", 8);
    expect(ed.lineStart(s).cursor).toBe(4);
    expect(ed.lineEnd(s).cursor).toBe(13);
    expect(ed.killToEnd(s)).toEqual(at("one\ntwo \nfour", 8));
    expect(ed.killToStart(s)).toEqual(at("one\nthree\nfour", 4));
  });

  test("vertical moves keep the column and stop at the edges", () => {
    const s = at("abcdef\nxy\nlast", 9);
    expect(ed.verticalMove(s, -1)?.cursor).toBe(2);
    expect(ed.verticalMove(s, 1)?.cursor).toBe(12);
    expect(ed.verticalMove(at("single"), -1)).toBeUndefined();
  });
});

describe("editAction", () => {
  const history = () => new InputHistory(undefined);

  test("Enter sends; a trailing backslash makes it a newline", () => {
    expect(editAction(at("hi"), "submit", history())).toEqual({ kind: "submit", text: "hi" });
    expect(editAction(at("line\\"), "submit", history())).toEqual({
      kind: "edit",
      state: at("line\n"),
    });
  });

  test("↑/↓ walk the history and come back to the draft", () => {
    const h = history();
    h.add("first");
    h.add("second");
    let s = at("draft");
    const step = (action: "up" | "down") => {
      const out = editAction(s, action, h);
      if (out?.kind === "edit") s = out.state;
      return s.text;
    };
    expect(step("up")).toBe("second");
    expect(step("up")).toBe("first");
    expect(step("up")).toBe("first");
    expect(step("down")).toBe("second");
    expect(step("down")).toBe("draft");
  });
});
