import path from "node:path";
import { describe, expect, it } from "vitest";
import { isBinaryBuffer, isBinaryFile } from "./binary.js";
import { makeTempTree } from "../../test/support/temp-tree.js";

describe("binary detection", () => {
  it("calls text text, UTF-8 included, even when the sample cuts a character", () => {
    expect(isBinaryBuffer(Buffer.from("plain ascii\n"))).toBe(false);
    expect(isBinaryBuffer(Buffer.from("héllo wörld — ünïcode ✓\n".repeat(50)))).toBe(false);
    const cut = Buffer.from("é".repeat(5000)).subarray(0, 8191);
    expect(isBinaryBuffer(cut)).toBe(false);
    expect(isBinaryBuffer(new Uint8Array())).toBe(false);
  });

  it("calls a NUL byte in the first 8 KB binary, and one after it not", () => {
    expect(isBinaryBuffer(Buffer.from("abc\0def"))).toBe(true);
    const late = Buffer.concat([Buffer.alloc(9000, 0x61), Buffer.from([0])]);
    expect(isBinaryBuffer(late)).toBe(false);
  });

  it("calls mostly invalid UTF-8 binary", () => {
    const noise = Buffer.from(Array.from({ length: 4000 }, (_, i) => 0x80 + (i % 64)));
    expect(isBinaryBuffer(noise)).toBe(true);
  });

  it("sniffs files from disk", async () => {
    const tree = await makeTempTree({ "a.bin": Buffer.from([1, 2, 0, 3]), "a.txt": "text" });
    try {
      expect(await isBinaryFile(path.join(tree.root, "a.bin"))).toBe(true);
      expect(await isBinaryFile(path.join(tree.root, "a.txt"))).toBe(false);
    } finally {
      await tree.remove();
    }
  });
});
