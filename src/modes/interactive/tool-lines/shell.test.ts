import { describe, expect, it } from "vitest";
import { settleChange } from "./settle.js";
import { changedNote } from "./shell.js";

describe("a command's line", () => {
  it("names the files it changed and says /undo restores them", () => {
    const settled = settleChange({
      name: "shell_run",
      content: "(no output)\n\nExit code 0.",
      isError: false,
      details: { command: "make", exitCode: 0, sandbox: "workspace-write", changed: ["a.txt"] },
    });
    expect(settled?.outcome).toBe("exit 0 · sandboxed · changed a.txt (/undo restores them)");
  });

  it("names at most three and counts the rest; none when nothing changed", () => {
    expect(changedNote({ changed: ["a", "b", "c", "d", "e"] })).toBe(
      "changed a, b, c and 2 more (/undo restores them)",
    );
    expect(changedNote({ changed: [] })).toBeUndefined();
    expect(changedNote({})).toBeUndefined();
  });
});
