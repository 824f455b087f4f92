// colorCode must colour exactly as cli-highlight does (it only skips cli-highlight's HTML round
// trip): same bytes for code in many languages, with HTML-special characters, sub-languages
// (HTML with script and style), unknown languages (auto-detection), on both palettes.
import * as cliHighlight from "cli-highlight";
import hljs from "highlight.js";
import { afterAll, expect, test } from "vitest";
import { setTheme, theme } from "../screen/theme.js";
import { colorCode, GUESSED_LANGUAGES, type CodeColorApis } from "./code-colors.js";
import {
  highlightCode,
  highlighterReady,
  lightCodeTheme,
  preloadHighlighter,
} from "./highlight.js";

afterAll(() => void setTheme(false));

const apis: CodeColorApis = {
  hljs: hljs as unknown as CodeColorApis["hljs"],
  defaults: cliHighlight.DEFAULT_THEME as CodeColorApis["defaults"],
  plain: cliHighlight.plain,
};

const samples: Array<[string | undefined, string]> = [
  ["typescript", 'export const a = <T,>(x: T): T => x; // <b>&amp;</b>\nclass B extends C<"q"> {}'],
  [
    "python",
    'def f(x: int) -> str:\n    """Doc & <tag>"""\n    return f"{x!r}" if x > 0 else \'\'',
  ],
  ["rust", 'fn main() { let s: &str = "a<b>"; println!("{}", s); } // \'a lifetime'],
  ["bash", '#!/bin/sh\nfor f in *.ts; do echo "$f" > /dev/null 2>&1 && x=$((1<2)); done'],
  ["json", '{ "a": [1, 2.5e3, true, null], "b": "<&>\\"" }'],
  [
    "xml",
    '<div class="x">&amp; <script>let a = 1 < 2;</script><style>a { color: red; }</style></div>',
  ],
  ["markdown", "# T\n\n```js\nconst x = 1;\n```\n\n*em* `c`"],
  ["diff", "--- a\n+++ b\n@@ -1 +1 @@\n-old\n+new"],
  ["sql", "SELECT * FROM t WHERE a < 3 AND b = 'x&y';"],
  ["go", 'package main\nfunc main() { fmt.Println("hi") }'],
  [undefined, "const a = 1;\nfunction b() { return a < 2; }"],
  [undefined, "plain words & <angles> only"],
  ["typescript", "  unfinished `template ${"],
  ["typescript", ""],
];

for (const palette of ["dark", "light"] as const) {
  test(`highlightCode gives cli-highlight's bytes, ${palette} background`, async () => {
    setTheme(true, palette);
    if (!highlighterReady()) await new Promise<void>((resolve) => preloadHighlighter(resolve));
    const themeOption = palette === "light" ? { theme: lightCodeTheme(theme()) } : {};
    for (const [language, code] of samples) {
      const expected = cliHighlight.highlight(code, {
        ignoreIllegals: true,
        ...themeOption,
        ...(language ? { language } : { languageSubset: GUESSED_LANGUAGES }),
      });
      expect(highlightCode(code, language), `${language}: ${code}`).toBe(expected);
    }
  });
}

test("colorCode with a theme that styles plain text too", () => {
  setTheme(true, "dark");
  const styles = styledTheme();
  for (const [language, code] of samples) {
    const expected = cliHighlight.highlight(code, {
      ignoreIllegals: true,
      theme: styles,
      ...(language ? { language } : { languageSubset: GUESSED_LANGUAGES }),
    });
    expect(colorCode(apis, code, language, styles), `${language}: ${code}`).toBe(expected);
  }
});

/** A theme with real styles (not identity), to catch any style applied to the wrong text. */
function styledTheme(): Record<string, (s: string) => string> {
  const { paint } = theme();
  return {
    keyword: paint.hex("#cf222e"),
    string: paint.hex("#0a3069"),
    comment: paint.hex("#6e7781"),
    number: paint.hex("#0550ae"),
    tag: paint.hex("#116329"),
    meta: paint.hex("#6e7781"),
    default: paint.underline,
  };
}
