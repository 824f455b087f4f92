// The interactive interface end to end: the built CLI in a real pseudo-terminal, read back
// through a headless terminal emulator, against the mock model server.
import { afterEach, describe, expect, test } from "vitest";
import { makeHome, makeRepo } from "../support/cli-runner.js";
import {
  startMockModelServer,
  reply,
  type MockModelServer,
  type ScriptEntry,
} from "../support/mock-model-server.js";
import { startTerminal, type TuiTerminal } from "../support/terminal-harness.js";
import { useSharedTui } from "../support/shared-tui.js";

const COMPOSER = "Ask North about this repository";
const cleanups: (() => Promise<void> | void)[] = [];

afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** One program for the tests about a conversation; those about start, exit or the environment open their own. */
const shared = useSharedTui();

async function open(script: ScriptEntry[], extraEnv: Record<string, string> = {}) {
  const server = await startMockModelServer(script);
  const { env } = makeHome();
  const repo = makeRepo();
  const term = startTerminal({
    cwd: repo,
    env: {
      ...env,
      ANTHROPIC_API_KEY: "test-key",
      ANTHROPIC_BASE_URL: server.anthropicBaseUrl,
      ...extraEnv,
    },
  });
  cleanups.push(
    () => server.close(),
    () => term.kill(),
  );
  await term.waitFor(COMPOSER);
  return { server, term, env, repo };
}

/** Types a prompt, waits until it shows in the composer, then presses Enter. */
async function send(term: TuiTerminal, text: string) {
  term.type(text);
  await term.waitFor(`> ${text}`);
  term.press("enter");
}

/** The text of the person's messages in request `index` (Anthropic wire format). */
function userMessages(server: MockModelServer, index: number): string[] {
  const text = (content: unknown): string =>
    typeof content === "string"
      ? content
      : (content as { type: string; text?: string }[])
          .map((b) => (b.type === "text" ? (b.text ?? "") : ""))
          .join("");
  return (server.requests[index]!.body.messages as { role: string; content: unknown }[])
    .filter((m) => m.role === "user")
    .map((m) => text(m.content))
    .filter(Boolean);
}

describe("the interactive interface", () => {
  test("streams a Markdown answer with a tool line", async () => {
    const { term, server } = await shared.open([
      reply().text("Let me look.").tool("read_file", { path: "src/retry.ts" }),
      reply().text(
        "The policy retries **3 times**.\n\n- first\n- second\n\n```ts\nconst attempts = 3;\n```\n\nDone.",
      ),
    ]);
    await send(term, "how does retry work?");
    await term.waitFor("Done.");
    const screen = term.screen();
    expect(screen).toMatch(/you\s+how does retry work\?/);
    expect(screen).toContain("✓ Read src/retry.ts — 5 lines");
    expect(screen).toMatch(/north\s+The policy retries 3 times\./);
    expect(screen).not.toContain("**");
    expect(screen).toContain("• first");
    expect(screen).toContain("│ const attempts = 3;");
    expect(screen).toMatch(/\[AGENT\] (sandboxed|no sandbox) Claude/);
    expect(server.requests).toHaveLength(2);
  });

  for (const key of ["escape", "ctrl+c"] as const) {
    test(`cancels mid-stream with ${key} and the next message succeeds`, async () => {
      const { term, server } = await shared.open([
        reply()
          .text(`Counting: ${Array.from({ length: 400 }, (_, i) => `n${i}`).join(" ")}`)
          .slow(20),
        reply().text("Second answer arrived."),
      ]);
      await send(term, "count slowly");
      await term.waitFor("n5 ");
      term.press(key);
      await term.waitFor("[Cancelled]");
      await term.waitFor(COMPOSER);
      await send(term, "now answer");
      await term.waitFor("Second answer arrived.");
      expect(userMessages(server, 1)).toEqual(["count slowly", "now answer"]);
      expect(await server.waitForResponse(0)).toBe("client_closed");
    });
  }

  test("a bracketed paste of five lines is not sent", async () => {
    const { term, server } = await shared.open([reply().text("Got five lines.")]);
    term.paste("line one\nline two\nline three\nline four\nline five");
    await term.waitFor("line five");
    expect(term.screen()).toContain("line one");
    expect(server.requests).toHaveLength(0);
    term.press("enter");
    await term.waitFor("Got five lines.");
    expect(userMessages(server, 0)).toEqual([
      "line one\nline two\nline three\nline four\nline five",
    ]);
  });

  test("a message typed during a turn is queued and sent when it ends", async () => {
    const { term, server } = await shared.open([
      // Held until the second message is queued: a turn that ends first would not queue it.
      reply().text("Started. Finished later.").hold("first", 4),
      reply().text("Queued one answered."),
    ]);
    await send(term, "first question");
    await term.waitFor("Started.");
    await send(term, "second question");
    await term.waitFor("queued: second question");
    expect(server.requests).toHaveLength(1);
    server.release("first");
    await term.waitFor("Queued one answered.");
    expect(userMessages(server, 1)).toEqual(["first question", "second question"]);
  });

  test("Ctrl+C twice exits and restores the terminal", async () => {
    const { term } = await open([]);
    term.type("draft");
    await term.waitFor("> draft");
    term.press("ctrl+c");
    await term.waitFor(COMPOSER);
    term.press("ctrl+c");
    await term.waitFor("Press Ctrl+C again to exit");
    term.press("ctrl+c");
    const { exitCode } = await term.exited;
    expect(exitCode).toBe(0);
    const tail = term.raw.slice(term.raw.lastIndexOf("\x1b[?2026l"));
    expect(tail).toContain("\x1b[?25h");
    expect(tail).toContain("\x1b[?2004l");
    expect(term.screen()).not.toContain(COMPOSER);
  });

  test("keeps the input history per project across runs", async () => {
    const { term, server, env, repo } = await open([reply().text("First run answer.")]);
    await send(term, "remember this prompt");
    await term.waitFor("First run answer.");
    term.press("ctrl+d");
    await term.exited;
    const again = startTerminal({
      cwd: repo,
      env: { ...env, ANTHROPIC_API_KEY: "test-key", ANTHROPIC_BASE_URL: server.anthropicBaseUrl },
    });
    cleanups.push(() => again.kill());
    await again.waitFor(COMPOSER);
    again.press("up");
    await again.waitFor("> remember this prompt");
  });

  test("without a provider it welcomes and stays usable", async () => {
    const { env, home } = { ...makeHome() };
    const repo = makeRepo();
    const term = startTerminal({ cwd: repo, env });
    cleanups.push(() => term.kill());
    await term.waitFor("No model provider is configured yet");
    expect(term.screen()).toContain("ANTHROPIC_API_KEY");
    expect(term.screen()).toContain(`${home}/config/north/config.json`);
    await send(term, "hello?");
    await term.waitFor("No model provider is configured yet (see above).");
    await term.waitFor(COMPOSER);
    term.type("still typing");
    await term.waitFor("> still typing");
  });

  test("NO_COLOR draws no colour", async () => {
    const { term } = await open([reply().text("Plain **answer** with `code`.")], { NO_COLOR: "1" });
    await send(term, "hi");
    await term.waitFor("Plain answer with code.");
    // Foreground/background colours: SGR 30–37, 38;…, 40–47, 90–97.
    expect(term.raw).not.toMatch(/\x1b\[(?:3[0-8]|4[0-8]|9[0-7])(?:;[\d;]*)?m/);
  });
});
