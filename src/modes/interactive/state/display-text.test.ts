import { describe, expect, test } from "vitest";
import { cleanForDisplay } from "./display-text.js";
import { add } from "./transcript.js";
import { initialState } from "./state.js";

describe("cleanForDisplay", () => {
  test("cleans every string however deep, keeps identifiers and untouched objects", () => {
    const inner = { plain: "ok", list: ["a", "b"] };
    const event = {
      type: "subagent",
      parent_id: "p\x1b1",
      description: "look \x1b]0;T\x07",
      event: { type: "tool_call", id: "c\x07", arguments: { command: "x\x1b[2J" }, inner },
    };
    const out = cleanForDisplay(event);
    expect(out.description).toBe("look ␛]0;T␇");
    expect(out.event.arguments.command).toBe("x␛[2J");
    expect(out.parent_id).toBe("p\x1b1");
    expect(out.event.id).toBe("c\x07");
    // What needed nothing is the same object: caches keyed by it keep working.
    expect(out.event.inner).toBe(inner);
    const clean = { type: "text", list: [inner] };
    expect(cleanForDisplay(clean)).toBe(clean);
  });

  test("entries are cleaned on their way to scrollback, whoever made them", () => {
    const state = add(
      initialState(30, 80),
      { kind: "note", tone: "info", text: "server says \x1b]52;c;ZXZpbA==\x07" },
      { kind: "markdown", text: "hi \x1b[2J", label: true, joined: false },
    );
    expect(state.entries.map((e) => ("text" in e ? e.text : ""))).toEqual([
      "server says ␛]52;c;ZXZpbA==␇",
      "hi ␛[2J",
    ]);
  });
});
