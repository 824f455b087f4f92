import { describe, expect, test } from "vitest";
import { KEY_BINDINGS } from "./key-bindings.js";
import { decodeKey } from "./keys.js";

describe("decodeKey", () => {
  test.each([
    ["\r", "enter"],
    ["\n", "ctrl+j"],
    ["\x7f", "backspace"],
    ["\x1b\x7f", "alt+backspace"],
    ["\x1b", "escape"],
    ["\x1b[3~", "delete"],
    ["\x1b[A", "up"],
    ["\x1bOB", "down"],
    ["\x1b[1;3D", "alt+left"],
    ["\x1b[1;5C", "ctrl+right"],
    ["\x1b[1;2A", "shift+up"],
    ["\x1b[1;2B", "shift+down"],
    ["\x0f", "ctrl+o"],
    ["\x1bb", "alt+b"],
    ["\x1b[H", "home"],
    ["\x1b[4~", "end"],
    ["\x1b[13;2u", "shift+enter"],
    ["\x1b[27;2;13~", "shift+enter"],
    ["\x1b\r", "alt+enter"],
    ["\x01", "ctrl+a"],
    ["\x03", "ctrl+c"],
    ["\x1b[200~", "paste-start"],
    ["\x1b[201~", "paste-end"],
  ])("%j is %s", (sequence, id) => {
    expect(decodeKey(sequence).id).toBe(id);
  });

  test("text keeps wide characters and tabs, and turns line breaks into \\n", () => {
    expect(decodeKey("你好👍")).toEqual({ id: "text", text: "你好👍" });
    expect(decodeKey("a\r\nb\tc")).toEqual({ id: "text", text: "a\nb\tc" });
  });

  test("every binding names a key the decoder can produce", () => {
    expect(KEY_BINDINGS.enter).toBe("submit");
    expect(KEY_BINDINGS["ctrl+j"]).toBe("newline");
    expect(KEY_BINDINGS["shift+enter"]).toBe("newline");
    expect(KEY_BINDINGS.escape).toBe("cancel");
  });
});
