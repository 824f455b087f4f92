import { beforeAll, describe, expect, test } from "vitest";
import { setTheme } from "../screen/theme.js";
import { renderMarkdown } from "./render.js";

beforeAll(() => {
  setTheme(false);
});

const sample = `# Retry policy

The client retries **three times** with \`backoffMs\` and [docs](https://example.com).

1. first attempt
2. second, with a long line that has to wrap because it is longer than the width we render at
   - nested item

> A quote.

\`\`\`ts
export const policy = { attempts: 3 };
\`\`\`

| status | retried |
|---|---|
| 429 | yes |
| 500 | yes |

---`;

describe("renderMarkdown", () => {
  test("renders the blocks a model writes at a fixed width", () => {
    expect(renderMarkdown(sample, 60)).toMatchSnapshot();
  });

  test("no line is wider than the width", () => {
    for (const line of renderMarkdown(sample, 40).split("\n"))
      expect(line.length).toBeLessThanOrEqual(40);
  });
});

test("wrap's fast path gives what wrap-ansi gives", async () => {
  const { default: wrapAnsi } = await import("wrap-ansi");
  const { wrap } = await import("./render.js");
  const lines = [
    "plain words that fit",
    "  leading spaces",
    "trailing space ",
    "\x1b[1mbold\x1b[22m and \x1b[36mcyan\x1b[39m text",
    '\x1b[2m│ \x1b[22m\x1b[34mconst\x1b[39m value = \x1b[31m"string"\x1b[39m;',
    "ends in a space before a code \x1b[0m",
    "x".repeat(40),
    "a line much longer than the width that must be wrapped at a space somewhere",
    "tab\tinside",
    "• bullet — “quotes” …",
    "中文 wide",
  ];
  for (const trim of [true, false])
    for (const width of [20, 40, 80])
      for (const line of lines)
        expect(wrap(line, width, trim), JSON.stringify([line, width, trim])).toEqual(
          wrapAnsi(line, width, { hard: true, trim }).split("\n"),
        );
});
