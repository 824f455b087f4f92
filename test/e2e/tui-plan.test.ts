// Plan mode and its review, and mode cycling, end to end: the built CLI in a pseudo-terminal
// against the mock model server; keys answer the review, the requests show the effect.
import { describe, expect, test } from "vitest";
import { reply } from "../support/mock-model-server.js";
import { useSharedTui } from "../support/shared-tui.js";
import { COMPOSER, send, toolNames, toolResults, useTui } from "../support/tui-fixture.js";

const tui = useTui();
const open = tui.open;

const PLAN = "## Steps\n\n1. Read **src/retry.ts**\n2. Add a `timeoutMs` option";

describe("plan mode and its review", () => {
  // One program in plan mode for the tests that stay in it (a rejected or cancelled plan);
  // accepting one changes the mode, so that test has its own.
  const planning = useSharedTui(["--mode", "plan"]);
  test("the plan shows as Markdown; a accepts it and the next messages go in agent mode", async () => {
    const { term, server } = await open(
      [reply().tool("exit_plan_mode", { plan: PLAN }), reply().text("Carrying out the plan.")],
      ["--mode", "plan"],
    );
    await term.waitFor("[PLAN]");
    await send(term, "add a timeout");
    await term.waitFor("y accept");
    const screen = term.screen();
    expect(screen).toContain("┃ Proposed plan");
    expect(screen).toContain("1. Read src/retry.ts");
    expect(screen).not.toContain("**");
    expect(screen).toContain("Answer the review above");
    term.type("y");
    await term.waitFor("Carrying out the plan.");
    expect(term.screen()).toContain("✓ Plan accepted");
    expect(term.screen()).not.toContain("y accept");
    expect(term.screen()).toMatch(/\[AGENT\]/);
    expect(toolResults(server, 1)).toEqual([
      { content: expect.stringContaining("accepted the plan"), isError: false },
    ]);
  });

  test("n rejects the plan: the model is told and the mode stays plan", async () => {
    const { term, server } = await planning.open([
      reply().tool("exit_plan_mode", { plan: PLAN }),
      reply().text("What should change?"),
    ]);
    await send(term, "add a timeout");
    await term.waitFor("y accept");
    term.type("n");
    await term.waitFor("What should change?");
    expect(term.screen()).toContain("✗ Plan rejected");
    expect(term.screen()).toMatch(/\[PLAN\]/);
    expect(toolResults(server, 1)).toEqual([
      { content: expect.stringContaining("did not accept the plan"), isError: true },
    ]);
  });

  test("a rejection with a note sends the note to the model", async () => {
    const { term, server } = await planning.open([
      reply().tool("exit_plan_mode", { plan: PLAN }),
      reply().text("Noted."),
    ]);
    await send(term, "add a timeout");
    await term.waitFor("y accept");
    term.type("t");
    await term.waitFor("Note:");
    term.type("keep retries as they are");
    await term.waitFor("Note: keep retries as they are");
    term.press("enter");
    await term.waitFor("Noted.");
    expect(term.screen()).toContain("✗ Plan rejected — “keep retries as they are”");
    expect(toolResults(server, 1)[0]?.content).toContain("keep retries as they are");
  });

  test("Ctrl+C while the plan is pending cancels the turn; the draft in the composer is kept", async () => {
    const thinking = `Let me think. ${"Considering the options. ".repeat(8)}`;
    const { term, server } = await planning.open([
      reply().text(thinking).slow(15).tool("exit_plan_mode", { plan: PLAN }),
      reply().text("Fresh start."),
    ]);
    await send(term, "add a timeout");
    await term.waitFor("Let me think.");
    term.type("draft");
    await term.waitFor("> draft");
    await term.waitFor("y accept");
    expect(term.screen()).toMatch(/^> draft\s*$/m);
    term.press("ctrl+c");
    await term.waitFor("[Cancelled]");
    expect(term.screen()).toContain("✗ Plan cancelled");
    await term.waitFor(/^> draft/m);
    term.press("ctrl+u");
    await term.waitFor(COMPOSER);
    await send(term, "again");
    await term.waitFor("Fresh start.");
    // The model is told the plan was not accepted (the session words it).
    expect(toolResults(server, 1)).toEqual([{ content: expect.any(String), isError: true }]);
  });
});

describe("modes", () => {
  test("Tab cycles the mode in the composer; the message goes in the mode shown", async () => {
    const { term, server } = await open([reply().text("Read only."), reply().text("Planning.")]);
    await term.waitFor("[AGENT]");
    term.type("draft");
    await term.waitFor("> draft");
    term.press("tab");
    await term.waitFor("[PLAN]");
    term.press("tab");
    await term.waitFor("[ASK]");
    expect(term.screen()).toContain("> draft");
    term.press("enter");
    await term.waitFor("Read only.");
    expect(toolNames(server, 0)).not.toContain("exit_plan_mode");
    expect(toolNames(server, 0).every((n) => !n.startsWith("edit_"))).toBe(true);
    term.press("tab", "tab");
    await term.waitFor("[PLAN]");
    await send(term, "plan it");
    await term.waitFor("Planning.");
    expect(toolNames(server, 1)).toContain("exit_plan_mode");
  });
});
