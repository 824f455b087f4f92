import { writeFile } from "node:fs/promises";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { makeEditKit, type EditKit } from "../edit-common/test-kit.js";

let kit: EditKit;
afterEach(async () => kit?.remove());

const replace = (args: Record<string, unknown>) => kit.call("replace", args);

describe("edit_replace_exact", () => {
  it("replaces one occurrence in an LF file and says where the new text is", async () => {
    kit = await makeEditKit({ "a.ts": "const a = 1;\nconst b = 2;\nconst c = 3;\n" });
    await kit.read("a.ts");
    const result = await replace({
      path: "a.ts",
      old_string: "const b = 2;\n",
      new_string: "const b = 20;\nconst bb = 21;\n",
    });
    expect(result.isError, result.content).toBe(false);
    expect(result.content).toBe("Edited a.ts (+2 -1); the new text is at lines 2-3.");
    expect(await kit.bytes("a.ts")).toBe(
      "const a = 1;\nconst b = 20;\nconst bb = 21;\nconst c = 3;\n",
    );
    expect(result.details).toMatchObject({
      files: [{ path: "a.ts", added: 2, removed: 1, created: false }],
    });
    const diff = (result.details as { files: { diff: string }[] }).files[0]!.diff;
    expect(diff).toMatch(/^--- a\/a\.ts\n\+\+\+ b\/a\.ts\n@@ -1,3 \+1,4 @@\n/);
    expect(kit.recorded).toHaveLength(1);
    expect(kit.recorded[0]!.tool).toBe("edit_replace_exact");
  });

  it("keeps CRLF line endings, the new text converted to them", async () => {
    kit = await makeEditKit({ "w.txt": "one\r\ntwo\r\nthree\r\n" });
    await kit.read("w.txt");
    const result = await replace({
      path: "w.txt",
      old_string: "two\nthree",
      new_string: "2\n3\n3b",
    });
    expect(result.isError, result.content).toBe(false);
    expect(await kit.bytes("w.txt")).toBe("one\r\n2\r\n3\r\n3b\r\n");
  });

  it("keeps a BOM and mixed line endings outside the edit", async () => {
    kit = await makeEditKit({ "b.txt": "\uFEFFa\r\nb\nc\r\n" });
    await kit.read("b.txt");
    await replace({ path: "b.txt", old_string: "b", new_string: "B" });
    expect(await kit.bytes("b.txt")).toBe(Buffer.from("\uFEFFa\r\nB\nc\r\n").toString("latin1"));
  });

  it("keeps a missing final newline, even when the edit ends with one", async () => {
    kit = await makeEditKit({ "n.txt": "one\ntwo" });
    await kit.read("n.txt");
    await replace({ path: "n.txt", old_string: "two", new_string: "2\n" });
    expect(await kit.bytes("n.txt")).toBe("one\n2");
  });

  it("keeps a final newline the edit would remove", async () => {
    kit = await makeEditKit({ "f.txt": "one\ntwo\n" });
    await kit.read("f.txt");
    await replace({ path: "f.txt", old_string: "two\n", new_string: "2" });
    expect(await kit.bytes("f.txt")).toBe("one\n2\n");
  });

  it("lists the lines of several matches and asks for more context", async () => {
    kit = await makeEditKit({ "m.ts": "x();\ny();\nx();\nz();\nx();\n" });
    await kit.read("m.ts");
    const result = await replace({ path: "m.ts", old_string: "x();", new_string: "w();" });
    expect(result.isError).toBe(true);
    expect(result.content).toBe(
      "old_string occurs 3 times in m.ts (at lines 1, 3, 5). Include more surrounding lines in old_string so that it matches exactly once.",
    );
    expect(await kit.bytes("m.ts")).toBe("x();\ny();\nx();\nz();\nx();\n");
  });

  it("shows the near miss when nothing matches, whitespace differences called out", async () => {
    kit = await makeEditKit({ "t.go": "func main() {\n\tfmt.Println(1)\n\treturn\n}\n" });
    await kit.read("t.go");
    const result = await replace({
      path: "t.go",
      old_string: "    fmt.Println(1)\n    return",
      new_string: "\tfmt.Println(2)\n\treturn",
    });
    expect(result.isError).toBe(true);
    expect(result.content).toBe(
      "old_string was not found in t.go. Lines 2-3 match if whitespace is ignored: the file indents with tabs where old_string uses spaces (line 2). Copy the text exactly as the file has it:\n2\t\tfmt.Println(1)\n3\t\treturn",
    );
  });

  it("refuses an empty old_string and a no-op", async () => {
    kit = await makeEditKit({ "a.txt": "a\n" });
    await kit.read("a.txt");
    expect((await replace({ path: "a.txt", old_string: "", new_string: "x" })).content).toMatch(
      /^old_string is empty\. To add lines use edit_insert_at_line/,
    );
    expect((await replace({ path: "a.txt", old_string: "a", new_string: "a" })).content).toBe(
      "old_string and new_string are the same; there is nothing to change.",
    );
  });

  it("refuses a file not read, and lines not read", async () => {
    const body = Array.from({ length: 30 }, (_, i) => `line ${i + 1}`).join("\n") + "\n";
    kit = await makeEditKit({ "r.txt": body });
    const unread = await replace({ path: "r.txt", old_string: "line 5\n", new_string: "five\n" });
    expect(unread.content).toBe(
      "r.txt has not been read in this session. Call read_file on it first (at least the lines you want to change), then edit.",
    );
    await kit.read("r.txt", 1, 10);
    const outside = await replace({ path: "r.txt", old_string: "line 20\n", new_string: "x\n" });
    expect(outside.content).toBe(
      "old_string matches line 20 of r.txt, which you have not read (read so far: 1-10). Call read_file with start_line=20 and end_line=20 first.",
    );
    const inside = await replace({ path: "r.txt", old_string: "line 5\n", new_string: "5\n5b\n" });
    expect(inside.isError, inside.content).toBe(false);
    // Line numbers after the edit moved: lines 1-11 are now known.
    const next = await replace({ path: "r.txt", old_string: "line 10\n", new_string: "ten\n" });
    expect(next.isError, next.content).toBe(false);
    expect((await kit.bytes("r.txt"))!.split("\n").slice(9, 12)).toEqual([
      "line 9",
      "ten",
      "line 11",
    ]);
  });

  it("refuses a stale read, and works again after a re-read", async () => {
    kit = await makeEditKit({ "s.txt": "old\n" });
    await kit.read("s.txt");
    await writeFile(path.join(kit.ws.root, "s.txt"), "changed by the person\n");
    const stale = await replace({ path: "s.txt", old_string: "old", new_string: "new" });
    expect(stale.content).toBe(
      "s.txt changed on disk since you read it. Call read_file on it again and redo the edit against its current content.",
    );
    await kit.read("s.txt");
    const ok = await replace({ path: "s.txt", old_string: "person", new_string: "model" });
    expect(ok.isError, ok.content).toBe(false);
  });

  it("lets consecutive edits run without re-reading", async () => {
    kit = await makeEditKit({ "c.txt": "a\nb\nc\n" });
    await kit.read("c.txt");
    for (const [from, to] of [
      ["a", "A"],
      ["b", "B"],
      ["c", "C"],
    ] as const) {
      const r = await replace({ path: "c.txt", old_string: from, new_string: to });
      expect(r.isError, r.content).toBe(false);
    }
    expect(await kit.bytes("c.txt")).toBe("A\nB\nC\n");
  });

  it("refuses a change that happens while the edit awaits approval", async () => {
    kit = await makeEditKit({ "p.txt": "one\n" });
    await kit.read("p.txt");
    const signal = new AbortController().signal;
    const proposal = await kit.tools.replace.prepare!(
      { path: "p.txt", old_string: "one", new_string: "1" },
      { signal },
    );
    await writeFile(path.join(kit.ws.root, "p.txt"), "two\n");
    await expect(proposal.apply({ signal })).rejects.toThrow(
      "Nothing was written: p.txt changed on disk while the edit awaited approval.",
    );
    expect(await kit.bytes("p.txt")).toBe("two\n");
  });
});
