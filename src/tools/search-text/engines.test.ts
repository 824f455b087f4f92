import { realpath } from "node:fs/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createWorkspace, type Workspace } from "../../workspace/index.js";
import { makeTempTree, type TempTree } from "../../../test/support/temp-tree.js";
import { searchWithWalker } from "./js-search.js";
import { locateRipgrep } from "./locate-ripgrep.js";
import type { SearchQuery } from "./query.js";
import { searchWithRipgrep } from "./ripgrep.js";
import { SEARCH_TREE } from "../../../test/support/search-fixture.js";

const bundled = await locateRipgrep({ pathEnv: "" });
const onPath = await locateRipgrep({ bundled: async () => undefined });
const binaries = [bundled, onPath].filter((p): p is string => p !== undefined);

type Case = Partial<Omit<SearchQuery, "signal" | "limit">> & { pattern: string };

const CASES: Case[] = [
  { pattern: "foo" },
  { pattern: "foo", caseSensitive: true },
  { pattern: "FOO", caseSensitive: true },
  { pattern: "école" },
  { pattern: "^foo", regex: true },
  { pattern: "foo$", regex: true },
  { pattern: "foo\\(\\)", regex: true },
  { pattern: "f.o", regex: true, caseSensitive: true },
  { pattern: "f.o" },
  { pattern: "foo", target: "src" },
  { pattern: "foo", target: "src/deep" },
  { pattern: "foo", target: "build" },
  { pattern: "foo", target: "src/app.ts", targetIsFile: true },
  { pattern: "foo", glob: "*.ts" },
  { pattern: "foo", glob: "src/*.ts" },
  { pattern: "foo", glob: "**/*.md" },
  { pattern: "foo", glob: "!*.ts" },
  { pattern: "foo", glob: "!src" },
  { pattern: "foo", glob: "*.{py,yml}" },
  { pattern: "foo", glob: "src/**" },
  { pattern: "foo", target: "src", glob: "deep/*" },
  { pattern: "foo", target: "src/app.ts", targetIsFile: true, glob: "*.md" },
  { pattern: "foo", target: "src/app.ts", targetIsFile: true, glob: "docs/*.md" },
];

describe.skipIf(binaries.length === 0)("ripgrep and the JS walker", () => {
  let tree: TempTree;
  let ws: Workspace;
  beforeAll(async () => {
    tree = await makeTempTree(SEARCH_TREE);
    ws = await createWorkspace(await realpath(tree.root));
  });
  afterAll(() => tree.remove());

  const query = (c: Case): SearchQuery => ({
    regex: false,
    caseSensitive: false,
    target: "",
    targetIsFile: false,
    limit: 1000,
    signal: new AbortController().signal,
    ...c,
  });

  it("skip ignored, always-skipped, binary and symlinked files, but search hidden ones", async () => {
    const js = await searchWithWalker(ws, query({ pattern: "foo" }));
    const files = new Set(js.matches.map((m) => m.path));
    expect([...files].sort()).toEqual([
      ".github/workflows/ci.yml",
      "docs/guide.md",
      "keep.log",
      "src/app.ts",
      "src/crlf.txt",
      "src/deep/nested.py",
      "src/foo.ts",
      "src/long.min.js",
      "src/unicode.md",
    ]);
  });

  for (const rg of binaries) {
    it.each(CASES)(`agree with ${rg} on %j`, async (c) => {
      const js = await searchWithWalker(ws, query(c));
      const viaRg = await searchWithRipgrep(rg, ws.root, query(c));
      expect(viaRg.engine).toBe("ripgrep");
      expect(js.engine).toBe("js");
      expect(viaRg.matches).toEqual(js.matches);
      expect(js.limitReached).toBe(false);
    });

    it(`agree with ${rg} on limits`, async () => {
      const js = await searchWithWalker(ws, { ...query({ pattern: "foo" }), limit: 3 });
      const viaRg = await searchWithRipgrep(rg, ws.root, {
        ...query({ pattern: "foo" }),
        limit: 3,
      });
      expect(js.matches).toHaveLength(3);
      expect(viaRg.matches).toHaveLength(3);
      expect(js.limitReached && viaRg.limitReached).toBe(true);
    });
  }

  it("CRLF lines lose their \\r, and columns count characters, not bytes", async () => {
    const js = await searchWithWalker(ws, query({ pattern: "foo", target: "src" }));
    expect(js.matches).toContainEqual({
      path: "src/crlf.txt",
      line: 3,
      text: "end foo",
      column: 4,
    });
    expect(js.matches).toContainEqual({
      path: "src/unicode.md",
      line: 1,
      text: "café — naïve foo",
      column: 13,
    });
  });
});
