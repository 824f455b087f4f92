import { describe, expect, it } from "vitest";
import * as ed from "./editor.js";
import { mentionSpans, presentMentions } from "./mention-spans.js";

const state = (text: string, cursor: number, mentions = ["src/a.ts", "src"]): ed.EditorState => ({
  text,
  cursor,
  mentions,
});

describe("mention tokens", () => {
  it("finds chosen paths as whole tokens only", () => {
    const text = "read @src/a.ts and @src but not @src/a.tsx or x@src";
    expect(mentionSpans(text, ["src/a.ts", "src"])).toEqual([
      { start: 5, end: 14, path: "src/a.ts" },
      { start: 19, end: 23, path: "src" },
    ]);
    expect(presentMentions("only @src here", ["src/a.ts", "src"])).toEqual(["src"]);
  });

  it("deletes a token as one unit with Backspace and Delete", () => {
    expect(ed.backspace(state("read @src/a.ts now", 14))).toMatchObject({
      text: "read  now",
      cursor: 5,
    });
    expect(ed.deleteForward(state("read @src/a.ts now", 5))).toMatchObject({
      text: "read  now",
      cursor: 5,
    });
    expect(ed.backspace(state("read @src/a.ts now", 15)).text).toBe("read @src/a.tsnow");
  });

  it("moves over a token as one unit, and never types inside it", () => {
    expect(ed.left(state("read @src/a.ts", 14)).cursor).toBe(5);
    expect(ed.right(state("read @src/a.ts", 5)).cursor).toBe(14);
    expect(ed.insert(state("read @src/a.ts", 8), "x")).toMatchObject({
      text: "read @src/a.tsx",
      cursor: 15,
    });
  });

  it("keeps the chosen paths through edits; replaceRange adds one", () => {
    const s = ed.replaceRange(ed.insert(state("x ", 2, []), "@sr"), 2, 5, "@src/a.ts ", "src/a.ts");
    expect(s).toEqual({ text: "x @src/a.ts ", cursor: 12, mentions: ["src/a.ts"] });
  });
});
