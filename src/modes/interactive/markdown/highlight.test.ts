import { afterEach, expect, test } from "vitest";
import { setTheme } from "../screen/theme.js";
import { highlightCode, highlighterReady, preloadHighlighter } from "./highlight.js";

afterEach(() => void setTheme(false));

// onReady is called when the import ends: a file run after another in the same worker
// (`isolate: false`) finds it loaded already.
const loaded = async () => {
  if (!highlighterReady()) await new Promise<void>((resolve) => preloadHighlighter(resolve));
};

test("code on a light background: its own token colours, none of the default yellow or cyan", async () => {
  setTheme(true, "light");
  await loaded();
  const code = highlightCode("const greet = function () { return 'hi'; };", "javascript")!;
  // keyword `const` in #cf222e, the string in #0a3069
  expect(code).toContain("\x1b[38;2;207;34;46mconst");
  expect(code).toContain("\x1b[38;2;10;48;105m'hi'");
  expect(code).not.toMatch(/\x1b\[3[36]m/);
  setTheme(true, "dark");
  expect(highlightCode("const a = 1;", "javascript")).not.toContain("\x1b[38;2;");
});

test("the live tail leaves code without a language uncoloured; settled, it is coloured", async () => {
  setTheme(true, "dark");
  await loaded();
  const { renderMarkdown } = await import("./render.js");
  const source = "```\nconst greet = function () { return 'hi'; };\n```";
  const live = renderMarkdown(source, 80, { live: true });
  const settled = renderMarkdown(source, 80);
  expect(settled).not.toBe(live);
  expect(live).toContain("const greet = function () { return 'hi'; };");
  // With a language, the live tail is coloured as settled text is.
  const tagged = source.replace("```\n", "```ts\n");
  expect(renderMarkdown(tagged, 80, { live: true })).toBe(renderMarkdown(tagged, 80));
});

test("code without a language is guessed among common languages only; indented code stays plain", async () => {
  setTheme(true, "dark");
  await loaded();
  const hljs = (await import("highlight.js")).default;
  const { renderMarkdown } = await import("./render.js");
  // The guess: a fence without a language, settled, is coloured...
  const fenced = renderMarkdown("```\nSELECT name FROM users WHERE id = 1;\n```", 80);
  expect(fenced).not.toBe(
    renderMarkdown("```\nSELECT name FROM users WHERE id = 1;\n```", 80, { live: true }),
  );
  // ...without compiling every grammar highlight.js has (a second's work, on the key loop).
  for (const rare of ["fortran", "cobol", "x86asm", "mathematica"])
    expect(hljs.getLanguage(rare)?.isCompiled, rare).toBeFalsy();
  // A list the stream cut so it reads as indented code: shown, never coloured as code.
  const cut = "Intro:\n\n     - Little [when](https://example.com/docs) what request.\n";
  const rendered = renderMarkdown(cut, 80);
  const { hue } = await import("../screen/theme.js");
  expect(rendered).toContain(
    hue("codeBlock")(" - Little [when](https://example.com/docs) what request."),
  );
});
