import { lexer, type Token } from "marked";
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

  test("a chunk never starts with an indented line, so no list item becomes indented code", () => {
    // A loose list whose items go on in indented paragraphs and nested lists, streamed a few
    // characters at a time into a small budget: every cut lands before an unindented line.
    const item = (i: number) =>
      `- Item ${i} says what the retry does.\n\n    It waits a little longer each time.\n\n` +
      `    - nested ${i}a, with [a link](https://example.com/${i})\n    - nested ${i}b\n`;
    const text = Array.from({ length: 12 }, (_, i) => item(i)).join("\n");
    const chunks: string[] = [];
    let tail = "";
    for (let i = 0; i < text.length; i += 7) {
      const split = splitSettled(tail + text.slice(i, i + 7), { rows: 10, width: 60 });
      chunks.push(...split.settled);
      tail = split.tail;
    }
    chunks.push(tail);
    expect(chunks.length).toBeGreaterThan(4);
    const indentedCode = (tokens: Token[]): boolean =>
      tokens.some(
        (t) =>
          (t.type === "code" && (t as { codeBlockStyle?: string }).codeBlockStyle === "indented") ||
          indentedCode(
            ((t as { tokens?: Token[] }).tokens ?? []).concat(
              (t as { items?: Token[] }).items ?? [],
            ),
          ),
      );
    for (const chunk of chunks) expect(indentedCode(lexer(chunk)), chunk).toBe(false);
  });
});
