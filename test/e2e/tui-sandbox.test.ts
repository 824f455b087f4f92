// The sandbox and secret reads in the TUI: sandboxed commands run without a review and say so,
// leaving the sandbox and reading a secret are the person's to allow, `/sandbox` and the status
// line say whether commands are sandboxed.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { reply } from "../support/mock-model-server.js";
import { useSharedTui } from "../support/shared-tui.js";
import { send, toolResults, useTui, waitForReview } from "../support/tui-fixture.js";

const tui = useTui();
/**
 * One program for the tests that leave the sandbox setting as it was (each starts from a new
 * conversation and writes files of its own); /sandbox off has its own.
 */
const shared = useSharedTui();

describe("the sandbox in the TUI", () => {
  test("a command runs in the sandbox without a review, marked sandboxed", async () => {
    const { term, repo } = await shared.open([
      reply().tool("shell_run", { command: "echo hi > in.txt" }),
      reply().text("Wrote it."),
    ]);
    await term.waitFor("sandboxed");
    await send(term, "write in.txt");
    await term.waitFor("Wrote it.");
    // "exit 0", a duration when it took a second or more, then where it ran and what it changed.
    expect(term.all()).toMatch(
      /✓ Ran `echo hi > in.txt` — exit 0[^·\n]* · sandboxed · changed in\.txt \(\/undo restores them\)/,
    );
    expect(term.all()).not.toContain("r run");
    expect(readFileSync(join(repo, "in.txt"), "utf8").trim()).toBe("hi");
  });

  test("leaving the sandbox is reviewed with the model's reason", async () => {
    const { term, repo } = await shared.open([
      reply().tool("shell_run", { command: "touch out.txt", escalate: "it needs the network" }),
      reply().text("Ran it outside."),
    ]);
    await send(term, "go");
    await term.waitFor("y run");
    expect(term.screen()).toContain("outside the sandbox");
    expect(term.screen()).toContain("The model says: “it needs the network”");
    expect(term.screen()).not.toContain("always");
    term.type("y");
    await term.waitFor("Ran it outside.");
    expect(existsSync(join(repo, "out.txt"))).toBe(true);
  });

  test("/sandbox off: the status line says so and the next command is reviewed", async () => {
    const { term } = await tui.open([
      reply().tool("shell_run", { command: "echo asked" }),
      reply().text("Done."),
    ]);
    await send(term, "/sandbox on");
    await term.waitFor("Commands run in the sandbox");
    await send(term, "/sandbox off");
    await term.waitFor("Commands run without the sandbox");
    await term.waitFor("no sandbox");
    await send(term, "go");
    await term.waitFor("y run");
    term.type("n");
    await term.waitFor("Done.");
  });

  test("reading a file that may hold secrets asks the person: n refuses, y allows", async () => {
    const { term, server } = await shared.open([
      reply().tool("read_file", { path: "secret/key.txt" }),
      reply().tool("read_file", { path: "secret/key.txt" }),
      reply().text("Read it."),
    ]);
    await send(term, "read the key");
    await waitForReview(term, "Read a file that may hold secrets");
    expect(term.screen()).toContain("secret/key.txt");
    expect(term.screen()).toContain("y allow reading");
    expect(term.screen()).not.toContain("always");
    term.type("n");
    await term.waitFor("was not allowed");
    await term.waitFor("y allow reading");
    term.type("y");
    await term.waitFor("Read it.");
    const [refused] = toolResults(server, 1);
    const allowed = toolResults(server, 2)[1];
    expect(refused!.content).not.toContain("do-not-read");
    expect(allowed!.content).toContain("do-not-read");
  });
});
