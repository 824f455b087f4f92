import { describe, expect, it } from "vitest";
import type { CheckEndEvent } from "../../../agent/events.js";
import { checkName, settleCheck } from "./check.js";

const end = (fields: Partial<CheckEndEvent>): CheckEndEvent => ({
  type: "check_end",
  id: "check_1",
  phase: "after_edit",
  command: "npx eslint {files}",
  source: "config",
  ok: true,
  exit_code: 0,
  duration_ms: 412,
  output: "",
  truncated: false,
  ...fields,
});

describe("check lines", () => {
  it("names a check by its program or its script", () => {
    expect(checkName("npx eslint {files}")).toBe("eslint");
    expect(checkName("npx -y prettier --write {files}")).toBe("prettier");
    expect(checkName("npm test")).toBe("npm test");
    expect(checkName("npm run lint -- --fix")).toBe("npm run lint");
    expect(checkName("./node_modules/.bin/tsc --noEmit")).toBe("tsc");
    expect(checkName("sh scripts/lint.sh {files}")).toBe("lint.sh");
    expect(checkName("python -m pytest")).toBe("python");
  });

  it("shows a pass with its time and a failure with its count and last lines", () => {
    expect(settleCheck(end({}))).toEqual({ title: "eslint 0.4 s", error: false });
    const failed = settleCheck(
      end({
        command: "npm test",
        ok: false,
        exit_code: 1,
        output: "a\nb\nc\nd\ne\nf\nTests 2 failed\n",
        summary: "2 failed",
      }),
    );
    expect(failed).toMatchObject({ title: "npm test", outcome: "2 failed", error: true });
    expect(failed.change).toEqual({
      type: "output",
      lines: ["c", "d", "e", "f", "Tests 2 failed"],
      omitted: 2,
    });
    expect(settleCheck(end({ ok: false, exit_code: 2 })).outcome).toBe("exit 2");
  });
});
