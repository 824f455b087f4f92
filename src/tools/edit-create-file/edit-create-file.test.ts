import { chmod, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { editReview, makeEditKit, type EditKit } from "../edit-common/test-kit.js";

let kit: EditKit;
afterEach(async () => kit?.remove());

const create = (args: Record<string, unknown>) => kit.call("create", args);

describe("edit_create_file", () => {
  it("creates a file and its folders without a read, as written", async () => {
    kit = await makeEditKit({});
    const result = await create({ path: "src/deep/new.ts", content: "export {};\n" });
    expect(result.content).toBe("Created src/deep/new.ts (1 line).");
    expect(await kit.bytes("src/deep/new.ts")).toBe("export {};\n");
    expect(kit.recorded[0]!.files[0]).toMatchObject({ path: "src/deep/new.ts", before: null });
    const noNewline = await create({ path: "raw.txt", content: "no newline" });
    expect(noNewline.isError).toBe(false);
    expect(await kit.bytes("raw.txt")).toBe("no newline");
  });

  it("shows a creation as a diff from /dev/null", async () => {
    kit = await makeEditKit({});
    const signal = new AbortController().signal;
    const proposal = await kit.tools.create.prepare!(
      { path: "n.txt", content: "a\nb\n" },
      { signal },
    );
    expect(editReview(proposal.review).files).toEqual([
      {
        path: "n.txt",
        diff: "--- /dev/null\n+++ b/n.txt\n@@ -0,0 +1,2 @@\n+a\n+b\n",
        added: 2,
        removed: 0,
        created: true,
      },
    ]);
    expect(await kit.bytes("n.txt")).toBeNull();
  });

  it("overwrites a file that was read, keeping its BOM, CRLF, final newline and mode", async () => {
    kit = await makeEditKit({ "w.sh": "\uFEFFold\r\n" });
    await chmod(path.join(kit.ws.root, "w.sh"), 0o755);
    expect((await create({ path: "w.sh", content: "new\nlines" })).content).toMatch(
      /^w\.sh has not been read/,
    );
    await kit.read("w.sh");
    const result = await create({ path: "w.sh", content: "new\nlines" });
    expect(result.content).toBe("Edited w.sh (+2 -1); the new text is at lines 1-2.");
    expect(await kit.bytes("w.sh")).toBe(Buffer.from("\uFEFFnew\r\nlines\r\n").toString("latin1"));
    expect((await stat(path.join(kit.ws.root, "w.sh"))).mode & 0o777).toBe(0o755);
  });

  it("refuses to overwrite a file changed since it was read", async () => {
    kit = await makeEditKit({ "a.txt": "a\n" });
    await kit.read("a.txt");
    await writeFile(path.join(kit.ws.root, "a.txt"), "b\n");
    expect((await create({ path: "a.txt", content: "c\n" })).content).toMatch(
      /^a\.txt changed on disk since you read it/,
    );
    expect(await kit.bytes("a.txt")).toBe("b\n");
  });

  it("refuses a file created by someone else while the creation awaited approval", async () => {
    kit = await makeEditKit({});
    const signal = new AbortController().signal;
    const proposal = await kit.tools.create.prepare!(
      { path: "x.txt", content: "mine\n" },
      { signal },
    );
    await writeFile(path.join(kit.ws.root, "x.txt"), "theirs\n");
    await expect(proposal.apply({ signal })).rejects.toThrow(/x\.txt changed on disk/);
    expect(await kit.bytes("x.txt")).toBe("theirs\n");
  });

  it("refuses folders, binary files and identical content", async () => {
    kit = await makeEditKit({ "dir/a.txt": "a\n", "b.bin": Buffer.from([0, 1, 2]) });
    expect((await create({ path: "dir", content: "x" })).content).toBe(
      "dir is a folder; name a file to write",
    );
    expect((await create({ path: "b.bin", content: "x" })).content).toBe(
      "b.bin is a binary file; the edit tools change text files only.",
    );
    await kit.read("dir/a.txt");
    expect((await create({ path: "dir/a.txt", content: "a\n" })).content).toBe(
      "The edit leaves the file exactly as it is; nothing was written.",
    );
  });
});
