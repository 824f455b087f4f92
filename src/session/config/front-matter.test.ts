import { describe, expect, test } from "vitest";
import { splitFrontMatter } from "./front-matter.js";

describe("splitFrontMatter", () => {
  test("no front matter: the whole text is the body", () => {
    expect(splitFrontMatter("Just a prompt.")).toEqual({ meta: {}, body: "Just a prompt." });
  });

  test("key: value lines, quoted values, inline and block lists", () => {
    const text = [
      "---",
      'name: "reviewer"',
      "description: Reviews diffs",
      "tools: [read_file, 'search_text']",
      "extra:",
      "  - one",
      "  - two",
      "---",
      "You review.",
    ].join("\n");
    expect(splitFrontMatter(text)).toEqual({
      meta: {
        name: "reviewer",
        description: "Reviews diffs",
        tools: "read_file, search_text",
        extra: "one, two",
      },
      body: "You review.",
    });
  });

  test("an unclosed block or a line that is not key: value is a problem, not a throw", () => {
    expect(splitFrontMatter("---\nname: x\nbody").problem).toMatch(/not closed/);
    expect(splitFrontMatter("---\nname x\n---\nbody").problem).toMatch(/not "key: value"/);
  });
});
