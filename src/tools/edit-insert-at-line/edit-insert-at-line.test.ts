import { writeFile } from "node:fs/promises";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { makeEditKit, type EditKit } from "../edit-common/test-kit.js";

let kit: EditKit;
afterEach(async () => kit?.remove());

const insert = (args: Record<string, unknown>) => kit.call("insert", args);

describe("edit_insert_at_line", () => {
  it("inserts before a line, adding the missing newline", async () => {
    kit = await makeEditKit({ "a.txt": "one\ntwo\nthree\n" });
    await kit.read("a.txt");
    const result = await insert({ path: "a.txt", line: 2, text: "1.5" });
    expect(result.isError, result.content).toBe(false);
    expect(result.content).toBe("Edited a.txt (+1 -0); the new text is at lines 2-2.");
    expect(await kit.bytes("a.txt")).toBe("one\n1.5\ntwo\nthree\n");
  });

  it("appends with line = count + 1, and refuses lines past that", async () => {
    kit = await makeEditKit({ "a.txt": "one\ntwo\n" });
    await kit.read("a.txt");
    expect((await insert({ path: "a.txt", line: 4, text: "x" })).content).toBe(
      "line 4 is past the end of a.txt (2 lines); use line=3 to append.",
    );
    await insert({ path: "a.txt", line: 3, text: "three\nfour\n" });
    expect(await kit.bytes("a.txt")).toBe("one\ntwo\nthree\nfour\n");
  });

  it("keeps CRLF and a BOM", async () => {
    kit = await makeEditKit({ "w.txt": "\uFEFFone\r\ntwo\r\n" });
    await kit.read("w.txt");
    await insert({ path: "w.txt", line: 1, text: "zero\nhalf" });
    expect(await kit.bytes("w.txt")).toBe(
      Buffer.from("\uFEFFzero\r\nhalf\r\none\r\ntwo\r\n").toString("latin1"),
    );
  });

  it("appends to a file without a final newline and keeps it without one", async () => {
    kit = await makeEditKit({ "n.txt": "one\ntwo" });
    await kit.read("n.txt");
    await insert({ path: "n.txt", line: 3, text: "three\n" });
    expect(await kit.bytes("n.txt")).toBe("one\ntwo\nthree");
    await insert({ path: "n.txt", line: 1, text: "zero" });
    expect(await kit.bytes("n.txt")).toBe("zero\none\ntwo\nthree");
  });

  it("writes into an empty file that was read", async () => {
    kit = await makeEditKit({ "e.txt": "" });
    await kit.read("e.txt");
    await insert({ path: "e.txt", line: 1, text: "first" });
    expect(await kit.bytes("e.txt")).toBe("first\n");
  });

  it("needs the lines around the insertion point read, and a fresh read", async () => {
    const body = Array.from({ length: 20 }, (_, i) => `l${i + 1}`).join("\n") + "\n";
    kit = await makeEditKit({ "r.txt": body });
    expect((await insert({ path: "r.txt", line: 1, text: "x" })).content).toMatch(
      /^r\.txt has not been read in this session/,
    );
    await kit.read("r.txt", 5, 8);
    expect((await insert({ path: "r.txt", line: 15, text: "x" })).content).toBe(
      "You have not read the lines around line 15 of r.txt. Read line 15 (and its neighbours) with read_file first, then insert.",
    );
    expect((await insert({ path: "r.txt", line: 9, text: "after 8" })).isError).toBe(false);
    expect((await insert({ path: "r.txt", line: 5, text: "before 5" })).isError).toBe(false);
    await writeFile(path.join(kit.ws.root, "r.txt"), "rewritten\n");
    expect((await insert({ path: "r.txt", line: 1, text: "x" })).content).toMatch(
      /^r\.txt changed on disk since you read it/,
    );
  });

  it("refuses empty text and a missing file", async () => {
    kit = await makeEditKit({ "a.txt": "a\n" });
    await kit.read("a.txt");
    expect((await insert({ path: "a.txt", line: 1, text: "" })).content).toBe(
      "text is empty; there is nothing to insert.",
    );
    expect((await insert({ path: "nope.txt", line: 1, text: "x" })).content).toBe(
      "File not found: nope.txt. Check the path with find_files, or use edit_create_file to create it.",
    );
  });
});
