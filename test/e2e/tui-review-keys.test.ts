// Issue 31, reviews as peers mean them: `y` is yes this once in every review, "always" (`a` or
// its number) needs a confirmation typed text cannot give, and what is typed over a review is
// never lost. Keys come as a fast typist sends them: a burst in one write, and letters a few
// milliseconds apart; at 80 and 120 columns.
import { existsSync, mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { setTimeout as pause } from "node:timers/promises";
import { describe, expect, test } from "vitest";
import { reply } from "../support/mock-model-server.js";
import { permissionsPath } from "../support/permissions-file.js";
import type { TuiTerminal } from "../support/terminal-harness.js";
import { send, toolResults, useTui, waitForReview } from "../support/tui-fixture.js";

const tui = useTui();
const TEST_SERVER = resolve(import.meta.dirname, "..", "support", "mcp-test-server.mjs");

/** Types `text` a key at a time, `ms` apart (pacing the input, as a person's fingers do). */
async function typeApart(term: TuiTerminal, text: string, ms = 15): Promise<void> {
  for (const ch of text) {
    term.type(ch);
    await pause(ms);
  }
}

const stored = (env: Record<string, string | undefined>, repo: string) => {
  const file = permissionsPath(env, repo);
  return existsSync(file)
    ? (JSON.parse(readFileSync(file, "utf8")) as Record<string, unknown>)
    : {};
};

/** The three kinds of review a standing permission can come from, and how each is opened. */
const KINDS = {
  edit: {
    script: [reply().tool("edit_create_file", { path: "a.md", content: "a\n" })],
    args: [] as string[],
    header: "Create a.md",
    choices: /1 y accept · 2 a always \(this project\)/,
    config: undefined as unknown,
  },
  command: {
    script: [reply().tool("shell_run", { command: "echo hi > out.txt" })],
    args: ["--sandbox", "off"],
    header: "echo hi > out.txt",
    choices: /1 y run · 2 a always allow/,
    config: undefined as unknown,
  },
  mcp: {
    script: [reply().tool("mcp__t__write_note", { text: "first" })],
    args: [] as string[],
    header: "Call MCP tool write_note",
    choices: /1 y accept · 2 a always \(this tool\)/,
    config: () => ({
      mcpServers: {
        t: {
          command: process.execPath,
          args: [TEST_SERVER],
          env: { MCP_TEST_LOG: join(mkdtempSync(join(tmpdir(), "north-rk-")), "events.log") },
        },
      },
    }),
  },
};

/** Opens `kind`'s review; with `hold`, the answer after it waits for `server.release(hold)`. */
async function openReview(kind: keyof typeof KINDS, cols: number, hold?: string) {
  const k = KINDS[kind];
  const done = hold ? reply().hold(hold).text("Done.") : reply().text("Done.");
  const opened = await tui.open([...k.script, done], k.args, {
    cols,
    rows: 40,
    ...(k.config ? { config: k.config } : {}),
  });
  const { term, env } = opened;
  if (kind === "mcp") {
    // The server connects in the background; its tools join the next message.
    const log = join(env.XDG_STATE_HOME!, "north", "north.log");
    await expect
      .poll(() => (existsSync(log) ? readFileSync(log, "utf8") : ""))
      .toContain("mcp_connected");
  }
  await send(term, "go");
  await waitForReview(term, k.header);
  // The choices show whole at both widths (wrapped at 80, on one line at 120).
  await term.waitFor((s) => k.choices.test(s.replace(/\s*\n\s*┃\s*/g, " ")));
  return opened;
}

describe("`yes please⏎` over a review: never always, nothing lost", () => {
  for (const kind of ["edit", "command", "mcp"] as const)
    for (const cols of [80, 120])
      test(`${kind} at ${cols} columns, in one write: all of it is text, the review waits`, async () => {
        const { term, env, repo, server } = await openReview(kind, cols);
        term.type("yes please\r");
        await term.waitFor(/^> yes please/m);
        expect(term.screen()).toContain(KINDS[kind].header);
        expect(server.requests).toHaveLength(1);
        expect(stored(env, repo)).not.toMatchObject({ edits: true });
        // A deliberate answer after it: yes, this once; the text stays for after.
        term.press("right");
        await term.waitFor(/› 2 a always/);
        term.press("left");
        await term.waitFor(/› 1 y/);
        term.press("enter");
        await term.waitFor("Done.");
        expect(toolResults(server, 1)[0]!.isError).toBe(false);
        await term.waitFor(/^> yes please/m);
        const permissions = stored(env, repo);
        expect(permissions.edits ?? false).toBe(false);
        expect(permissions.commands ?? []).toEqual([]);
        expect(permissions.mcpTools ?? []).toEqual([]);
      });

  for (const kind of ["edit", "command", "mcp"] as const)
    for (const cols of [80, 120])
      test(`${kind} at ${cols} columns, keys a few ms apart: y is yes once, the rest is text`, async () => {
        // The answer after the review waits until the keys are in, so the turn still runs when
        // the Enter comes (a turn already over would send the text, as Enter does when idle).
        const hold = `apart-${kind}-${cols}`;
        const { term, env, repo, server } = await openReview(kind, cols, hold);
        await typeApart(term, "yes please\r");
        // A lone `y` is yes this once and `es please` lands in the composer (the Enter that
        // ended it does not send it). A busy terminal may hand over keys typed a few ms apart
        // in one read: then all of it is text and the review waits, as for a burst.
        await term.waitFor((s) => /^> es please/m.test(s) || /^> yes please/m.test(s));
        server.release(hold);
        if (/^> yes please/m.test(term.screen())) {
          expect(server.requests).toHaveLength(1);
          term.press("right");
          await term.waitFor(/› 2 a always/);
          term.press("left");
          await term.waitFor(/› 1 y/);
          term.press("enter");
        }
        await term.waitFor("Done.");
        expect(toolResults(server, 1)[0]!.isError).toBe(false);
        await term.waitFor(/^> y?es please/m);
        expect(server.requests).toHaveLength(2);
        const permissions = stored(env, repo);
        expect(permissions.edits ?? false).toBe(false);
        expect(permissions.commands ?? []).toEqual([]);
        expect(permissions.mcpTools ?? []).toEqual([]);
      });
});

describe("`always⏎` typed over a review grants nothing", () => {
  for (const [how, cols] of [
    ["in one write", 80],
    ["a few ms apart", 120],
  ] as const)
    test(`${how}, at ${cols} columns: the word is in the composer, the review waits`, async () => {
      const { term, env, repo, server } = await openReview("edit", cols);
      if (how === "in one write") term.type("always\r");
      else await typeApart(term, "always\r");
      await term.waitFor(/^> always/m);
      // The review is back at its choices (the confirmation was withdrawn), and nothing ran.
      await term.waitFor(KINDS.edit.choices);
      expect(term.screen()).not.toContain("Accept every edit in this project from now on");
      expect(server.requests).toHaveLength(1);
      expect(existsSync(join(repo, "a.md"))).toBe(false);
      expect(stored(env, repo)).not.toMatchObject({ edits: true });
    });
});

/** The screen's text with its lines joined (a sentence wrapped at 80 columns reads whole). */
const joined = (screen: string) => screen.replace(/\s*\n\s*/g, " ");

describe("the words around reviews", () => {
  for (const cols of [80, 120]) {
    test(`the question picker is no review, at ${cols} columns`, async () => {
      const { term } = await tui.open(
        [
          reply().tool("ask_user_question", {
            questions: [
              { question: "Which port?", options: [{ label: "8080" }, { label: "3000" }] },
            ],
          }),
          reply().text("Port chosen."),
        ],
        [],
        { cols, rows: 40 },
      );
      await send(term, "pick a port");
      await waitForReview(term, "Which port?");
      await term.waitFor("Answer the question above first");
      expect(term.screen()).not.toContain("Answer the review above");
      term.type("2");
      await term.waitFor("Port chosen.");
    });

    test(`a refused /model argument says how to name the model, at ${cols} columns`, async () => {
      const { term, server } = await tui.open([], [], { cols, rows: 40 });
      await send(term, "/model haiku 4.5");
      await term.waitFor((s) =>
        joined(s).includes("For Claude Haiku 4.5: /model claude-haiku-4-5 (or /model alone"),
      );
      expect(joined(term.screen())).toContain("“4.5” is left over. Nothing was run or sent.");
      expect(server.requests).toHaveLength(0);
    });
  }
});
