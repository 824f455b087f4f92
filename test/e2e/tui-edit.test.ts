// Edit reviews end to end: the diff in the transcript, a / r / y, and what is on disk after.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { reply } from "../support/mock-model-server.js";
import { storedPermissions } from "../support/permissions-file.js";
import { useSharedTui } from "../support/shared-tui.js";
import {
  send,
  toolResults,
  useTui,
  waitForConfirm,
  waitForReview,
} from "../support/tui-fixture.js";

const tui = useTui();
/** Its own program, for a test that grants a standing permission (read once per program). */
const open = tui.open;
/** One program for the tests that grant nothing; each changes a file of its own. */
const shared = useSharedTui();

describe("edit reviews", () => {
  const created = (path: string, content: string) =>
    reply().tool("edit_create_file", { path, content });

  test("a shows the diff, accepts it, and the file is written", async () => {
    const { term, server, repo } = await shared.open([
      reply().tool("read_file", { path: "src/retry.ts" }),
      reply().tool("edit_replace_exact", {
        path: "src/retry.ts",
        old_string: "attempts: 3",
        new_string: "attempts: 5",
      }),
      reply().text("Raised the attempts."),
    ]);
    await send(term, "retry five times");
    await term.waitFor("y accept");
    const screen = term.screen();
    expect(screen).toContain("┃ Edit src/retry.ts (+1 −1)");
    expect(screen).toMatch(/1 - export const policy = \{ attempts: 3, backoffMs: 200 \};/);
    expect(screen).toMatch(/1 \+ export const policy = \{ attempts: 5, backoffMs: 200 \};/);
    term.type("y");
    await term.waitFor("Raised the attempts.");
    expect(term.screen()).toContain("✓ Edited src/retry.ts (+1 −1)");
    expect(readFileSync(join(repo, "src/retry.ts"), "utf8")).toContain("attempts: 5");
    expect(toolResults(server, 2).at(-1)?.isError).toBe(false);
  });

  test("n rejects: the file stays as it was and the model is told", async () => {
    const { term, server, repo } = await shared.open([
      created("src/timeout.ts", "export const timeoutMs = 5000;\n"),
      reply().text("Understood, no file."),
    ]);
    await send(term, "add a timeout file");
    await waitForReview(term, "Create src/timeout.ts (+1)");
    expect(term.screen()).toContain("+ export const timeoutMs = 5000;");
    term.type("n");
    await term.waitFor("Understood, no file.");
    expect(term.screen()).toContain("✗ Rejected edit of src/timeout.ts");
    expect(existsSync(join(repo, "src/timeout.ts"))).toBe(false);
    expect(toolResults(server, 1)).toEqual([
      { content: expect.stringContaining("rejected"), isError: true },
    ]);
  });

  test("a, confirmed, accepts and auto-accepts the next edits of this project", async () => {
    const { term, repo, env } = await open([
      created("src/a.ts", "export const a = 1;\n"),
      created("src/b.ts", "export const b = 2;\n"),
      reply().text("Both files written."),
    ]);
    await send(term, "write two files");
    await waitForReview(term, "Create src/a.ts (+1)");
    term.type("a");
    await waitForConfirm(term, "Accept every edit in this project from now on");
    term.type("a");
    await term.waitFor("Both files written.");
    // The status line is drawn in the same frame or the next: waited for, not read at once.
    await term.waitFor("⏵⏵ edits auto-accepted");
    const all = term.all();
    expect(all).toContain("✓ Created src/a.ts (+1)");
    expect(all).toContain("✓ Created src/b.ts (+1)");
    expect(readFileSync(join(repo, "src/b.ts"), "utf8")).toBe("export const b = 2;\n");
    expect(storedPermissions(env, repo)).toMatchObject({ edits: true });
  });

  test("a long diff is folded to fit the screen and scrolls with ↓", async () => {
    const content = Array.from({ length: 200 }, (_, i) => `export const n${i + 1} = ${i + 1};`);
    const { term, repo } = await shared.open([
      created("src/big.ts", `${content.join("\n")}\n`),
      reply().text("Big file written."),
    ]);
    await send(term, "write a big file");
    await waitForReview(term, /… \d+ more lines …/);
    const lines = term.lines();
    expect(lines.some((l) => l.includes("[AGENT]"))).toBe(true);
    expect(lines.some((l) => l.includes("Create src/big.ts (+200)"))).toBe(true);
    term.press("down", "down");
    await term.waitFor("↑ 2 more lines");
    expect(term.screen()).toContain("export const n3 = 3;");
    term.type("y");
    await term.waitFor("Big file written.");
    expect(term.all()).toContain("✓ Created src/big.ts (+200)");
    expect(readFileSync(join(repo, "src/big.ts"), "utf8").split("\n")).toHaveLength(201);
  });
});
