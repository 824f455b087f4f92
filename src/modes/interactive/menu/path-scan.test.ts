import { describe, expect, it } from "vitest";
import { fuzzyScoreLower } from "../../../../test/support/fuzzy-reference.js";
import {
  extendAt,
  filesIn,
  lowerSameLength,
  matched,
  newCursor,
  query,
  scanMatches,
  scoreAt,
} from "./path-scan.js";

const PATHS = [
  "README.md",
  "a-b.ts",
  "ab.ts",
  "src/App.tsx",
  "src/app-shell/Main_View.ts",
  "src/app.shell/x",
  "lib/src/deep.ts",
  "docs/api/v2/index.md",
  "src/",
  "src/mod12/",
  "x/mod/1/2",
  "mod12",
  "very/long/" + "n".repeat(300) + "/mod12.ts",
];
const QUERIES = ["a", "ab", "a-b", "app", "apps", "m", "mod", "mod12", "md", "s/a", "/", "x", "zz"];

describe("fuzzy matching over joined paths", () => {
  it("scores every path as fuzzyScoreLower scores it alone, and finds exactly its matches", () => {
    const text = `${PATHS.join("\0")}\0`;
    const lower = lowerSameLength(text);
    for (const q of QUERIES) {
      const found: [string, number][] = [];
      scanMatches(lower, query(q), (start, end, score) =>
        found.push([text.slice(start, end), score]),
      );
      const expected = PATHS.flatMap((p): [string, number][] => {
        const score = fuzzyScoreLower(q, p.toLowerCase(), p.length);
        return score === undefined ? [] : [[p, score]];
      });
      expect(found, q).toEqual(expected);
    }
  });

  it("extends a match by the characters typed since as matching the longer query would", () => {
    const text = `${PATHS.join("\0")}\0`;
    const lower = lowerSameLength(text);
    for (const [shorter, longer] of [
      ["m", "mo"],
      ["mo", "mod"],
      ["mod1", "mod12"],
      ["a", "ab"],
      ["a", "a-b"],
      ["s", "s/a"],
      ["ap", "apps"],
    ] as const) {
      let start = 0;
      for (const p of PATHS) {
        const end = start + p.length;
        const expected = fuzzyScoreLower(longer, p.toLowerCase(), p.length);
        if (scoreAt(lower, query(shorter), start, end, newCursor()) !== undefined) {
          const state = { ...matched };
          const from = shorter.length;
          const got = extendAt(lower, query(longer), from, start, end, state, newCursor());
          expect(got, `${shorter} → ${longer} in ${p}`).toBe(expected);
        }
        start = end + 1;
      }
    }
  });

  it("keeps every offset in place when lower-casing", () => {
    const text = "İstanbul/A.ts\0b/C.ts\0";
    const lower = lowerSameLength(text);
    expect(lower.length).toBe(text.length);
    expect(lower.slice(lower.indexOf("\0") + 1)).toBe("b/c.ts\0");
  });

  it("lists the files directly in a folder, not those deeper nor a folder of that name inside", () => {
    const text = "lib/src/x.ts\0src/y.ts\0a/src/b/z.ts\0src/in/w.ts\0top.md\0src/v.ts";
    const out: string[] = [];
    filesIn(text, "src/", out);
    expect(out).toEqual(["src/y.ts", "src/v.ts"]);
    const root: string[] = [];
    filesIn(text, "", root);
    expect(root).toEqual(["top.md"]);
  });
});
