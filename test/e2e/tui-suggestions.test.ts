// Ghost-text suggestions in a real pseudo-terminal: the suggestion model is an OpenAI-compatible
// server of the config (the mock model server's Chat Completions route), the conversation's
// model Anthropic (its Messages route), so the two kinds of requests are told apart by path.
import { describe, expect, test } from "vitest";
import {
  reply,
  type MockModelServer,
  type RecordedRequest,
  type ScriptEntry,
} from "../support/mock-model-server.js";
import type { TuiTerminal } from "../support/terminal-harness.js";
import { send, useTui } from "../support/tui-fixture.js";

const tui = useTui();

const SHIFT_TAB = "\x1b[Z";
const isSuggestion = (r: RecordedRequest) => r.path === "/v1/chat/completions";

/** The provider of the suggestion model, as a person would configure a local server. */
const tiny = (server: MockModelServer) => ({
  tiny: {
    protocol: "openai-chat",
    baseUrl: server.openaiBaseUrl,
    models: [{ id: "tiny-1", name: "Tiny 1", price: { input: 1, output: 2 } }],
  },
});

/**
 * Opens North with `script` for the conversation and `suggestions` for the suggestion model (one
 * per request; past them a request fails, which must stay silent). `suggest: false` leaves
 * `suggestion` out of the config.
 */
async function open(
  script: ScriptEntry[],
  options: { suggestions?: string[]; suggest?: boolean; files?: Record<string, string> } = {},
): Promise<{ term: TuiTerminal; server: MockModelServer }> {
  const { term, server } = await tui.open(script, [], {
    files: { "README.md": "# Demo\n", ...options.files },
    prepare: (server) =>
      server.conversation(isSuggestion, ...(options.suggestions ?? []).map((s) => reply().text(s))),
    config: (server: MockModelServer) => ({
      providers: tiny(server),
      ...(options.suggest === false ? {} : { suggestion: { model: "tiny-1", provider: "tiny" } }),
    }),
  });
  return { term, server };
}

/**
 * The composer's row: the last screen line that starts with the prompt mark; -1 when none (the
 * screen may be read between two parts of a frame).
 */
function composerRow(term: TuiTerminal): number {
  const lines = term.lines();
  for (let y = lines.length - 1; y >= 0; y--) if (lines[y]!.startsWith("> ")) return y;
  return -1;
}

/** The composer's line as shown (its cursor cell trimmed); "" when it is not on the screen. */
const composerLine = (term: TuiTerminal) => term.lines()[composerRow(term)]?.trimEnd() ?? "";

/** The characters of the composer's line drawn dim (the ghost text). */
function dimInComposer(term: TuiTerminal): string {
  const row = composerRow(term);
  if (row < 0) return "";
  const buffer = term.term.buffer.active;
  const line = buffer.getLine(buffer.viewportY + row)!;
  let out = "";
  for (let x = 0; x < term.term.cols; x++) {
    const cell = line.getCell(x);
    if (cell?.isDim()) out += cell.getChars() || " ";
  }
  return out;
}

/** Waits until the composer's line is `line`, of which `ghost` (its end) is drawn dim. */
async function composerShows(term: TuiTerminal, line: string, ghost: string): Promise<void> {
  await term.waitFor(() => composerLine(term) === line && dimInComposer(term) === ghost);
}

/** What the suggestion requests asked about: the typed text ending each one's prompt. */
function askedFor(server: MockModelServer): string[] {
  return server.requests.filter(isSuggestion).map((r) => {
    const messages = r.body.messages as { role: string; content: string }[];
    return messages.at(-1)!.content.split("The person has typed so far:\n")[1]!;
  });
}

/**
 * Waits until the "Working… Ns" line of a running turn shows three seconds more than now: at
 * least two seconds have passed since this call (the line ticks once a second), far longer
 * than the pause after which a suggestion would have been asked for.
 */
async function pauseOverDebounce(term: TuiTerminal): Promise<void> {
  const seconds = () => Number(/Working… (\d+)s/.exec(term.screen())?.[1] ?? NaN);
  await term.waitFor(/Working… \d+s/);
  const from = seconds();
  await term.waitFor(() => seconds() >= from + 3);
}

describe("ghost-text suggestions", () => {
  test("shown in grey after a pause, Tab accepts, Enter sends the whole line; /cost counts them apart", async () => {
    const { term, server } = await open([reply().text("It retries three times.")], {
      suggestions: [" the retry policy", ""],
    });
    term.type("explain");
    await composerShows(term, "> explain the retry policy", " the retry policy");
    term.press("tab");
    await composerShows(term, "> explain the retry policy", "");
    term.press("enter");
    await term.waitFor("It retries three times.");
    const main = server.requests.filter((r) => !isSuggestion(r));
    expect(main).toHaveLength(1);
    const sent = main[0]!.body.messages[0].content as { type: string; text: string }[];
    expect(sent.map((b) => b.text).join("")).toBe("explain the retry policy");
    // A short request of its own: the typed text, few tokens, no tools.
    const asked = server.requests.find(isSuggestion)!;
    expect(asked.body.model).toBe("tiny-1");
    expect(asked.body.tools).toBeUndefined();
    expect(asked.body.max_tokens ?? asked.body.max_completion_tokens).toBeLessThanOrEqual(64);
    expect(askedFor(server)[0]).toBe("explain");

    await send(term, "/cost");
    await term.waitFor(/Suggestions \(Tiny 1\): \d+ input, \d+ output tokens, \$0\.\d{4}/);
    // The conversation's table does not count them.
    expect(term.screen()).not.toMatch(/^Tiny 1\s/m);
  });

  test("another key dismisses it and does its own work; Shift+Tab cycles the mode while it shows", async () => {
    const { term } = await open([], { suggestions: [" the retry policy", " again"] });
    await term.waitFor("[AGENT]");
    // Without a suggestion, Tab cycles the mode as before.
    term.press("tab");
    await term.waitFor("[PLAN]");
    term.type("explain");
    await composerShows(term, "> explain the retry policy", " the retry policy");
    term.write(SHIFT_TAB);
    await term.waitFor("[AGENT]");
    await composerShows(term, "> explain", "");
    // A letter is typed, and a new suggestion comes for the new text after a pause.
    term.type("s");
    await composerShows(term, "> explains again", " again");
    // Another key dismisses it and does its own work.
    term.press("backspace");
    await composerShows(term, "> explain", "");
  });

  test("never asked for a / command or an @ mention; asked while the conversation's turn runs", async () => {
    const { term, server } = await open([reply().text("Done.").hold("suggest-busy", 0)], {
      suggestions: [" is blue"],
    });
    await send(term, "start a long task");
    await server.waitForRequests(1);
    term.type("/hel");
    await term.waitFor("> /hel");
    await pauseOverDebounce(term);
    term.press("ctrl+u");
    term.type("@REA");
    await term.waitFor("> @REA");
    await pauseOverDebounce(term);
    expect(server.requests.filter(isSuggestion)).toHaveLength(0);
    term.press("ctrl+u");
    // The turn still runs: the suggestion does not wait for it.
    term.type("why is the sky");
    await composerShows(term, "> why is the sky is blue", " is blue");
    expect(term.screen()).toMatch(/Working… \d+s/);
    expect(askedFor(server)).toEqual(["why is the sky"]);
    server.release("suggest-busy");
    await term.waitFor("Done.");
  });

  test("without a suggestion model nothing is asked; a project's settings cannot turn it on", async () => {
    const settings = { suggestion: { model: "tiny-1", provider: "tiny" } };
    const { term, server } = await open([reply().text("Done.").hold("suggest-off", 0)], {
      suggest: false,
      suggestions: [" should never show"],
      files: { ".north/settings.json": JSON.stringify(settings) },
    });
    await send(term, "start a long task");
    await server.waitForRequests(1);
    term.type("explain the code");
    await term.waitFor("> explain the code");
    await pauseOverDebounce(term);
    expect(server.requests).toHaveLength(1);
    expect(term.screen()).not.toContain("should never show");
    server.release("suggest-off");
    await term.waitFor("Done.");
  });
});
