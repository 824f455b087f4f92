// Slash commands, their menus, custom commands, `@` mentions, /undo, /model and /compact,
// driven in a real pseudo-terminal against the mock model server.
import { existsSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, test } from "vitest";
import { makeHome, makeRepo } from "../support/cli-runner.js";
import {
  reply,
  startMockModelServer,
  type MockModelServer,
  type ScriptEntry,
} from "../support/mock-model-server.js";
import { useSharedTui } from "../support/shared-tui.js";
import { startTerminal, type TuiTerminal } from "../support/terminal-harness.js";
import { COMPOSER, send } from "../support/tui-fixture.js";

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const DEFAULT_FILES = {
  "README.md": "# Demo\n\nA demo service.\n",
  "src/retry.ts": "export const policy = { attempts: 3, backoffMs: 200 };\n",
  "src/client.ts": 'import { policy } from "./retry";\n\nexport const client = { policy };\n',
};

/** A custom command of the repository (`/greet`). */
const GREET = {
  ".north/commands/greet.md":
    "---\ndescription: Greet someone\n---\nGreet $1 warmly ($ARGUMENTS).\n",
};

/**
 * One program for the tests that keep the mode, model and conversation list as they were, on
 * the default files and GREET (each starts from a new conversation). /undo has its own: after
 * `/new` it numbers the turn it undid from the program's start ("turn 3"), not the conversation's.
 */
const shared = useSharedTui([], { files: { ...DEFAULT_FILES, ...GREET } });

/** Opens North on a repository of `files`, with the Anthropic key (and OpenAI's when asked). */
async function open(
  script: ScriptEntry[],
  options: { files?: Record<string, string>; openai?: boolean } = {},
): Promise<{ term: TuiTerminal; server: MockModelServer; repo: string }> {
  const server = await startMockModelServer(script);
  const { env } = makeHome();
  const repo = makeRepo({ ...DEFAULT_FILES, ...options.files });
  const term = startTerminal({
    cwd: repo,
    env: {
      ...env,
      ANTHROPIC_API_KEY: "test-key",
      ANTHROPIC_BASE_URL: server.anthropicBaseUrl,
      ...(options.openai
        ? { OPENAI_API_KEY: "test-key", OPENAI_BASE_URL: server.openaiBaseUrl }
        : {}),
    },
  });
  cleanups.push(
    () => server.close(),
    () => term.kill(),
  );
  await term.waitFor(COMPOSER);
  return { term, server, repo };
}

/** The text of the last user message of request `index` (Anthropic wire format). */
function lastUserText(server: MockModelServer, index: number): string {
  const messages = server.requests[index]!.body.messages as { role: string; content: unknown }[];
  const last = messages.filter((m) => m.role === "user").at(-1)!;
  if (typeof last.content === "string") return last.content;
  return (last.content as { type: string; text?: string }[]).map((b) => b.text ?? "").join("\n");
}

describe("slash commands in the terminal", () => {
  test("/mo + Tab completes /mode, its choices open, Enter runs the chosen one", async () => {
    const { term } = await open([]);
    term.type("/mo");
    await term.waitFor("Switch between ask, agent and plan");
    expect(term.screen()).toContain("/model");
    term.press("tab");
    await term.waitFor("> /mode");
    await term.waitFor("read only: the model answers from the code");
    term.type("pl");
    await term.waitFor((s) => !s.includes("read only") && s.includes("plan"));
    term.press("enter");
    await term.waitFor("Mode: plan");
    await term.waitFor("[PLAN]");
    // Esc closes a menu; Enter then sends the input as typed.
    term.type("/he");
    await term.waitFor("List the commands");
    term.press("escape");
    await term.waitFor((s) => !s.includes("List the commands"));
    term.type("lp");
    await term.waitFor("> /help");
    term.press("enter");
    await term.waitFor("? on an empty input shows the keyboard shortcuts.");
  });

  test("? on an empty input shows the keyboard shortcuts", async () => {
    const { term } = await shared.open([]);
    term.type("?");
    await term.waitFor("Keyboard shortcuts");
    expect(term.screen()).toContain("ctrl+x");
    term.press("escape");
    await term.waitFor((s) => !s.includes("Keyboard shortcuts"));
  });

  test("a custom command with arguments sends its prompt; the command is not sent", async () => {
    const { term, server } = await shared.open([reply().text("Hello, Ada.")]);
    term.type("/gr");
    await term.waitFor("Greet someone");
    term.press("tab");
    term.type("Ada and Bob");
    await term.waitFor("> /greet Ada and Bob");
    term.press("enter");
    await term.waitFor("Hello, Ada.");
    expect(lastUserText(server, 0)).toBe("Greet Ada warmly (Ada and Bob).");
  });

  test("@ picker: two files chosen, both sent as <file> blocks", async () => {
    const { term, server } = await shared.open([reply().text("Both read.")]);
    term.type("compare @retr");
    await term.waitFor("src/retry.ts");
    term.press("tab");
    await term.waitFor("> compare @src/retry.ts");
    term.type("with @");
    await term.waitFor("src/");
    term.type("src/cl");
    await term.waitFor("src/client.ts");
    term.press("enter");
    await term.waitFor("@src/client.ts");
    // Backspace after a token deletes it whole; type it back through the picker.
    term.press("backspace", "backspace");
    await term.waitFor((s) => s.includes("> compare @src/retry.ts with") && !s.includes("client"));
    term.type("@client");
    await term.waitFor("src/client.ts");
    term.press("tab");
    term.type("please");
    await term.waitFor("@src/client.ts please");
    term.press("enter");
    await term.waitFor("Both read.");
    const text = lastUserText(server, 0);
    expect(text).toContain("compare @src/retry.ts with @src/client.ts please");
    expect(text).toContain('<file path="src/retry.ts">\nexport const policy');
    expect(text).toContain('<file path="src/client.ts">\nimport { policy }');
  });

  test("/undo restores the files of the last turn after an accepted edit", async () => {
    const { term, repo } = await open([
      reply().tool("edit_create_file", { path: "src/new.ts", content: "export const n = 1;\n" }),
      reply().text("Created it."),
    ]);
    await send(term, "create a file");
    await term.waitFor("y accept");
    term.type("y");
    await term.waitFor("Created it.");
    expect(existsSync(join(repo, "src/new.ts"))).toBe(true);
    term.type("/undo");
    await term.waitFor("Restore the files changed");
    term.press("enter");
    await term.waitFor("Undid turn 1 of this conversation");
    expect(existsSync(join(repo, "src/new.ts"))).toBe(false);
  });

  test("/model switches provider mid-conversation: the next request uses the other protocol", async () => {
    const { term, server } = await open([reply().text("From Claude."), reply().text("From GPT.")], {
      openai: true,
    });
    await send(term, "first");
    await term.waitFor("From Claude.");
    term.type("/model lun");
    await term.waitFor("GPT-5.6 Luna");
    term.press("enter");
    await term.waitFor("Switched to GPT-5.6 Luna");
    await send(term, "second");
    await term.waitFor("From GPT.");
    expect(server.requests.map((r) => r.path)).toEqual(["/v1/messages", "/v1/responses"]);
    expect(JSON.stringify(server.requests[1]!.body)).toContain("From Claude.");
  });

  test("/resume picks an earlier conversation: its transcript and history come back; /clear", async () => {
    const { term, server } = await open([
      reply().text("First answer."),
      reply().text("Second answer."),
      reply().text("Back in the first."),
    ]);
    await send(term, "first question");
    await term.waitFor("First answer.");
    await send(term, "/new");
    await term.waitFor("New conversation.");
    await send(term, "second question");
    await term.waitFor("Second answer.");
    term.type("/resu");
    await term.waitFor("Continue a saved conversation");
    term.press("tab");
    await term.waitFor(/first question\s+\S+ \S+ · 2 messages · claude-/);
    term.press("enter");
    await term.waitFor("Resumed conversation");
    await send(term, "go on");
    await term.waitFor("Back in the first.");
    const messages = server.requests[2]!.body.messages as { role: string }[];
    expect(JSON.stringify(messages)).toContain("first question");
    expect(JSON.stringify(messages)).not.toContain("second question");
    await send(term, "/clear");
    await term.waitFor((s) => !s.includes("Back in the first.") && s.includes(COMPOSER));
  });

  test("/compact summarises the older conversation and says how much", async () => {
    const { term } = await shared.open([
      reply().text("One."),
      reply().text("Two."),
      reply().text("Three."),
      reply().text("Four."),
      reply().text("Goal: count. Decisions: none."),
    ]);
    for (const [n, answer] of [
      ["1", "One."],
      ["2", "Two."],
      ["3", "Three."],
      ["4", "Four."],
    ] as const) {
      await send(term, `count ${n}`);
      await term.waitFor(answer);
    }
    await send(term, "/compact the counting");
    await term.waitFor(/Compacted: [\d.k]+ → [\d.k]+ tokens/);
  });
});
