// Issue 9 in the interactive interface: a session in use (F16), another project's session (F20)
// and an unwritable data folder (F18), as a person sees them.
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, expect, test } from "vitest";
import { makeHome, makeRepo, runCli } from "../support/cli-runner.js";
import { reply, startMockModelServer } from "../support/mock-model-server.js";
import { startTerminal } from "../support/terminal-harness.js";
import { COMPOSER, send } from "../support/tui-fixture.js";

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** The screen without any whitespace: the transcript wraps inside words or at a space, depending on
 * the length of the temporary folder's name. */
const flat = (screen: string) => screen.replace(/\s+/g, "");

test("north --continue of a session in use starts a new session and says so", async () => {
  let open!: () => void;
  const gate = new Promise<void>((resolve) => (open = resolve));
  const server = await startMockModelServer([
    reply().text("First answer."),
    async () => {
      await gate;
      return reply().text("Answer to the script.");
    },
    reply().text("A fresh start."),
  ]);
  cleanups.push(() => server.close());
  cleanups.push(() => open());
  const { env } = makeHome();
  const repo = makeRepo();
  const keys = { ...env, ANTHROPIC_API_KEY: "k", ANTHROPIC_BASE_URL: server.anthropicBaseUrl };
  expect((await runCli(["-p", "first question"], { cwd: repo, env: keys })).code).toBe(0);
  const script = runCli(["-p", "still running", "--continue"], { cwd: repo, env: keys });
  await server.waitForRequests(2);

  const term = startTerminal({ cwd: repo, args: ["--continue"], env: keys });
  cleanups.push(() => term.kill());
  await term.waitFor(COMPOSER);
  await term.waitFor(/is in use by another North/);
  expect(flat(term.screen())).toContain("thisisanewsession");
  await send(term, "hello");
  await term.waitFor("A fresh start.");
  expect(JSON.stringify(server.requests[2]!.body.messages)).not.toContain("first question");
  open();
  expect((await script).code).toBe(0);
});

test("/resume of another project's session is refused; the TUI says undo is unavailable", async () => {
  const server = await startMockModelServer([reply().text("Elsewhere.")]);
  cleanups.push(() => server.close());
  const { home, env } = makeHome();
  const keys = { ...env, ANTHROPIC_API_KEY: "k", ANTHROPIC_BASE_URL: server.anthropicBaseUrl };
  const first = await runCli(["-p", "in project one", "--output-format", "json"], {
    cwd: makeRepo(),
    env: keys,
  });
  const id = (JSON.parse(first.stdout) as { session_id: string }).session_id;

  const term = startTerminal({ cwd: makeRepo(), env: keys });
  cleanups.push(() => term.kill());
  await term.waitFor(COMPOSER);
  await send(term, `/resume ${id}`);
  await term.waitFor(/belongs to another project/);
  expect(term.screen()).not.toContain("in project one");

  writeFileSync(join(home, "blocker"), "a file\n");
  const blocked = startTerminal({
    cwd: makeRepo(),
    env: { ...keys, XDG_DATA_HOME: join(home, "blocker", "data") },
  });
  cleanups.push(() => blocked.kill());
  await blocked.waitFor(COMPOSER);
  await blocked.waitFor(/Undo is unavailable/);
});
