import { expect, test } from "vitest";
import { cutAt, TextPacer } from "./text-pacer.js";

/** Resolves after the event loop's check phase has run `n` times (one drained slice each). */
const turns = async (n: number) => {
  for (let i = 0; i < n; i++) await new Promise((resolve) => setImmediate(resolve));
};

/** A pacer whose every slice "costs" `costPerChar` ms per character, on a fake clock. */
function paced(costPerChar: number) {
  let clock = 0;
  const shown: string[] = [];
  const log: string[] = [];
  const pacer = new TextPacer(
    (text) => {
      clock += text.length * costPerChar;
      shown.push(text);
      log.push(`text:${text.length}`);
    },
    { batchMs: 0, turnMs: 12, now: () => clock },
  );
  return { pacer, shown, log };
}

test("a large batch is shown in slices, one per turn of the event loop, in order", async () => {
  const { pacer, shown } = paced(0.01); // 1 KB costs 10 ms: slices settle near 1.2 KB
  const text = Array.from({ length: 4000 }, (_, i) => `line ${i}\n`).join("");
  pacer.text(text);
  await new Promise((resolve) => setTimeout(resolve, 0));
  await turns(2);
  expect(shown.length).toBeGreaterThan(0);
  expect(shown.join("").length).toBeLessThan(text.length);
  while (shown.join("").length < text.length) await turns(1);
  expect(shown.join("")).toBe(text);
  // After adapting, a slice costs about the turn budget, not the whole batch.
  const late = shown.slice(-10, -1).map((s) => s.length * 0.01);
  for (const ms of late) expect(ms).toBeLessThanOrEqual(24);
});

test("an action waits for the text received before it; text after it waits for it", async () => {
  const { pacer, log } = paced(0.01);
  pacer.text("x".repeat(100_000));
  pacer.after(() => log.push("end"));
  pacer.text("tail");
  while (!log.includes("text:4")) await turns(1);
  const end = log.indexOf("end");
  expect(end).toBeGreaterThan(1);
  expect(log.slice(0, end).every((l) => l.startsWith("text:"))).toBe(true);
  expect(log.at(-1)).toBe("text:4");
});

test("with little text waiting an action runs at once, after the text", () => {
  const { pacer, log } = paced(0);
  pacer.text("short");
  pacer.after(() => log.push("end"));
  expect(log).toEqual(["text:5", "end"]);
  pacer.after(() => log.push("again"));
  expect(log.at(-1)).toBe("again");
});

test("cutAt prefers a line break in the second half and never splits a surrogate pair", () => {
  expect(cutAt("abc\ndefgh", 6)).toBe(4);
  expect(cutAt("abcdefgh", 5)).toBe(5);
  expect(cutAt("ab\u{1F680}cd", 3)).toBe(2);
  expect(cutAt("short", 10)).toBe(5);
});

test("a slice's cost counts the work it causes after `show` returns (React renders in a microtask)", async () => {
  let clock = 0;
  const shown: string[] = [];
  const pacer = new TextPacer(
    (text) => {
      shown.push(text);
      // Nothing here: the render comes later, as React's does.
      queueMicrotask(() => (clock += text.length * 0.01));
    },
    { batchMs: 0, turnMs: 12, now: () => clock },
  );
  const text = Array.from({ length: 8000 }, (_, i) => `line ${i}\n`).join("");
  pacer.text(text);
  await new Promise((resolve) => setTimeout(resolve, 0));
  while (shown.join("").length < text.length) await turns(1);
  expect(shown.join("")).toBe(text);
  const late = shown.slice(-10, -1).map((s) => s.length * 0.01);
  for (const ms of late) expect(ms).toBeLessThanOrEqual(24);
});
