// The Markdown renderer (marked, then cli-highlight for code) writes only its own styles: a
// model's escape sequences in any kind of block come out as visible text (R5 of the November
// 2026 review).
import { beforeAll, expect, test } from "vitest";
import { setTheme } from "../screen/theme.js";
import { highlighterReady, preloadHighlighter } from "./highlight.js";
import { loadMarkdown, renderMarkdown } from "./index.js";

beforeAll(async () => {
  setTheme(true);
  // Loaded already when another file ran first in this worker (`isolate: false`).
  if (!highlighterReady()) await new Promise<void>((resolve) => preloadHighlighter(resolve));
  await loadMarkdown();
});

const ESC = "\x1b";
const attack = [
  `# Title ${ESC}]0;MODEL-TITLE\x07`,
  `Text ${ESC}[2J with ${ESC}]52;c;ZXZpbA==\x07 and \`code ${ESC}[1A\` and [link${ESC}[2K](https://x.example/${ESC}]8;;https://evil\x07)`,
  "",
  "```js",
  `const a = "${ESC}]8;;https://evil.example${ESC}\\\\click${ESC}]8;;${ESC}\\\\"; // ${ESC}[H${ESC}[2J`,
  "```",
  "",
  `- item \x9b2J \x07\x08`,
].join("\n");

test("no escape sequence but the renderer's own colours, whatever the model wrote", () => {
  const out = renderMarkdown(attack, 80);
  const styles = /\x1b\[[0-9;]*m/g;
  expect(out.replace(styles, "")).not.toMatch(/[\x00-\x08\x0b-\x1f\x7f-\x9f]/);
  expect(out).toContain("␛]0;MODEL-TITLE");
  expect(out).toContain("␛[2J");
});
