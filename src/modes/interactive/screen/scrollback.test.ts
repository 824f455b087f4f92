import { renderToString } from "ink";
import { createElement } from "react";
import stripAnsi from "strip-ansi";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { EntryView } from "../components/entry-view.js";
import { LiveArea } from "../components/live-area.js";
import { initialState } from "../state/state.js";
import { loadMarkdown } from "../markdown/index.js";
import { createOutputGate } from "../browse/output-gate.js";
import { answerText, Scrollback } from "./scrollback.js";
import { setTheme } from "./theme.js";

beforeAll(async () => {
  await loadMarkdown();
});
afterAll(() => void setTheme(false));

const markdown = (text: string, label: boolean, joined: boolean, id = 1) => ({
  id,
  kind: "markdown" as const,
  text,
  label,
  joined,
});

/** The characters a person sees: no styles, no blanks at the ends of lines. */
const visible = (text: string) =>
  stripAnsi(text)
    .split("\n")
    .map((line) => line.trimEnd())
    .join("\n");

const samples = [
  "A short answer.",
  "A paragraph long enough to wrap several times at a narrow width, with **bold**, `code` and a [link](https://example.com) in it.",
  "- one\n- two with a longer item that wraps around the edge of the box\n  - nested",
  "```ts\nconst a = 1;\nconst veryLongLineThatIsWiderThanTheBoxAndMustBeCutByTheTextWrapper = compute(a, a, a, a);\n```",
  "中文的回答，包含全角字符和 emoji 🚀，宽度要算对。".repeat(3),
  "# Heading\n\nText after it.\n\n> quoted line\n\n1. first\n2. second",
  "Trailing spaces   \nand a hard break.",
];

describe("answerText", () => {
  for (const color of [false, true]) {
    test(`an answer's text is what Ink draws for it (colour ${color ? "on" : "off"})`, () => {
      setTheme(color);
      for (const width of [40, 80, 123]) {
        for (const text of samples) {
          for (const [label, joined] of [
            [true, false],
            [false, false],
            [false, true],
          ] as const) {
            const entry = markdown(text, label, joined);
            const ours = answerText(entry, width);
            const ink = renderToString(createElement(EntryView, { entry, width }), {
              columns: width,
            });
            expect(visible(ours)).toBe(visible(ink));
            if (color && label) expect(ours).toContain("\x1b[");
          }
        }
      }
    });
  }
});

describe("Scrollback", () => {
  test("a marker becomes its text in what Ink writes, made once and kept for redraws", () => {
    setTheme(false);
    const back = new Scrollback();
    const one = back.marker(markdown("one", true, false, 1), 60);
    const two = back.marker(markdown("two", false, false, 2), 60);
    expect(one).not.toContain("one");
    expect(back.expand(`${one}\n${two}\n`)).toBe("\nnorth one\n\n      two\n");
    expect(back.expand(`redraw ${one}`)).toBe("redraw \nnorth one");
    expect(back.expand("plain text")).toBe("plain text");
  });

  test("text that looks like a marker but lacks this process's nonce stays as it is", () => {
    const back = new Scrollback();
    const forged = "\uE000deadbeef:1\uE000";
    back.marker(markdown("secret", true, false, 1), 60);
    expect(back.expand(forged)).toBe(forged);
  });

  test("Ink's stdout expands markers and passes everything else through", () => {
    setTheme(false);
    const back = new Scrollback();
    const marker = back.marker(markdown("kept", true, false, 7), 60);
    const written: unknown[] = [];
    const fake = {
      columns: 60,
      write: (chunk: unknown) => written.push(chunk),
    } as unknown as NodeJS.WriteStream;
    const { stream: stdout } = createOutputGate(fake, (text) => back.expand(text));
    stdout.write("frame");
    stdout.write(`\x1b[2J${marker}\nframe`);
    expect(written).toEqual(["frame", "\x1b[2J\nnorth kept\nframe"]);
    expect(stdout.columns).toBe(60);
  });
});

describe("the live tail's lines", () => {
  for (const color of [false, true]) {
    test(`drawn as markers and expanded, they are what Ink draws (colour ${color ? "on" : "off"})`, () => {
      setTheme(color, "dark");
      for (const tail of samples)
        for (const columns of [40, 80]) {
          const state = { ...initialState(30, columns), busy: true, tail };
          const draw = (scrollback?: Scrollback) =>
            renderToString(
              createElement(LiveArea, {
                state,
                animate: false,
                highlightEpoch: 0,
                ...(scrollback ? { scrollback } : {}),
              }),
              { columns },
            );
          const back = new Scrollback();
          const marked = draw(back);
          expect(marked, tail).not.toContain(tail.slice(0, 8));
          expect(visible(back.expand(marked)), `${columns}: ${tail}`).toBe(visible(draw()));
        }
    });
  }

  test("an unchanged line keeps its marker; a line still drawn outlives thousands of others", () => {
    setTheme(false);
    const back = new Scrollback();
    const first = back.liveLines("kept line\nmoving 0", 60).split("\n");
    const second = back.liveLines("kept line\nmoving 1", 60).split("\n");
    expect(second[0]).toBe(first[0]);
    expect(second[1]).not.toBe(first[1]);
    let last = "";
    for (let i = 2; i < 6000; i++) last = back.liveLines(`kept line\nmoving ${i}`, 60);
    expect(back.expand(last)).toBe("kept line\nmoving 5999");
    // Lines not drawn for thousands of lines since are forgotten (memory stays bounded).
    expect(back.expand(first[1]!)).toBe("");
  });
});
