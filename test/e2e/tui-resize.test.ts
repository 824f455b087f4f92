// Issue 14: the live area reflows when the terminal is resized mid-stream, and the transcript
// keeps every line once — none lost, none shown twice.
import { afterEach, expect, test } from "vitest";
import { makeHome, makeRepo } from "../support/cli-runner.js";
import { reply, startMockModelServer } from "../support/mock-model-server.js";
import { startTerminal } from "../support/terminal-harness.js";
import { COMPOSER, send } from "../support/tui-fixture.js";

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const PARAGRAPHS = 60;
const paragraph = (i: number) =>
  `Paragraph ${String(i).padStart(3, "0")} says a few words about resizing, long enough to wrap when the terminal is narrow.`;

test("120×40 → 80×24 → 120×40 while an answer streams: every paragraph once, in order", async () => {
  const text = Array.from({ length: PARAGRAPHS }, (_, i) => paragraph(i + 1)).join("\n\n");
  const server = await startMockModelServer([reply().text(`${text}\n\nThe end.`).slow(4)]);
  cleanups.push(() => server.close());
  const { env } = makeHome();
  const term = startTerminal({
    cwd: makeRepo(),
    cols: 120,
    rows: 40,
    env: { ...env, ANTHROPIC_API_KEY: "k", ANTHROPIC_BASE_URL: server.anthropicBaseUrl },
  });
  cleanups.push(() => term.kill());
  await term.waitFor(COMPOSER);
  await send(term, "tell me about resizing");
  await term.waitFor("Paragraph 010 says");
  term.resize(80, 24);
  await term.waitFor("Paragraph 030 says", { where: "all" });
  term.resize(120, 40);
  await term.waitFor("The end.");
  await term.waitFor(COMPOSER);

  const all = term.all();

  const seen = [...all.matchAll(/Paragraph (\d{3}) says/g)].map((m) => Number(m[1]));
  expect(seen).toEqual(Array.from({ length: PARAGRAPHS }, (_, i) => i + 1));
  // The frame was redrawn at each width: one composer and one status line, none left behind.
  expect(all.split("\n").filter((line) => line.includes(COMPOSER))).toHaveLength(1);
  expect(all.split("\n").filter((line) => /\[AGENT\]/.test(line))).toHaveLength(1);
  // The live area follows the width: the status line fits 120 columns again.
  expect(term.lines().every((line) => line.length <= 120)).toBe(true);
});
