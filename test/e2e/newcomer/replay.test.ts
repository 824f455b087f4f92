// A resumed conversation looks as it did live (issue: the TUI as a new user meets it): the
// live transcript and the one `north --continue` draws are compared line by line.
import { describe, expect, test } from "vitest";
import { reply } from "../../support/mock-model-server.js";
import { startTerminal, type TuiTerminal } from "../../support/terminal-harness.js";
import { COMPOSER, send, useTui, waitForReview } from "../../support/tui-fixture.js";

const tui = useTui();

/** The transcript's lines: from the first message to the line before the composer. */
function transcript(term: TuiTerminal): string[] {
  const lines = term.all().split("\n");
  const first = lines.findIndex((l) => l.startsWith("you "));
  const composer = lines.findLastIndex((l) => l.startsWith("> "));
  return lines
    .slice(first, composer)
    .map((l) => l.trimEnd())
    .filter((l) => l !== "" && !l.startsWith("      Resumed conversation"));
}

describe("a resumed conversation", () => {
  test("replays commands, edits, denials, attachments and a cancel as they showed live", async () => {
    const long = Array.from({ length: 300 }, (_, i) => `Part ${i}.`).join(" ");
    const { term, server, repo, env } = await tui.open(
      [
        reply().text("Let me look.").tool("shell_run", { command: "echo done > out.txt" }),
        reply().tool("read_file", { path: "src/retry.ts" }),
        reply().tool("edit_replace_exact", {
          path: "src/retry.ts",
          old_string: "attempts: 3",
          new_string: "attempts: 5",
        }),
        reply().tool("shell_run", { command: "git reset --hard" }),
        reply().text("All set."),
        reply().text(long).slow(30),
      ],
      ["--sandbox", "off"],
    );
    await send(term, "look at @src/retry.ts please");
    await waitForReview(term, "echo done > out.txt");
    term.type("y");
    await waitForReview(term, "Edit src/retry.ts");
    term.type("y");
    await waitForReview(term, "git reset --hard");
    term.type("n");
    await term.waitFor("All set.");
    await send(term, "tell me more");
    await term.waitFor("Part 3.");
    term.press("escape");
    await term.waitFor("[Cancelled]");
    await term.waitFor(COMPOSER);
    const live = transcript(term);
    expect(live.join("\n")).toContain("Ran `echo done > out.txt`");
    term.press("ctrl+d");
    await term.exited;

    const again = startTerminal({
      cwd: repo,
      args: ["--continue", "--sandbox", "off"],
      env: { ...env, ANTHROPIC_API_KEY: "test-key", ANTHROPIC_BASE_URL: server.anthropicBaseUrl },
    });
    try {
      await again.waitFor("[Cancelled]", { where: "all" });
      await again.waitFor(COMPOSER);
      expect(transcript(again)).toEqual(live);
    } finally {
      again.kill();
    }
  });
});
