import picomatch from "picomatch";
import { describe, expect, it } from "vitest";
import { compileGlob, expandBraces, GlobError, MAX_ALTERNATIVES } from "../workspace/glob-match.js";
import { compilePathMatcher } from "./find-files/path-matcher.js";
import { compileGlobFilter } from "./search-text/glob-filter.js";

const PATHS = [
  "README.md",
  ".github/ci.yml",
  ".env",
  "src/App.tsx",
  "src/app.test.ts",
  "src/util/Config.ts",
  "src/deep/a/b/c.ts",
  "docs/guide.md",
  "docs/v1/x.md",
  "file-07.txt",
  "gen/file-12.txt",
  "a[1].txt",
  "weird{x}.js",
  "src",
];

const PATTERNS = [
  "*.ts",
  "*.{ts,tsx}",
  "src/*",
  "src/**",
  "src/**/*.ts",
  "**/*.md",
  "**",
  "docs/**/x.md",
  "*.{py,yml}",
  "file-0?.txt",
  "*-[0-9][0-9].txt",
  "*-[^0]*.txt",
  "*[[:digit:]]*",
  "src/{util,deep}/**",
  "{src,docs}/*.{ts,md}",
  "file-{05..09}.txt",
  ".*",
  "a\\[1\\].txt",
  "weird{x}.js",
  "s*c/a*",
  "**/a/**",
];

describe("compileGlob", () => {
  it.each(PATTERNS)("agrees with picomatch on %s", (pattern) => {
    for (const nocase of [false, true]) {
      const basename = !pattern.includes("/");
      const ours = compileGlob(pattern, { nocase, basename });
      const theirs = picomatch(pattern, { nocase, dot: true, basename });
      for (const path of PATHS) expect([path, ours(path)]).toEqual([path, theirs(path)]);
    }
  });

  it("answers at once where a backtracking matcher takes minutes", () => {
    // The test's own time limit is the bound: a backtracking matcher takes minutes here.
    const name = "a".repeat(60);
    expect(compileGlob("*a".repeat(10) + "*c", { basename: true })(name)).toBe(false);
    expect(compileGlob("**/".repeat(30) + "*a".repeat(30) + "*b")("x/".repeat(40) + name)).toBe(
      false,
    );
    expect(compileGlob("*a".repeat(10) + "*", { basename: true })(name)).toBe(true);
  });

  it("reads [!x] as POSIX and ripgrep do (picomatch reads it differently)", () => {
    expect(compileGlob("*-[!1]*.txt")("file-07.txt")).toBe(true);
    expect(compileGlob("*-[!0]*.txt")("file-07.txt")).toBe(false);
  });

  it("refuses brace patterns that expand past the cap", () => {
    expect(expandBraces("{a,b}{c,d}")).toEqual(["ac", "bc", "ad", "bd"]);
    expect(() => expandBraces("{a,b}".repeat(9))).toThrow(GlobError);
    expect(() => expandBraces(`{1..${MAX_ALTERNATIVES + 1}}`)).toThrow(GlobError);
  });
});

describe("the tools' readings", () => {
  it("find_files: the pathological pattern and a leading !", () => {
    const match = compilePathMatcher("*a".repeat(10) + "*c");
    expect(match(`dir/${"a".repeat(60)}`)).toBe(false);
    expect(match(`dir/${"a".repeat(60)}c`)).toBe(true);
    expect(compilePathMatcher("!*.ts")("src/x.md")).toBe(true);
    expect(compilePathMatcher("!*.ts")("src/X.TS")).toBe(false);
    expect(() => compilePathMatcher("{a,b}".repeat(9))).toThrow(/alternatives/);
  });

  it("search_text: an excluded folder excludes what is below it", () => {
    expect(compileGlobFilter("!src")("src/a/b.ts")).toBe(false);
    expect(compileGlobFilter("!src")("docs/a.md")).toBe(true);
    expect(compileGlobFilter("*.{py,yml}")(".github/ci.yml")).toBe(true);
  });
});
