import { getHeapSpaceStatistics } from "node:v8";
import { describe, expect, it } from "vitest";
import { collectAll, createHeapReturn } from "./heap-return.js";

const MiB = 1024 * 1024;
const youngSize = () =>
  getHeapSpaceStatistics().find((space) => space.space_name === "new_space")?.space_size ?? 0;

describe("the heap a burst grew", () => {
  it("is collected at a rest after an answer, once the committed heap grew by the threshold", () => {
    let committed = 20 * MiB;
    const rests: (() => void)[] = [];
    const collections: (() => void)[] = [];
    const heap = createHeapReturn({
      rest: (check) => rests.push(check),
      committed: () => committed,
      collect: (done) => collections.push(done),
      growth: 24 * MiB,
    });
    const answer = (size: number) => {
      committed = size * MiB;
      heap.answerEnded();
    };
    answer(40);
    expect(collections).toHaveLength(0);
    rests.shift()!();
    expect(collections).toHaveLength(0);
    // Nothing before the rest; one rest awaited however many answers end meanwhile.
    answer(80);
    answer(90);
    expect(rests).toHaveLength(1);
    expect(collections).toHaveLength(0);
    rests.shift()!();
    expect(collections).toHaveLength(1);
    // One collection at a time: an answer's end while it runs asks for none.
    answer(90);
    rests.shift()!();
    expect(collections).toHaveLength(1);
    committed = 34 * MiB;
    collections.pop()!();
    // Measured from what the collection left, not from the start.
    answer(50);
    rests.shift()!();
    expect(collections).toHaveLength(0);
    answer(60);
    rests.shift()!();
    expect(collections).toHaveLength(1);
  });

  it("shrinks V8's young generation that a burst of surviving objects grew", async () => {
    // Objects that survive their first scavenges, as a streamed answer's do, grow the young
    // generation towards its ceiling; nothing shrinks it while nothing is allocated.
    const kept: object[] = [];
    for (let i = 0; i < 1_500_000; i++) {
      const item = { i, text: `line ${i}` };
      if (i % 3 === 0) kept.push(item);
      if (kept.length > 150_000) kept.splice(0, 75_000);
    }
    const grown = youngSize();
    expect(grown).toBeGreaterThanOrEqual(8 * MiB);
    await new Promise<void>((resolve) => collectAll(resolve));
    expect(youngSize()).toBeLessThanOrEqual(grown / 4);
    expect(kept.length).toBeGreaterThan(0);
  });
});
