// Resuming in the interactive interface: `north --continue` shows the earlier conversation and
// the model gets its exact history; a key found only in the project's .env opens the session.
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

test("north --continue restores the transcript and the history sent to the model", async () => {
  const server = await startMockModelServer([
    reply().text("The retry policy is in src/retry.ts."),
    reply().text("It retries 429 too."),
  ]);
  cleanups.push(() => server.close());
  const { env } = makeHome();
  const repo = makeRepo();
  const keys = { ANTHROPIC_API_KEY: "test-key", ANTHROPIC_BASE_URL: server.anthropicBaseUrl };
  const first = await runCli(["-p", "where is the retry policy?"], {
    cwd: repo,
    env: { ...env, ...keys },
  });
  expect(first.code).toBe(0);

  const term = startTerminal({ cwd: repo, args: ["--continue"], env: { ...env, ...keys } });
  cleanups.push(() => term.kill());
  await term.waitFor(COMPOSER);
  await term.waitFor("The retry policy is in src/retry.ts.");
  await send(term, "does it retry 429?");
  await term.waitFor("It retries 429 too.");
  const messages = server.requests[1]!.body.messages as { role: string }[];
  expect(messages.map((m) => m.role)).toEqual(["user", "assistant", "user"]);
  expect(JSON.stringify(messages[0])).toContain("where is the retry policy?");
});

test("a key found only in the project's .env opens the session without the welcome", async () => {
  const server = await startMockModelServer([reply().text("Hello from the .env key.")]);
  cleanups.push(() => server.close());
  const { env } = makeHome();
  const repo = makeRepo();
  writeFileSync(
    join(repo, ".env"),
    `ANTHROPIC_API_KEY=from-dotenv\nANTHROPIC_BASE_URL=${server.anthropicBaseUrl}\n`,
  );
  const term = startTerminal({ cwd: repo, env });
  cleanups.push(() => term.kill());
  await term.waitFor(COMPOSER);
  await send(term, "hi");
  await term.waitFor("Hello from the .env key.");
  expect(term.screen()).not.toContain("Welcome to North.");
  expect(
    server.requests[0]!.headers.authorization ?? server.requests[0]!.headers["x-api-key"],
  ).toContain("from-dotenv");
});
