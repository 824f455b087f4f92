import { describe, expect, it } from "vitest";
import type { ToolResultMessage } from "../../ai/types.js";
import { boundOutput, checksInForce, editedFiles, expand, failureCount } from "./checks.js";

const result = (details: unknown, isError = false): ToolResultMessage => ({
  role: "tool",
  toolCallId: "c",
  toolName: "edit_replace_exact",
  content: "ok",
  isError,
  details,
});

describe("checks", () => {
  it("quotes each file for the shell, and never lets a name read as an option", () => {
    expect(expand("npx prettier --write {files}", ["a b.ts", "it's.ts", "-rf"])).toBe(
      `npx prettier --write 'a b.ts' 'it'\\''s.ts' './-rf'`,
    );
    expect(expand("npm test", ["a.ts"])).toBe("npm test");
    expect(expand("x {files}; y {files}", ["$(id).ts"])).toBe("x '$(id).ts'; y '$(id).ts'");
  });

  it("takes the person's checks first and runs a command both name once, as the person's", () => {
    expect(
      checksInForce({ afterEdit: ["a", "b"] }, { afterEdit: ["b", "c"], beforeDone: ["t"] }),
    ).toEqual({
      afterEdit: [
        { command: "a", source: "config" },
        { command: "b", source: "config" },
        { command: "c", source: "project" },
      ],
      beforeDone: [{ command: "t", source: "project" }],
    });
  });

  it("finds the files of successful edits only", () => {
    const files = editedFiles([
      result({ files: [{ path: "a.ts" }, { path: "b.ts" }] }),
      result({ files: [{ path: "c.ts" }] }, true),
      result({ exitCode: 0 }),
      result({ files: [{ path: "a.ts" }] }),
    ]);
    expect(files).toEqual(["a.ts", "b.ts"]);
  });

  it("keeps the start and the end of a long output", () => {
    const long = `${"a".repeat(5_000)}END`;
    const bounded = boundOutput(long);
    expect(bounded.truncated).toBe(true);
    expect(bounded.text.length).toBeLessThan(4_200);
    expect(bounded.text.endsWith("END")).toBe(true);
    expect(boundOutput("short")).toEqual({ text: "short", truncated: false });
  });

  it("reads a failure count from common runners' output", () => {
    expect(failureCount(" Tests  2 failed | 3 passed")).toBe("2 failed");
    expect(failureCount("✖ 3 problems (3 errors, 0 warnings)")).toBe("3 problems");
    expect(failureCount("Found 1 error in src/a.ts")).toBe("1 error");
    expect(failureCount("something broke")).toBeUndefined();
  });
});
