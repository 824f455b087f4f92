import { describe, expect, it } from "vitest";
import { indexedPaths } from "../../../../test/support/fuzzy-reference.js";
import { IndexFeeder } from "./index-feeder.js";

const FILES = Array.from({ length: 400 }, (_, f) =>
  Array.from({ length: 50 }, (_, i) => `src/mod${f}/file${i}.ts`),
).flat();

// Slices of one step each (`sliceMs` 0): what one slice indexes does not depend on the machine.
describe("the @ picker's index fed in slices", () => {
  it("indexes nothing in the caller's turn, answers from a part, and ends whole", async () => {
    const grown: number[] = [];
    let whole: () => void = () => {};
    const done = new Promise<void>((resolve) => (whole = resolve));
    const feeder = new IndexFeeder(() => {
      grown.push(feeder.index.size);
      if (feeder.complete) whole();
    }, 0);
    feeder.push(FILES.slice(0, 10_000));
    feeder.push(FILES.slice(10_000));
    feeder.end();
    // Queued only: the keys typed meanwhile are read before any slice runs.
    expect(feeder.index.size).toBe(0);
    expect(feeder.complete).toBe(false);
    await new Promise<void>((resolve) => setImmediate(resolve));
    // After the first slice: a part is indexed, and queries answer from it.
    expect(grown.length).toBeGreaterThan(0);
    const part = feeder.index.files;
    expect(part).toBeGreaterThan(0);
    expect(feeder.index.find("file1", 5).length).toBeGreaterThan(0);
    await done;
    expect(indexedPaths(feeder.index)).toEqual(FILES);
    expect(feeder.index.find("mod399f49", 1)).toEqual(["src/mod399/file49.ts"]);
    // Sizes only grew.
    expect([...grown].sort((a, b) => a - b)).toEqual(grown);
  });

  it("indexes a kept list's text in its slices, not in the caller's turn", async () => {
    let whole: () => void = () => {};
    const done = new Promise<void>((resolve) => (whole = resolve));
    const feeder = new IndexFeeder(() => {
      if (feeder.complete) whole();
    }, 0);
    // Empty paths (a separator doubled, one at the end) are skipped.
    feeder.pushJoined(
      `${FILES.slice(0, 12_000).join("\0")}\0\0${FILES.slice(12_000).join("\0")}\0`,
    );
    feeder.end();
    expect(feeder.index.size).toBe(0);
    await new Promise<void>((resolve) => setImmediate(resolve));
    expect(feeder.complete).toBe(false);
    expect(feeder.index.files).toBeGreaterThan(0);
    await done;
    expect(indexedPaths(feeder.index)).toEqual(FILES);
    expect(feeder.index.files).toBe(FILES.length);
    expect(feeder.index.find("mod399f49", 1)).toEqual(["src/mod399/file49.ts"]);
  });

  it("ends at once when the listing delivered nothing", () => {
    let calls = 0;
    const feeder = new IndexFeeder(() => calls++);
    feeder.end();
    expect(feeder.complete).toBe(true);
    expect(calls).toBe(1);
  });
});
