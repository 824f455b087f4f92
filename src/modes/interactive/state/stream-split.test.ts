import { describe, expect, test } from "vitest";
import { splitSettled } from "./stream-split.js";

const limits = { rows: 10, width: 40 };

describe("splitSettled", () => {
  test("finished paragraphs settle, the last one stays live", () => {
    expect(splitSettled("One.\n\nTwo.\n\nThr", limits)).toEqual({
      settled: ["One.\n\nTwo."],
      tail: "Thr",
      tailJoined: false,
    });
  });

  test("a blank line inside a code fence is no boundary", () => {
    const text = "Intro.\n\n```ts\na();\n\nb();\n";
    expect(splitSettled(text, limits)).toEqual({
      settled: ["Intro."],
      tail: "```ts\na();\n\nb();\n",
      tailJoined: false,
    });
  });

  test("a tail past its budget settles its complete lines, closing and reopening a fence", () => {
    const code = Array.from({ length: 14 }, (_, i) => `line${i}();`).join("\n");
    const { settled, tail, tailJoined } = splitSettled(`\`\`\`ts\n${code}\npartial`, limits);
    expect(settled).toHaveLength(1);
    expect(settled[0]!.startsWith("```ts\nline0();")).toBe(true);
    expect(settled[0]!.endsWith("line13();\n```")).toBe(true);
    expect(tail).toBe("```ts\npartial");
    expect(tailJoined).toBe(true);
  });

  test("one very long line is cut at a space", () => {
    const text = "word ".repeat(200);
    const { settled, tail } = splitSettled(text, limits);
    expect(settled[0]!.length).toBeLessThanOrEqual(400);
    expect(`${settled[0]!} ${tail}`).toBe(text);
  });
});
