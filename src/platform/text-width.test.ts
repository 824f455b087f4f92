import stringWidth from "string-width";
import { expect, test } from "vitest";
import { isNarrow, textWidth } from "./text-width.js";

test("every character of the fast path is one column wide, as string-width says", () => {
  const wrong: string[] = [];
  for (let code = 0; code <= 0xffff; code++) {
    if (!isNarrow(code)) continue;
    const char = String.fromCharCode(code);
    if (stringWidth(char) !== 1) wrong.push(code.toString(16));
    // Nor does it join a neighbour into a cluster of another width.
    if (stringWidth(`a${char}b`) !== 3) wrong.push(`a+${code.toString(16)}+b`);
  }
  expect(wrong).toEqual([]);
});

test("the same width as string-width, fast path or not", () => {
  const samples = [
    "",
    "plain ascii",
    "\x1b[2m│ \x1b[22m\x1b[34mconst\x1b[39m x = 1;",
    "  • item — “quoted” … ⠋ ░░▏",
    "tab\there",
    "emoji 🚀 and ✔️ here",
    "中文字符 mixed",
    "e\u0301 combining",
    "soft\u00adhyphen",
    "zero\u200bwidth",
    "\x1b]8;;https://example.com\x07link\x1b]8;;\x07",
    "‼ double exclamation",
    "◽ geometric",
    "\x1b[31mred\x1b[0m 中",
  ];
  for (const text of samples) {
    expect(textWidth(text), JSON.stringify(text)).toBe(stringWidth(text));
    const counting = { countAnsiEscapeCodes: true };
    expect(textWidth(text, counting), `counting: ${JSON.stringify(text)}`).toBe(
      stringWidth(text, counting),
    );
  }
  expect(textWidth("中", { ambiguousIsNarrow: false })).toBe(
    stringWidth("中", { ambiguousIsNarrow: false }),
  );
  expect(textWidth("\x1b[31mx", { countAnsiEscapeCodes: true })).toBe(
    stringWidth("\x1b[31mx", { countAnsiEscapeCodes: true }),
  );
});
