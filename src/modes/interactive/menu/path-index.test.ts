import { describe, expect, it } from "vitest";
import { foldersOf, fuzzyFind } from "./fuzzy.js";
import { indexOf, PathIndex } from "./path-index.js";

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

  it("lists a folder's children, folders first", () => {
    const index = new PathIndex(["README.md", "src/a.ts", "src/app/b.ts", "docs/c.md"]);
    expect(index.childrenOf("")).toEqual(["docs/", "src/", "README.md"]);
    expect(index.childrenOf("src/")).toEqual(["src/app/", "src/a.ts"]);
    expect(index.childrenOf("nope/")).toEqual([]);
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

  it("is made once per list", () => {
    expect(indexOf(FILES)).toBe(indexOf(FILES));
    expect(indexOf([...FILES])).not.toBe(indexOf(FILES));
  });
});
