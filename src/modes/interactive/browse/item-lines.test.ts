import { stripVTControlCharacters } from "node:util";
import { describe, expect, test } from "vitest";
import type { Entry } from "../state/state.js";
import { thinkingSummary, thinkingTail } from "../components/entry-view.js";
import { cachedLines, itemLines } from "./item-lines.js";

const plain = (lines: string[]) => lines.map((l) => stripVTControlCharacters(l).trimEnd());
const item = (entry: Entry) => ({ key: `e${entry.id}`, kind: "entry" as const, entry });

describe("itemLines", () => {
  test("a message and an answer beside the gutter, as in the transcript", () => {
    const you = itemLines(item({ id: 1, kind: "user", text: "how do retries work?" }), 60);
    expect(plain(you.head)).toEqual(["you   how do retries work?"]);
    const answer = itemLines(
      item({ id: 2, kind: "markdown", text: "They back off.", label: true, joined: false }),
      60,
    );
    expect(plain(answer.head)).toEqual(["", "north They back off."]);
  });

  test("thinking: one summary line, its text as the body", () => {
    const lines = itemLines(item({ id: 3, kind: "thinking", text: "first\nsecond" }), 60);
    expect(plain(lines.head)).toEqual([expect.stringMatching(/^ {6}✻ thinking · \d+ tokens$/)]);
    expect(plain(lines.body)).toEqual(["      first", "      second"]);
  });

  test("a tool's output folds under its line", () => {
    const lines = itemLines(
      item({
        id: 4,
        kind: "tool",
        title: "Running ls",
        error: false,
        change: { type: "output", lines: ["a.ts", "b.ts"], omitted: 0 },
      }),
      60,
    );
    expect(plain(lines.head)).toEqual(["      ✓ Running ls"]);
    expect(plain(lines.body)).toEqual(["        a.ts", "        b.ts"]);
  });

  test("settled entries are rendered once per width; live ones each time", () => {
    const of = cachedLines(60);
    const settled = item({ id: 5, kind: "user", text: "hi" });
    expect(of(settled)).toBe(of(settled));
    const live = { key: "live-text", kind: "live-text" as const, text: "partial", joined: false };
    expect(of(live)).not.toBe(of(live));
    // An entry replaced under the same id (a new conversation numbers from 1 again) is drawn anew.
    const replaced = item({ id: 5, kind: "user", text: "another question" });
    expect(plain(of(replaced).head).join("\n")).toContain("another question");
  });
});

describe("thinking while it streams", () => {
  test("its last lines, wrapped; the summary estimates its tokens", () => {
    const text = Array.from({ length: 40 }, (_, i) => `step ${i + 1} ${"x".repeat(i % 7)}`).join(
      "\n",
    );
    expect(thinkingTail(text, 30)).toEqual([
      "step 37 x",
      "step 38 xx",
      "step 39 xxx",
      "step 40 xxxx",
    ]);
    const long = `${"word ".repeat(5000)}the end`;
    const tail = thinkingTail(long, 40);
    expect(tail).toHaveLength(4);
    expect(tail.join(" ").replace(/\s+/g, " ")).toMatch(/word the end$/);
    expect(tail.every((l) => l.length <= 40)).toBe(true);
    expect(thinkingSummary("x".repeat(3500))).toBe("✻ thinking · 1.1k tokens");
  });
});
