// Issue 28: each check after an edit is a tool line of its own in the terminal.
import { describe, expect, test } from "vitest";
import { reply } from "../support/mock-model-server.js";
import { send, useTui, waitForReview } from "../support/tui-fixture.js";

const tui = useTui();

const LINT = `for f in "$@"; do if grep -q bad "$f"; then echo "lint: $f says bad"; echo "1 problem"; exit 1; fi; done
`;

describe("checks in the terminal", () => {
  test("a failing and a passing check each settle as a line, the failure's output under it", async () => {
    const { term } = await tui.open(
      [
        reply().tool("edit_create_file", { path: "notes.txt", content: "this is bad\n" }),
        reply().text("The linter complained; noted."),
      ],
      [],
      {
        files: { "lint.sh": LINT, "README.md": "hi\n" },
        config: { checks: { afterEdit: ["sh lint.sh {files}", "true {files}"] } },
      },
    );
    await send(term, "write notes");
    await waitForReview(term, "Create notes.txt (+1)");
    term.type("y");
    // The check starts the sandboxed shell first: slower than a frame on a busy machine.
    await term.waitFor("The linter complained; noted.", { timeoutMs: 60_000 });
    const all = term.all();
    expect(all).toContain("✗ lint.sh — 1 problem");
    expect(all).toContain("lint: notes.txt says bad");
    expect(all).toMatch(/✓ true \d+\.\d s/);
  });
});
