// The model turning to the person in the TUI: ask_user_question answered by number, by arrows and
// in the person's own words (or declined); enter_plan_mode accepted and declined; slash_command
// reporting at once, asking before a change, refusing what needs the screen.
import { existsSync, mkdtempSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { reply } from "../support/mock-model-server.js";
import { useSharedTui } from "../support/shared-tui.js";
import { send, toolNames, toolResults, useTui, waitForReview } from "../support/tui-fixture.js";

const tui = useTui();
/**
 * One program for the tests about what a conversation shows (each starts from a new one); a test
 * that changes the mode, starts with flags or ends the program has its own.
 */
const shared = useSharedTui();

const QUESTIONS = {
  questions: [
    {
      question: "Which database should the service use?",
      header: "Database",
      options: [
        { label: "PostgreSQL", description: "a server" },
        { label: "SQLite", description: "a file" },
      ],
    },
    {
      question: "Which port?",
      options: [{ label: "8080" }, { label: "3000" }, { label: "80" }],
    },
  ],
};

describe("ask_user_question in the TUI", () => {
  test("answered by number, then by arrows and Enter; the answers are the result", async () => {
    const { term, server } = await shared.open([
      reply().tool("ask_user_question", QUESTIONS),
      reply().text("PostgreSQL on 3000 it is."),
    ]);
    await send(term, "set up the service");
    // The tool line ("Asking: …") may show a moment before the picker: wait for the picker.
    await waitForReview(term, "Question 1 of 2 · Database");
    let screen = term.screen();
    expect(screen).toContain("Which database should the service use?");
    expect(screen).toMatch(/› 1\. PostgreSQL — a server/);
    expect(screen).toContain("2. SQLite — a file");
    expect(screen).toContain("3. Other — type an answer");
    expect(toolNames(server, 0)).toContain("ask_user_question");
    term.type("1");
    await term.waitFor("Question 2 of 2");
    term.press("down");
    await term.waitFor(/› 2\. 3000/);
    term.press("enter");
    await term.waitFor("PostgreSQL on 3000 it is.");
    screen = term.screen();
    expect(screen).toMatch(
      /Asked: Which database should the service use\? \(\+1\) — PostgreSQL · 3000/,
    );
    expect(toolResults(server, 1)).toEqual([
      {
        content: "Which database should the service use?\n→ PostgreSQL\n\nWhich port?\n→ 3000",
        isError: false,
      },
    ]);
  });

  test("Other opens a line for the person's own answer; Esc on the next question declines", async () => {
    const { term, server } = await shared.open([
      reply().tool("ask_user_question", QUESTIONS),
      reply().text("I'll assume defaults."),
    ]);
    await send(term, "set up the service");
    await waitForReview(term, "Which database should the service use?");
    term.type("3");
    await term.waitFor("Answer:");
    term.type("MariaDB, already running");
    await term.waitFor("MariaDB, already running");
    term.press("enter");
    await waitForReview(term, "Which port?");
    term.press("escape");
    await term.waitFor("I'll assume defaults.");
    expect(term.screen()).toMatch(/Asked: .* — not answered/);
    const [result] = toolResults(server, 1);
    expect(result!.content).toContain("declined to answer");
  });
});

describe("enter_plan_mode in the TUI", () => {
  test("y switches to plan mode: the mode shows, and the next step offers exit_plan_mode", async () => {
    const { term, server } = await tui.open([
      reply().tool("enter_plan_mode", { reason: "The change touches every client." }),
      reply().text("Planning first."),
    ]);
    await send(term, "rework the clients");
    await waitForReview(term, "Plan first, before changing anything?");
    expect(term.screen()).toContain("The change touches every client.");
    expect(term.screen()).toMatch(/1 y yes, plan first · 2 n no, go on/);
    term.type("y");
    await term.waitFor("Planning first.");
    expect(term.screen()).toContain("Switched to plan mode");
    // The status line may be drawn a frame after the answer.
    await term.waitFor(/\[PLAN\]/);
    expect(toolNames(server, 0)).not.toContain("exit_plan_mode");
    expect(toolNames(server, 1)).toContain("exit_plan_mode");
    expect(toolResults(server, 1)).toEqual([
      { content: expect.stringContaining("Plan mode is on"), isError: false },
    ]);
  });

  test("n declines: the mode stays agent and the model is told to go on", async () => {
    const { term, server } = await shared.open([
      reply().tool("enter_plan_mode", { reason: "Risky." }),
      reply().text("Going on."),
    ]);
    await send(term, "rework the clients");
    await waitForReview(term, "Plan first, before changing anything?");
    term.type("n");
    // The screen once the turn is over (a read between two writes of a frame can miss a part).
    await term.waitFor((screen) => screen.includes("Going on.") && /\[AGENT\]/.test(screen));
    expect(term.screen()).toContain("Stayed in agent mode");
    expect(toolResults(server, 1)).toEqual([
      { content: expect.stringContaining("declined to plan first"), isError: true },
    ]);
  });
});

describe("slash_command in the TUI", () => {
  test("a reporting command runs at once and returns what it printed", async () => {
    const { term, server } = await shared.open([
      reply().tool("slash_command", { command: "/cost" }),
      reply().text("Cheap so far."),
    ]);
    await send(term, "how much have we spent?");
    await term.waitFor("Cheap so far.");
    expect(term.screen()).toMatch(/Ran \/cost — \d+ lines?/);
    const [result] = toolResults(server, 1);
    expect(result!.isError).toBe(false);
    expect(result!.content).toMatch(/Claude Sonnet 5\.5 .*\n.*Total: \$/);
  });

  test("a change is asked first and runs when the turn ends; screen commands are refused", async () => {
    const { term, server } = await tui.open([
      reply()
        .tool("slash_command", { command: "/quit" }, { id: "toolu_q" })
        .tool("slash_command", { command: "/mode plan" }, { id: "toolu_m" }),
      reply().text("Switching to plan mode after this."),
    ]);
    await send(term, "plan next time");
    await waitForReview(term, "Run /mode plan");
    expect(term.screen()).toContain("It runs when this turn ends.");
    // R9: the review says what this call does, not the command's help line.
    expect(term.screen()).toContain("Switches to plan mode: the model studies");
    expect(term.screen()).not.toContain("Switch between ask, agent and plan");
    expect(term.screen()).toMatch(/\[AGENT\]/);
    term.type("y");
    await term.waitFor("Switching to plan mode after this.");
    await term.waitFor(/\[PLAN\]/);
    const results = toolResults(server, 1);
    expect(results[0]).toEqual({
      content: expect.stringContaining("needs the person at the screen"),
      isError: true,
    });
    expect(results[1]).toEqual({
      content: expect.stringContaining("runs when this turn ends"),
      isError: false,
    });
  });

  // R8 of the third security review: the model had a repository's MCP server approved (its
  // program ran outside the sandbox) through one click on a review that showed a help line.
  test("a trust decision is refused to the model without a review, each one", async () => {
    const out = mkdtempSync(join("/var/tmp", "north-slash-"));
    const trust = [
      "/mcp approve helper",
      "/mcp reconnect helper",
      "/sandbox off",
      "/permissions revoke 1",
      "/permissions revoke all",
      "/mode agent",
    ];
    const calls = trust.reduce(
      (r, command, i) => r.tool("slash_command", { command }, { id: `toolu_${i}` }),
      reply(),
    );
    const { term, server, repo } = await tui.open(
      [calls, reply().text("I will ask you to run them.")],
      ["--mode", "ask"],
      {
        files: {
          ".north/mcp.json": JSON.stringify({
            mcpServers: { helper: { command: "sh", args: ["-c", `touch ${out}/MCPRAN`] } },
          }),
        },
      },
    );
    await send(term, "set things up");
    await term.waitFor("I will ask you to run them.");
    const results = toolResults(server, 1);
    expect(results).toHaveLength(trust.length);
    for (const [i, result] of results.entries()) {
      expect(result, trust[i]).toEqual({
        content: expect.stringContaining("is the person's alone"),
        isError: true,
      });
    }
    expect(term.screen()).not.toMatch(/Run \/(mcp|sandbox|permissions|mode)/);
    expect(term.screen()).toMatch(/\[ASK\]/);
    expect(existsSync(join(out, "MCPRAN"))).toBe(false);
    expect(existsSync(join(repo, "MCPRAN"))).toBe(false);
  });
});
