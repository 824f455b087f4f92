// Issue 14: the live area reflows when the terminal is resized mid-stream, and the transcript
// keeps every line once — none lost, none shown twice.
import { basename } from "node:path";
import { expect, test } from "vitest";
import { reply } from "../support/mock-model-server.js";
import { COMPOSER, send, useTui } from "../support/tui-fixture.js";

const tui = useTui();

const PARAGRAPHS = 60;
const paragraph = (i: number) =>
  `Paragraph ${String(i).padStart(3, "0")} says a few words about resizing, long enough to wrap when the terminal is narrow.`;

test("120×40 → 80×24 → 120×40 while an answer streams: every paragraph once, in order", async () => {
  const text = Array.from({ length: PARAGRAPHS }, (_, i) => paragraph(i + 1)).join("\n\n");
  const { term, repo } = await tui.open([reply().text(`${text}\n\nThe end.`).slow(4)], [], {
    cols: 120,
    rows: 40,
  });
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
  // The live area follows the width: back at 120 columns the status line has room again for the
  // folder's name and the cost, which do not fit in 80.
  const status = term.lines().find((line) => line.includes("[AGENT]"));
  expect(status).toMatch(new RegExp(`^${basename(repo)} \\[AGENT\\].*session .*\\$\\d`));
});
