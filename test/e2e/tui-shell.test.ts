// Command reviews end to end: the command and its directory, r / a / d, Tab for the rule. Without
// the sandbox (`--sandbox off`) every command is reviewed; with it, see tui-sandbox.test.ts.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { reply } from "../support/mock-model-server.js";
import { storedPermissions } from "../support/permissions-file.js";
import {
  send,
  toolResults,
  useTui,
  waitForConfirm,
  waitForReview,
} from "../support/tui-fixture.js";
import type { ScriptEntry } from "../support/mock-model-server.js";
import { useSharedTui } from "../support/shared-tui.js";

const tui = useTui();
/** Its own program, for a test that grants a standing permission (read once per program). */
const open = (script: ScriptEntry[]) => tui.open(script, ["--sandbox", "off"]);

describe("command reviews", () => {
  // One program for the tests that grant nothing (each starts from a new conversation).
  const shared = useSharedTui(["--sandbox", "off"]);
  const shell = (command: string) => reply().tool("shell_run", { command });

  test("y runs the command", async () => {
    const { term, repo } = await shared.open([
      shell("echo hello > out.txt"),
      reply().text("Wrote it."),
    ]);
    await send(term, "write out.txt");
    await term.waitFor("y run");
    expect(term.screen()).toContain("┃ Run a command at the project root");
    expect(term.screen()).toContain("┃ $ echo hello > out.txt");
    term.type("y");
    await term.waitFor("Wrote it.");
    expect(term.screen()).toContain("✓ Ran `echo hello > out.txt` — exit 0");
    expect(readFileSync(join(repo, "out.txt"), "utf8").trim()).toBe("hello");
  });

  test("n denies: nothing runs and the model is told", async () => {
    const { term, server, repo } = await shared.open([
      shell("touch denied.txt"),
      reply().text("Not running it."),
    ]);
    await send(term, "touch a file");
    await term.waitFor("n deny");
    term.type("n");
    await term.waitFor("Not running it.");
    expect(term.screen()).toContain("✗ Denied `touch denied.txt`");
    expect(existsSync(join(repo, "denied.txt"))).toBe(false);
    expect(toolResults(server, 1)).toEqual([
      { content: expect.stringContaining("rejected"), isError: true },
    ]);
  });

  test("a allows the prefix rule: the next command starting with it runs without asking", async () => {
    const { term, repo, env } = await open([
      shell("echo one two"),
      shell("echo one three"),
      reply().text("Both ran."),
    ]);
    await send(term, "echo twice");
    await term.waitFor("always allows commands starting with `echo one`");
    term.type("a");
    // "Always" is never one keystroke: it asks once.
    await waitForConfirm(term, "without asking?");
    term.type("a");
    // The screen once the turn is over (a read between two writes of a frame can miss a part).
    await term.waitFor((screen) => screen.includes("Both ran.") && screen.includes("✓ 1 allowed"));
    expect(term.all()).toMatch(/✓ Ran `echo one two` — exit 0(?: in [\d.]+m?s)?\n\s+one two\n/);
    expect(term.all()).toContain("✓ Ran `echo one three` — exit 0");
    expect(storedPermissions(env, repo)).toMatchObject({ commands: [{ prefix: "echo one" }] });
    expect(existsSync(join(repo, ".north/allowlist.json"))).toBe(false);
  });

  test("a command with a redirection is offered only as the exact command", async () => {
    const { term } = await shared.open([shell("echo hi > out.txt"), reply().text("Done.")]);
    await send(term, "write");
    await term.waitFor("always allows exactly `echo hi > out.txt`");
    expect(term.screen()).not.toContain("Tab or");
    term.type("n");
    await term.waitFor("Done.");
  });

  test("Tab switches always to the exact command", async () => {
    const { term, repo, env } = await open([shell("echo one two"), reply().text("Ran.")]);
    await send(term, "echo");
    await term.waitFor("Tab or exactly `echo one two`");
    term.press("tab");
    await term.waitFor("always allows exactly `echo one two`");
    term.type("a");
    await waitForConfirm(term, "without asking?");
    term.press("enter");
    await term.waitFor("Ran.");
    expect(storedPermissions(env, repo)).toMatchObject({ commands: [{ exact: "echo one two" }] });
  });

  test("a dangerous command says why and offers no always", async () => {
    const { term } = await shared.open([shell("git reset --hard"), reply().text("Left it.")]);
    await send(term, "reset");
    await waitForReview(term, "Always asks:");
    expect(term.screen()).not.toContain("a always");
    term.type("n");
    await term.waitFor("Left it.");
    expect(term.screen()).toContain("✗ Denied `git reset --hard`");
  });
});
