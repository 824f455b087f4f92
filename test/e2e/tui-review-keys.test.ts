// Issue 31, reviews as peers mean them: `y` is yes this once in every review, "always" (`a` or
// its number) needs a confirmation typed text cannot give, and what is typed over a review is
// never lost. Keys come as a fast typist sends them: a burst in one write, and letters a few
// milliseconds apart; at 80 and 120 columns. One program per width, shared by its tests
// (useSharedTui): each test creates its own file, so what an earlier test wrote is no answer.
import { existsSync, mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as pause } from "node:timers/promises";
import { describe, expect, test } from "vitest";
import { reply } from "../support/mock-model-server.js";
import { permissionsPath } from "../support/permissions-file.js";
import type { TuiTerminal } from "../support/terminal-harness.js";
import { useSharedTui } from "../support/shared-tui.js";
import { send, toolResults, waitForReview } from "../support/tui-fixture.js";
import { MCP_TEST_SERVER } from "../support/mcp-server-bundle.js";

const TEST_SERVER = MCP_TEST_SERVER;

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

/** A deliberate answer with the cursor: over to "always", back to "yes", Enter (yes, this once). */
async function yesOnceByCursor(term: TuiTerminal): Promise<void> {
  term.press("right");
  await term.waitFor(/› 2 a always/);
  term.press("left");
  await term.waitFor(/› 1 y/);
  term.press("enter");
}

/** No standing permission of any kind was stored. */
function expectNothingGranted(env: Record<string, string | undefined>, repo: string): void {
  const permissions = stored(env, repo);
  expect(permissions.edits ?? false).toBe(false);
  expect(permissions.commands ?? []).toEqual([]);
  expect(permissions.mcpTools ?? []).toEqual([]);
}

/** The three kinds of review a standing permission can come from, and how each is opened. */
const KINDS = {
  edit: {
    /** `name` is the test's own file: an earlier test's file in the shared repository is none. */
    script: (name: string) => [
      reply().tool("edit_create_file", { path: `${name}.md`, content: "a\n" }),
    ],
    header: (name: string) => `Create ${name}.md`,
    choices: /1 y accept · 2 a always \(this project\)/,
  },
  command: {
    script: () => [reply().tool("shell_run", { command: "echo hi > out.txt" })],
    header: () => "echo hi > out.txt",
    choices: /1 y run · 2 a always allow/,
  },
  mcp: {
    script: () => [reply().tool("mcp__t__write_note", { text: "first" })],
    header: () => "Call MCP tool write_note",
    choices: /1 y accept · 2 a always \(this tool\)/,
  },
};

/** The MCP server whose tool's reviews the `mcp` tests open. */
const MCP_CONFIG = {
  mcpServers: {
    t: {
      command: process.execPath,
      args: [TEST_SERVER],
      env: { MCP_TEST_LOG: join(mkdtempSync(join(tmpdir(), "north-rk-")), "events.log") },
    },
  },
};
type Kind = keyof typeof KINDS;

/**
 * The session of every test at `cols` columns: the MCP server for its reviews, and no sandbox,
 * so a command asks (an edit or MCP tool asks either way).
 */
const sessionFor = (cols: number) =>
  useSharedTui(["--sandbox", "off"], { cols, rows: 40, config: MCP_CONFIG });
type Session = ReturnType<typeof sessionFor>;

/**
 * Opens `kind`'s review for the test `name` (its own file); with `hold`, the answer after it
 * waits for `server.release(hold)`.
 */
async function openReview(tui: Session, kind: Kind, name: string, hold?: string) {
  const k = KINDS[kind];
  const done = hold ? reply().hold(hold).text("Done.") : reply().text("Done.");
  const opened = await tui.open([...k.script(name), done]);
  const { term, env } = opened;
  if (kind === "mcp") {
    // The server connects in the background; its tools join the next message.
    const log = join(env.XDG_STATE_HOME!, "north", "north.log");
    await expect
      .poll(() => (existsSync(log) ? readFileSync(log, "utf8") : ""))
      .toContain("mcp_connected");
  }
  await send(term, "go");
  await waitForReview(term, k.header(name));
  // The choices show whole at both widths (wrapped at 80, on one line at 120).
  await term.waitFor((s) => k.choices.test(s.replace(/\s*\n\s*┃\s*/g, " ")));
  return opened;
}

/** The screen's text with its lines joined (a sentence wrapped at 80 columns reads whole). */
const joined = (screen: string) => screen.replace(/\s*\n\s*/g, " ");

for (const cols of [80, 120])
  describe(`at ${cols} columns`, () => {
    const tui = sessionFor(cols);
    for (const kind of ["edit", "command", "mcp"] as const)
      describe(`${kind} reviews`, () => {
        describe("`yes please⏎` over a review: never always, nothing lost", () => {
          test("in one write: all of it is text, the review waits", async () => {
            const { term, env, repo, server } = await openReview(tui, kind, "one-write");
            term.type("yes please\r");
            await term.waitFor(/^> yes please/m);
            expect(term.screen()).toContain(KINDS[kind].header("one-write"));
            expect(server.requests).toHaveLength(1);
            expect(stored(env, repo)).not.toMatchObject({ edits: true });
            // A deliberate answer after it: yes, this once; the text stays for after.
            await yesOnceByCursor(term);
            await term.waitFor("Done.");
            expect(toolResults(server, 1)[0]!.isError).toBe(false);
            await term.waitFor(/^> yes please/m);
            expectNothingGranted(env, repo);
          });

          test("keys a few ms apart: y is yes once, the rest is text", async () => {
            // The answer after the review waits until the keys are in, so the turn still runs
            // when the Enter comes (a turn already over would send the text, as Enter does when
            // idle).
            const hold = `apart-${kind}-${cols}`;
            const { term, env, repo, server } = await openReview(tui, kind, "apart", hold);
            await typeApart(term, "yes please\r");
            // A lone `y` is yes this once and `es please` lands in the composer (the Enter that
            // ended it does not send it). A busy terminal may hand over keys typed a few ms apart
            // in one read: then all of it is text and the review waits, as for a burst.
            await term.waitFor((s) => /^> es please/m.test(s) || /^> yes please/m.test(s));
            server.release(hold);
            if (/^> yes please/m.test(term.screen())) {
              expect(server.requests).toHaveLength(1);
              await yesOnceByCursor(term);
            }
            await term.waitFor("Done.");
            expect(toolResults(server, 1)[0]!.isError).toBe(false);
            await term.waitFor(/^> y?es please/m);
            expect(server.requests).toHaveLength(2);
            expectNothingGranted(env, repo);
          });
        });

        if (kind !== "edit") return;

        // Typed in one write at 80 columns, a few ms apart at 120.
        const how = cols === 80 ? "in one write" : "a few ms apart";
        test(`\`always⏎\` typed over a review grants nothing, ${how}: the word is in the composer, the review waits`, async () => {
          const { term, env, repo, server } = await openReview(tui, "edit", "always");
          if (how === "in one write") term.type("always\r");
          else await typeApart(term, "always\r");
          await term.waitFor(/^> always/m);
          // The review is back at its choices (the confirmation was withdrawn), and nothing ran.
          await term.waitFor(KINDS.edit.choices);
          expect(term.screen()).not.toContain("Accept every edit in this project from now on");
          expect(server.requests).toHaveLength(1);
          expect(existsSync(join(repo, "always.md"))).toBe(false);
          expect(stored(env, repo)).not.toMatchObject({ edits: true });
        });

        describe("the words around reviews", () => {
          test("the question picker is no review", async () => {
            const { term } = await tui.open([
              reply().tool("ask_user_question", {
                questions: [
                  { question: "Which port?", options: [{ label: "8080" }, { label: "3000" }] },
                ],
              }),
              reply().text("Port chosen."),
            ]);
            await send(term, "pick a port");
            await waitForReview(term, "Which port?");
            await term.waitFor("Answer the question above first");
            expect(term.screen()).not.toContain("Answer the review above");
            term.type("2");
            await term.waitFor("Port chosen.");
          });

          test("a refused /model argument says how to name the model", async () => {
            const { term, server } = await tui.open([]);
            await send(term, "/model haiku 4.5");
            await term.waitFor((s) =>
              joined(s).includes("For Claude Haiku 4.5: /model claude-haiku-4-5 (or /model alone"),
            );
            expect(joined(term.screen())).toContain("“4.5” is left over. Nothing was run or sent.");
            expect(server.requests).toHaveLength(0);
          });
        });
      });
  });
