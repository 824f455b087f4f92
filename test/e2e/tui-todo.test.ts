// The todo list in the TUI: shown above the composer as the model updates it, folded with
// Ctrl+T, one line once every item is done, and back after `--continue`.
import { describe, expect, test } from "vitest";
import { reply } from "../support/mock-model-server.js";
import { COMPOSER, send, useTui } from "../support/tui-fixture.js";
import { startTerminal } from "../support/terminal-harness.js";

const tui = useTui();

const items = (...statuses: string[]) =>
  ["Read the retry policy", "Raise the attempts", "Run the tests"].map((content, i) => ({
    content,
    status: statuses[i],
  }));

describe("the todo list in the TUI", () => {
  test("updates above the composer, folds with Ctrl+T, and is one line when all done", async () => {
    let release: (() => void) | undefined;
    const { term, server, repo, env } = await tui.open([
      reply().tool("todo_write", { todos: items("in_progress", "pending", "pending") }),
      () =>
        new Promise((resolve) => {
          release = () =>
            resolve(
              reply().tool("todo_write", { todos: items("completed", "in_progress", "pending") }),
            );
        }),
      reply().text("Halfway there."),
    ]);
    await send(term, "raise the attempts");
    await term.waitFor("Todo · 0/3 done");
    await term.waitFor("☐ Run the tests");
    let screen = term.screen();
    expect(screen).toContain("◐ Read the retry policy");
    // The list sits above the composer.
    expect(screen.indexOf("Run the tests")).toBeLessThan(screen.lastIndexOf("> "));

    term.press("ctrl+t");
    await term.waitFor("▸ Todo · 0/3 done · Read the retry policy");
    expect(term.screen()).not.toContain("☐ Run the tests");
    term.press("ctrl+t");
    await term.waitFor("☐ Run the tests");

    await server.waitForRequests(2);
    release!();
    await term.waitFor("Halfway there.");
    await term.waitFor("◐ Raise the attempts");
    screen = term.screen();
    expect(screen).toContain("Todo · 1/3 done");
    expect(screen).toContain("☑ Read the retry policy");
    expect(screen).toContain("◐ Raise the attempts");
    expect(screen).toMatch(/Updated the todo list — 1 of 3 done/);

    // Saved with the conversation: `--continue` shows it again.
    term.kill();
    server.enqueue(
      reply().tool("todo_write", { todos: items("completed", "completed", "completed") }),
      reply().text("All done."),
    );
    const again = startTerminal({
      cwd: repo,
      args: ["--continue"],
      env: { ...env, ANTHROPIC_API_KEY: "test-key", ANTHROPIC_BASE_URL: server.anthropicBaseUrl },
    });
    try {
      await again.waitFor(COMPOSER);
      await again.waitFor("◐ Raise the attempts");
      // The replayed transcript reads as the live one did.
      expect(again.all()).toMatch(/Updated the todo list — 1 of 3 done/);
      await send(again, "finish");
      await again.waitFor("All done.");
      await again.waitFor("✓ 3/3 done");
      expect(again.screen()).not.toContain("☐");
    } finally {
      again.kill();
    }
  });
});
