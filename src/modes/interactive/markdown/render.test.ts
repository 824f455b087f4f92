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
