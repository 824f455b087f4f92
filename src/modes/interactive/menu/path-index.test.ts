import { describe, expect, it } from "vitest";
import { foldersOf, fuzzyFind, indexedPaths } from "../../../../test/support/fuzzy-reference.js";
import { PathIndex } from "./path-index.js";

const FILES = Array.from({ length: 40 }, (_, f) =>
  Array.from({ length: 12 }, (_, i) => `src/mod${f}/file${i}.ts`),
).flat();
const ALL = [...foldersOf(FILES), ...FILES];

describe("the @ picker's path index", () => {
  it("finds what a full fuzzy scan finds, narrowing key by key", () => {
    const index = new PathIndex(FILES);
    for (const query of ["m", "mo", "mod1", "mod12", "mod12f", "mod12f1", "MOD12F11", "zz"]) {
      expect(index.find(query, 20)).toEqual(fuzzyFind(query, ALL, 20));
    }
    // A query that does not extend the last one scans everything again.
    expect(index.find("file3", 20)).toEqual(fuzzyFind("file3", ALL, 20));
  });

  it("scores as fuzzyFind does on mixed names, whatever the chunks the text came in", () => {
    // Upper case, word boundaries, files at the root, deep folders, a query found in a folder's
    // name only, and the same name in several places.
    const files = [
      "README.md",
      "Makefile",
      "src/App.tsx",
      "src/app-shell/Main_View.ts",
      "src/lib/src/deep.ts",
      "lib/src/x.ts",
      "docs/api/v2/index.md",
      ...Array.from({ length: 300 }, (_, i) => `pkg${i % 7}/Mod-${i}/file.${i % 3}.ts`),
      "z.ts",
    ];
    const all = [...foldersOf(files), ...files];
    for (const cut of [1, 7, 64, files.length]) {
      const index = new PathIndex();
      for (let i = 0; i < files.length; i += cut) {
        // Each chunk as a listing sends it: paths followed by NUL, an empty one here and there.
        index.addJoined(`${files.slice(i, i + cut).join("\0")}\0${i % 2 ? "\0" : ""}`);
      }
      for (const q of [
        "a",
        "ap",
        "app",
        "appm",
        "src",
        "srcd",
        "mod1",
        "mod-1",
        "Mod-12",
        "f.1",
        "md",
        "z",
        "/",
        "zq",
      ]) {
        expect(index.find(q, 15)).toEqual(fuzzyFind(q, all, 15));
      }
      expect(index.files).toBe(files.length);
      expect(indexedPaths(index)).toEqual(files);
    }
  });

  it("lists a folder's children, folders first", () => {
    const index = new PathIndex(["README.md", "src/a.ts", "src/app/b.ts", "docs/c.md"]);
    expect(index.childrenOf("")).toEqual(["docs/", "src/", "README.md"]);
    expect(index.childrenOf("src/")).toEqual(["src/app/", "src/a.ts"]);
    expect(index.childrenOf("nope/")).toEqual([]);
    // A folder's name inside another path is not that folder.
    const nested = new PathIndex(["lib/src/x.ts", "src/y.ts", "a/src/b/z.ts", "src/in/w.ts"]);
    expect(nested.childrenOf("src/")).toEqual(["src/in/", "src/y.ts"]);
    expect(nested.childrenOf("")).toEqual(["a/", "lib/", "src/"]);
  });

  it("grows: answers from what is indexed, and a path added later joins every query", () => {
    const index = new PathIndex();
    expect(index.find("mod12", 20)).toEqual([]);
    const half = FILES.length / 2;
    index.add(FILES.slice(0, half));
    const firstHalf = [...foldersOf(FILES.slice(0, half)), ...FILES.slice(0, half)];
    expect(index.find("mod1", 20)).toEqual(fuzzyFind("mod1", firstHalf, 20));
    index.add(FILES.slice(half));
    // The same query again, then narrowing ones: the paths added since are matched too.
    for (const query of ["mod1", "mod12", "mod3", "mod39f1"]) {
      expect(index.find(query, 20)).toEqual(fuzzyFind(query, ALL, 20));
    }
    index.add(["src/mod39/file100.ts"]);
    expect(index.find("mod39f1", 20)).toContain("src/mod39/file100.ts");
    expect(index.childrenOf("src/mod39/")).toContain("src/mod39/file100.ts");
    index.add(["docs/a.md", "src/aaa/b.ts"]);
    expect(index.childrenOf("")).toEqual(["docs/", "src/"]);
    expect(index.childrenOf("src/").slice(0, 2)).toEqual(["src/aaa/", "src/mod0/"]);
  });
});
