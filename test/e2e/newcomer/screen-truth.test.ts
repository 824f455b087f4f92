// The screen tells the truth (issue 31), at 80 and at 120 columns: a token count that moves
// while text streams, a status line that keeps what matters, a context figure that does not drop
// when a reported size replaces an estimate, finished items worded as finished, a cancelled
// turn's todo list marked stopped, every kind of standing permission on the status line, and
// /mcp naming each server's tools; /resume on the first Enter, with the model used last.
import { existsSync, mkdirSync, readFileSync, realpathSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { describe, expect, test } from "vitest";
import { reply, startMockModelServer } from "../../support/mock-model-server.js";
import { permissionsPath } from "../../support/permissions-file.js";
import { makeHome, makeRepo, runCli } from "../../support/cli-runner.js";
import { useSharedTui } from "../../support/shared-tui.js";
import { COMPOSER, send, useTui } from "../../support/tui-fixture.js";
import { startTerminal, type TuiTerminal } from "../../support/terminal-harness.js";
import { MCP_TEST_SERVER } from "../../support/mcp-server-bundle.js";

const tui = useTui();

/** The status line: the screen's line with the mode on it. */
const statusLine = (term: TuiTerminal) =>
  term.lines().findLast((l) => /\[(AGENT|ASK|PLAN)\]/.test(l)) ?? "";

/** "2.5k" → 2500, "830" → 830; NaN for anything else ("–" before a measure). */
const tokens = (text: string | undefined) => {
  const m = /^([\d.]+)(k|M)?$/.exec(text ?? "");
  if (!m) return Number.NaN;
  return Number(m[1]) * (m[2] === "k" ? 1000 : m[2] === "M" ? 1_000_000 : 1);
};

/** The working line's token count ("Working… 3s · 2.5k tokens"), or NaN when not shown. */
const working = (screen: string) => tokens(/Working… \d+s · (\S+) tokens/.exec(screen)?.[1]);

/** The context figure of the status line ("3.0k" of "3.0k/1.0M"), NaN when not measured. */
const context = (term: TuiTerminal) => tokens(/ (\S+)\/1\.0M/.exec(statusLine(term))?.[1]);

describe.each([80, 120])("at %i columns", (cols) => {
  // One program for the tests about a conversation (each starts from a new one).
  const shared = useSharedTui([], { cols });

  test("the working line's token count moves while the answer streams", async () => {
    const long = Array.from({ length: 300 }, (_, i) => `Sentence ${i} of a long story.`).join(" ");
    const { term } = await shared.open([
      reply().text(long).usage({ input: 2500, output: 2000 }).slow(15),
    ]);
    await send(term, "tell me a long story");
    await term.waitFor((s) => working(s) >= 2500);
    const first = working(term.screen());
    // Estimated from the streamed text until the provider reports the output.
    await term.waitFor((s) => working(s) > first && !s.includes("Sentence 299"));
  });

  test("the status line keeps mode, sandbox, standing permissions, context and cost", async () => {
    // Its own program: standing permissions are read once per program.
    const { term, env, repo } = await tui.open(
      [reply().text("Short answer.").usage({ input: 4000, output: 50 })],
      [],
      { cols },
    );
    // An MCP tool the person allowed "always" in an earlier session is a standing permission.
    const file = permissionsPath(env, repo);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(
      file,
      JSON.stringify({
        root: realpathSync(repo),
        edits: false,
        commands: [],
        mcpTools: [{ server: "everything", tool: "toggle" }],
      }),
    );
    await send(term, "hello");
    await term.waitFor("Short answer.");
    await term.waitFor(() => /\$\d/.test(statusLine(term)));
    const line = statusLine(term);
    expect(line).toContain("[AGENT]");
    expect(line).toMatch(/sandboxed|no sandbox/);
    expect(line).toContain("✓ 1 allowed");
    expect(line).toMatch(/context .*4\.\dk\/1\.0M/);
    expect(line).toMatch(/\$\d+\.\d{4}$/);
    expect(line.length).toBeLessThanOrEqual(cols);
  });

  test("the context figure does not drop when the provider's size replaces an estimate", async () => {
    // The provider reports less than North estimates for its system prompt and tools.
    const { term } = await shared.open([reply().text("Hi.").usage({ input: 300, output: 5 })]);
    // The status line shows the model's window once the session is up.
    await term.waitFor(() => statusLine(term).includes("/1.0M"));
    const before = context(term);
    await send(term, "hello");
    await term.waitFor("Hi.");
    await term.waitFor(() => context(term) > 0);
    const after = context(term);
    // Either nothing was shown before a measure, or it was no more than what was measured.
    expect(Number.isNaN(before) || before <= after).toBe(true);
  });

  test("finished tool calls are worded as finished", async () => {
    const { term } = await shared.open([
      reply().tool("read_file", { path: "src/retry.ts" }),
      reply().tool("search_text", { pattern: "retry" }),
      reply().text("Done looking."),
    ]);
    await send(term, "look at the retry policy");
    await term.waitFor("Done looking.");
    const screen = term.all();
    expect(screen).toContain("✓ Read src/retry.ts");
    expect(screen).toContain("✓ Searched for retry");
    expect(screen).not.toMatch(/✓ (Reading|Searching)/);
  });

  test("a cancelled turn's todo list is marked stopped, not left in progress", async () => {
    const { term, server } = await shared.open([
      reply().tool("todo_write", {
        todos: [
          { content: "Read the policy", status: "completed" },
          { content: "Change the greeting", status: "in_progress" },
          { content: "Run the tests", status: "pending" },
        ],
      }),
      reply().text("Working on it.").hold("never"),
    ]);
    await send(term, "change the greeting");
    await term.waitFor("◐ Change the greeting");
    await server.waitForRequests(2);
    term.press("escape");
    await term.waitFor("[Cancelled]");
    await term.waitFor("stopped");
    const screen = term.screen();
    expect(screen).not.toContain("◐");
    expect(screen).toContain("◼ Change the greeting");
  });
});

const TEST_SERVER = MCP_TEST_SERVER;

describe.each([80, 120])("/mcp at %i columns", (cols) => {
  test("lists each ready server's tools with a one-line description", async () => {
    const { term, env } = await tui.open([], [], {
      cols,
      rows: 40,
      config: { mcpServers: { t: { command: process.execPath, args: [TEST_SERVER] } } },
    });
    const northLog = join(env.XDG_STATE_HOME!, "north", "north.log");
    await expect
      .poll(() => (existsSync(northLog) ? readFileSync(northLog, "utf8") : ""))
      .toContain("mcp_connected");
    await send(term, "/mcp");
    // `/mcp` opens its choices; "list" is the first.
    await term.waitFor("reconnect t");
    term.press("enter");
    await term.waitFor(/t \(your config, stdio\) — ready, \d+ tools/);
    const all = term.all().replace(/\s+/g, " ");
    expect(all).toContain("• shout — Returns the text in capitals.");
    expect(all).toContain("• write_note — Writes a note (changes something: not read-only).");
  });
});

describe.each([80, 120])("/resume at %i columns", (cols) => {
  test("with no other conversation, the first Enter says so", async () => {
    const { term } = await tui.open([], [], { cols });
    await send(term, "/resume");
    await term.waitFor("No other saved conversation of this project.");
  });

  test("with one other, the first Enter opens the picker, showing the model used last", async () => {
    const server = await startMockModelServer([
      reply().text("First answer."),
      reply().text("Second answer."),
    ]);
    const { env } = makeHome();
    const repo = makeRepo();
    // An earlier conversation, begun on Sonnet and continued on Haiku.
    const keys = { ANTHROPIC_API_KEY: "test-key", ANTHROPIC_BASE_URL: server.anthropicBaseUrl };
    const run = (args: string[]) => runCli(args, { cwd: repo, env: { ...env, ...keys } });
    expect((await run(["-p", "KWFIRST question", "--model", "claude-sonnet-5-5"])).code).toBe(0);
    expect((await run(["-p", "more", "--continue", "--model", "claude-haiku-5-5"])).code).toBe(0);
    const again = startTerminal({ cwd: repo, cols, env: { ...env, ...keys } });
    try {
      await again.waitFor(COMPOSER);
      await send(again, "/resume");
      await again.waitFor("KWFIRST question");
      expect(again.screen()).toMatch(/KWFIRST question.*claude-haiku-5-5/);
    } finally {
      again.kill();
      await server.close();
    }
  });
});
