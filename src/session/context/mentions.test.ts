import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { cutMarker, expandMentions, fileBlock, fitMentions, listProjectFiles } from "./mentions.js";
import { estimateTokens } from "../models/token-estimate.js";

function project(files: Record<string, string | Buffer>) {
  const root = mkdtempSync(join(tmpdir(), "north-mentions-"));
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(join(root, path, ".."), { recursive: true });
    writeFileSync(join(root, path), content);
  }
  return root;
}

const lines = (prefix: string, n: number) =>
  Array.from({ length: n }, (_, i) => `${prefix} line ${i + 1} of the file`).join("\n");

describe("fitMentions", () => {
  it("leaves files that fit alone", () => {
    const files = [{ path: "a.ts", kind: "file" as const, text: "short\n" }];
    expect(fitMentions(files, 1000)).toEqual({ files, cut: [] });
  });

  it("cuts in proportion to size, at line boundaries, with a marker", () => {
    const big = { path: "big.ts", kind: "file" as const, text: lines("big", 300) };
    const small = { path: "small.ts", kind: "file" as const, text: lines("small", 100) };
    const budget = Math.floor((estimateTokens(big.text) + estimateTokens(small.text)) / 2);
    const { files, cut } = fitMentions([big, small], budget);
    expect(cut).toEqual(["big.ts", "small.ts"]);
    const kept = files.map((f) => f.text.split("\n").length - 1);
    // Each keeps about half of its lines: three times as many of the file three times as large.
    expect(kept[0]! / 300).toBeCloseTo(0.5, 1);
    expect(kept[1]! / 100).toBeCloseTo(0.5, 1);
    expect(files[0]!.text.endsWith(cutMarker(kept[0]!, 300))).toBe(true);
    for (const f of files)
      expect(
        f.text
          .split("\n")
          .slice(0, -1)
          .every((l) => / of the file$/.test(l)),
      ).toBe(true);
    const total = files.reduce((sum, f) => sum + estimateTokens(f.text), 0);
    expect(total).toBeLessThanOrEqual(budget + 40);
  });
});

describe("expandMentions", () => {
  it("appends <file> blocks, a directory as its listing, and refuses binaries and escapes", async () => {
    const root = project({
      "src/a.ts": "export const a = 1;\n",
      "src/b.ts": "export const b = 2;\n",
      "img.png": Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0, 1, 2]),
    });
    const out = await expandMentions(root, "look", ["src/a.ts", "src", "img.png", "../x"], 10_000);
    expect(out.prompt).toBe(
      `look\n\n<file path="src/a.ts">\nexport const a = 1;\n</file>\n\n<file path="src" type="directory">\nsrc/a.ts\nsrc/b.ts\n</file>`,
    );
    expect(out.notes).toEqual([
      "@img.png was not attached: it is a binary file.",
      expect.stringMatching(/^@\.\.\/x was not attached: /),
    ]);
  });

  it("tells the person when files were cut to fit", async () => {
    const root = project({ "long.txt": lines("x", 500) });
    const out = await expandMentions(root, "read", ["long.txt"], 200);
    expect(out.prompt).toContain("[… cut to fit the context:");
    expect(out.notes).toEqual([
      "Cut to fit the context that is left: @long.txt (at line boundaries).",
    ]);
  });

  it("lists the repository's files with ignore rules respected", async () => {
    const root = project({ "a.ts": "", ".gitignore": "secret/\n", "secret/k.txt": "" });
    expect((await listProjectFiles(root)).sort()).toEqual([".gitignore", "a.ts"]);
  });

  it("formats one block", () => {
    expect(fileBlock({ path: "x", kind: "file", text: "a" })).toBe('<file path="x">\na\n</file>');
  });
});
