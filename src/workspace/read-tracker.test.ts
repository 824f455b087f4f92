import { realpath, writeFile } from "node:fs/promises";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { makeTempTree, type TempTree } from "../../test/support/temp-tree.js";
import {
  contentHash,
  covers,
  createReadTracker,
  mergeSpans,
  spansAfterEdit,
} from "./read-tracker.js";

let tree: TempTree | undefined;
afterEach(async () => {
  await tree?.remove();
  tree = undefined;
});

describe("line spans", () => {
  it("merge overlapping and adjacent spans", () => {
    expect(
      mergeSpans([
        [10, 12],
        [1, 3],
        [4, 5],
        [11, 20],
        [30, 29],
      ]),
    ).toEqual([
      [1, 5],
      [10, 20],
    ]);
  });

  it("move with an edit: below stay, above shift, around grow, new lines known", () => {
    const spans = [
      [1, 5],
      [10, 20],
      [30, 40],
    ] as const;
    // Lines 12-13 (inside 10-20) become 5 lines: +3.
    expect(spansAfterEdit(spans, { start: 12, removed: 2, added: 5 })).toEqual([
      [1, 5],
      [10, 23],
      [33, 43],
    ]);
    // Insert 2 lines before line 7 (not read): the new lines are known, later spans shift.
    expect(spansAfterEdit(spans, { start: 7, removed: 0, added: 2 })).toEqual([
      [1, 5],
      [7, 8],
      [12, 22],
      [32, 42],
    ]);
    // Delete lines 3-4.
    expect(spansAfterEdit(spans, { start: 3, removed: 2, added: 0 })).toEqual([
      [1, 3],
      [8, 18],
      [28, 38],
    ]);
  });

  it("cover a range only within one span, or anything when the whole file was read", () => {
    const state = {
      size: 0,
      mtimeMs: 0,
      hash: "",
      whole: false,
      spans: mergeSpans([
        [1, 5],
        [7, 9],
      ]),
    };
    expect(covers(state, 2, 4)).toBe(true);
    expect(covers(state, 4, 8)).toBe(false);
    expect(covers({ ...state, whole: true }, 4, 800)).toBe(true);
  });
});

describe("ReadTracker", () => {
  it("records what read_file showed, merging reads of the same content", async () => {
    tree = await makeTempTree({ "a.txt": "1\n2\n3\n4\n" });
    const file = path.join(tree.root, "a.txt");
    const tracker = createReadTracker();
    await tracker.recordRead(file, { start: 1, end: 2, totalLines: 4 });
    await tracker.recordRead(file, { start: 3, end: 3, totalLines: 4 });
    const real = await realpath(file);
    const state = tracker.get(real)!;
    expect(state).toMatchObject({ size: 8, whole: false, spans: [[1, 3]] });
    expect(state.hash).toBe(contentHash(Buffer.from("1\n2\n3\n4\n")));
    await tracker.recordRead(file, { start: 4, end: 4, totalLines: 4 });
    expect(tracker.get(real)!.spans).toEqual([[1, 4]]);
  });

  it("starts over when the content changed, and records nothing for a torn read", async () => {
    tree = await makeTempTree({ "a.txt": "1\n2\n" });
    const file = path.join(tree.root, "a.txt");
    const tracker = createReadTracker();
    const real = await realpath(file);
    await tracker.recordRead(file, { start: 1, end: 2, totalLines: 2 });
    expect(tracker.get(real)!.whole).toBe(true);
    await writeFile(file, "1\n2\n3\n");
    await tracker.recordRead(file, { start: 3, end: 3, totalLines: 3 });
    expect(tracker.get(real)).toMatchObject({ whole: false, spans: [[3, 3]] });
    // read_file saw 5 lines but the file now has 3: the read is not trusted.
    const fresh = createReadTracker();
    await fresh.recordRead(file, { start: 1, end: 5, totalLines: 5 });
    expect(fresh.get(real)).toBeUndefined();
  });
});
