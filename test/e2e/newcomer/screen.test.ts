// What a newcomer sees (issue: the TUI as a new user meets it): entries wrap inside the gutter at
// every width, a failed --continue says why and starts afresh.
import { describe, expect, test } from "vitest";
import { reply } from "../../support/mock-model-server.js";
import { send, useTui } from "../../support/tui-fixture.js";

const tui = useTui();

/** The screen's lines from the one that starts with `first` to the next blank one. */
function block(screen: string, first: string): string[] {
  const lines = screen.split("\n");
  const start = lines.findIndex((l) => l.startsWith(first));
  expect(start, `no line starts with ${first}:\n${screen}`).toBeGreaterThanOrEqual(0);
  const end = lines.findIndex((l, i) => i > start && l.trim() === "");
  return lines.slice(start, end === -1 ? undefined : end);
}

const WORDS = Array.from({ length: 40 }, (_, i) => `word${i}`).join(" ");

describe("entries wrap at the width they have", () => {
  for (const cols of [60, 80, 120]) {
    test(`at ${cols} columns the person's message, a tool line and a note keep their indent`, async () => {
      const { term } = await tui.open(
        [
          reply().tool("read_file", { path: `missing/${"deep/".repeat(12)}file.ts` }),
          reply().text("Done."),
        ],
        [],
        { cols },
      );
      term.type(WORDS);
      await term.waitFor("word39");
      term.press("enter");
      await term.waitFor("Done.");
      term.type(`/modes ${"x".repeat(cols)}`);
      await term.waitFor("xxxxxxxxxx");
      term.press("enter");
      await term.waitFor("Unknown");
      const screen = term.screen();
      const message = block(screen, "you   word0");
      expect(message.length).toBeGreaterThan(1);
      for (const line of message.slice(1)) expect(line).toMatch(/^ {6}\S/);
      expect(message.join(" ").replace(/\s+/g, " ")).toContain("word38 word39");
      // The turn starts with a tool: its line carries the north label, after a blank line.
      const tool = block(screen, "north ✗ Read");
      for (const line of tool.slice(1)) expect(line).toMatch(/^ {8}\S/);
      const note = block(screen, "      Unknown");
      for (const line of note.slice(1)) expect(line).toMatch(/^ {6}\S/);
    });
  }
});

describe("--continue and --resume that cannot", () => {
  test("with nothing saved: says so, starts a new conversation that works", async () => {
    const { term, server } = await tui.open([reply().text("Fresh answer.")], ["--continue"]);
    await term.waitFor("Started a new conversation instead.");
    expect(term.screen()).toMatch(/No saved session for .* to continue\./);
    expect(term.screen()).not.toContain("No model provider");
    await send(term, "hello");
    await term.waitFor("Fresh answer.");
    expect(server.requests).toHaveLength(1);
  });

  test("--resume with an id nobody saved names it", async () => {
    const { term } = await tui.open([], ["--resume", "2026-11-05-09-30-12-a1b2c3"]);
    await term.waitFor("Started a new conversation instead.");
    expect(term.screen()).toContain('No saved session "2026-11-05-09-30-12-a1b2c3"');
  });
});

describe("notes that say what is true", () => {
  test("a config file that cannot be used is reported in the TUI too", async () => {
    const { term } = await tui.open([], [], { config: { model: 42 } });
    await term.waitFor(/config\.json/);
    expect(term.screen()).toMatch(/model/);
  });

  test("/compact on a short conversation says it is too short, not that a summary exists", async () => {
    const { term } = await tui.open([reply().text("Short answer.")]);
    await send(term, "hello");
    await term.waitFor("Short answer.");
    await send(term, "/compact");
    await term.waitFor("Nothing to compact yet");
    expect(term.screen()).not.toContain("already a summary");
  });
});

describe("the first code block of a session", () => {
  test("is syntax-highlighted, even when the answer comes at once", async () => {
    const code = "```ts\nexport const answer: number = 42;\n```";
    const { term } = await tui.open([reply().text(`Here:\n\n${code}\n\nDone.`)], [], {
      env: { FORCE_COLOR: "1" },
    });
    await send(term, "show me");
    await term.waitFor("Done.");
    await term.waitFor(
      () => /\x1b\[[0-9;]*m export/.test(term.raw) || /\x1b\[[0-9;]*mexport/.test(term.raw),
    );
    // The keyword is coloured on its own, not only the whole line in one colour.
    expect(term.raw).toMatch(/\x1b\[[0-9;]*mexport\x1b\[[0-9;]*m/);
  });
});
