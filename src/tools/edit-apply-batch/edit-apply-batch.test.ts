import { writeFile } from "node:fs/promises";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { editReview, makeEditKit, type EditKit } from "../edit-common/test-kit.js";

let kit: EditKit;
afterEach(async () => kit?.remove());

const batch = (edits: Record<string, unknown>[]) => kit.call("batch", { edits });
const FILES = { "a.txt": "alpha\nbeta\n", "b.txt": "one\r\ntwo\r\n", "c.txt": "keep\n" };

describe("edit_apply_batch", () => {
  it("applies edits over several files as one reviewed change", async () => {
    kit = await makeEditKit(FILES);
    await kit.read("a.txt");
    await kit.read("b.txt");
    const signal = new AbortController().signal;
    const edits = [
      { type: "replace_exact", path: "a.txt", old_string: "beta", new_string: "BETA" },
      { type: "insert_at_line", path: "b.txt", line: 2, text: "one and a half" },
      { type: "create_file", path: "new/d.txt", content: "d\n" },
      { type: "replace_exact", path: "a.txt", old_string: "alpha\nBETA", new_string: "A\nB" },
    ];
    const proposal = await kit.tools.batch.prepare!({ edits: edits as never }, { signal });
    const review = editReview(proposal.review);
    expect(review.files.map((f) => [f.path, f.added, f.removed, f.created])).toEqual([
      ["a.txt", 2, 2, false],
      ["b.txt", 1, 0, false],
      ["new/d.txt", 1, 0, true],
    ]);
    expect(await kit.bytes("a.txt")).toBe("alpha\nbeta\n");
    const result = await proposal.apply({ signal });
    expect(result.content).toBe(
      "Edited a.txt (+2 -2).\nEdited b.txt (+1 -0).\nCreated new/d.txt (1 line).",
    );
    expect(await kit.bytes("a.txt")).toBe("A\nB\n");
    expect(await kit.bytes("b.txt")).toBe("one\r\none and a half\r\ntwo\r\n");
    expect(await kit.bytes("new/d.txt")).toBe("d\n");
    expect(kit.recorded[0]!.files.map((f) => f.path)).toEqual(["a.txt", "b.txt", "new/d.txt"]);
  });

  it("writes nothing when an edit in the middle fails, and names it", async () => {
    kit = await makeEditKit(FILES);
    await kit.read("a.txt");
    await kit.read("c.txt");
    const result = await batch([
      { type: "replace_exact", path: "a.txt", old_string: "alpha", new_string: "ALPHA" },
      { type: "create_file", path: "created.txt", content: "x\n" },
      { type: "replace_exact", path: "c.txt", old_string: "missing", new_string: "x" },
      { type: "replace_exact", path: "a.txt", old_string: "beta", new_string: "BETA" },
    ]);
    expect(result.isError).toBe(true);
    expect(result.content).toMatch(
      /^edits\[2\] \(replace_exact on c\.txt\): old_string was not found in c\.txt\./,
    );
    expect(result.content).toMatch(
      /No edit of the batch was applied; fix this one and send the whole batch again\.$/,
    );
    expect(await kit.bytes("a.txt")).toBe("alpha\nbeta\n");
    expect(await kit.bytes("c.txt")).toBe("keep\n");
    expect(await kit.bytes("created.txt")).toBeNull();
    expect(kit.recorded).toHaveLength(0);
  });

  it("writes nothing when one file changed while the batch awaited approval", async () => {
    kit = await makeEditKit(FILES);
    await kit.read("a.txt");
    await kit.read("c.txt");
    const signal = new AbortController().signal;
    const proposal = await kit.tools.batch.prepare!(
      {
        edits: [
          { type: "replace_exact", path: "a.txt", old_string: "alpha", new_string: "A" },
          { type: "create_file", path: "fresh/new.txt", content: "n\n" },
          { type: "replace_exact", path: "c.txt", old_string: "keep", new_string: "K" },
        ],
      },
      { signal },
    );
    await writeFile(path.join(kit.ws.root, "c.txt"), "changed\n");
    await expect(proposal.apply({ signal })).rejects.toThrow(/c\.txt changed on disk/);
    expect(await kit.bytes("a.txt")).toBe("alpha\nbeta\n");
    expect(await kit.bytes("fresh/new.txt")).toBeNull();
  });

  it("lets a batch create a file and then edit it", async () => {
    kit = await makeEditKit({});
    const result = await batch([
      { type: "create_file", path: "n.txt", content: "a\nc\n" },
      { type: "insert_at_line", path: "n.txt", line: 2, text: "b" },
      { type: "replace_exact", path: "n.txt", old_string: "c", new_string: "C" },
    ]);
    expect(result.isError, result.content).toBe(false);
    expect(await kit.bytes("n.txt")).toBe("a\nb\nC\n");
  });

  it("checks each edit's own fields", async () => {
    kit = await makeEditKit(FILES);
    const result = await batch([
      { type: "replace_exact", path: "a.txt", new_string: "x" },
      { type: "insert_at_line", path: "a.txt", text: "x" },
    ]);
    expect(result.content).toBe(
      'Invalid arguments for edit_apply_batch: "edits.0.old_string": replace_exact needs old_string; "edits.1.line": insert_at_line needs line. Call it again with arguments matching its schema.',
    );
    expect((await batch([])).content).toBe("edits must hold 1 to 100 edits (got 0).");
  });
});
