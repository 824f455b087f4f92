import { theme, type Theme } from "../screen/theme.js";
import { colorCode, GUESSED_LANGUAGES, type CodeColorApis } from "./code-colors.js";

type Highlighter = (code: string, language: string | undefined) => string;
type CodeTheme = Record<string, (text: string) => string>;

/**
 * Token colours on a light background (cli-highlight's own theme, used on dark ones, has yellow
 * and cyan that vanish on white).
 */
const LIGHT_CODE: Readonly<Record<string, string>> = {
  keyword: "#cf222e",
  built_in: "#8250df",
  type: "#8250df",
  literal: "#0550ae",
  number: "#0550ae",
  regexp: "#0a3069",
  string: "#0a3069",
  class: "#953800",
  function: "#8250df",
  comment: "#6e7781",
  doctag: "#6e7781",
  meta: "#6e7781",
  tag: "#116329",
  name: "#116329",
  attr: "#0550ae",
  addition: "#116329",
  deletion: "#82071e",
};

let lightCode: { for: Theme; styles: CodeTheme } | undefined;

/** The light token colours with the theme's chalk (built once per theme). */
export function lightCodeTheme(current: Theme): CodeTheme {
  if (lightCode?.for !== current) {
    const styles: CodeTheme = {};
    for (const [token, hex] of Object.entries(LIGHT_CODE)) styles[token] = current.paint.hex(hex);
    styles.emphasis = current.paint.italic;
    styles.strong = current.paint.bold;
    styles.link = current.paint.underline;
    lightCode = { for: current, styles };
  }
  return lightCode.styles;
}

let highlighter: Highlighter | undefined;
let loading: Promise<void> | undefined;
const waiting = new Set<() => void>();

/** Whether code can be coloured now: the highlighter has loaded, or colour is off. */
export const highlighterReady = () => !theme().color || highlighter !== undefined;

/**
 * Starts importing cli-highlight (about 90 ms) once the session is open or the first time a
 * code block shows up, so that start-up never pays for it. `onReady` runs once it is loaded
 * (not when colour is off).
 */
export function preloadHighlighter(onReady?: () => void): void {
  if (!theme().color || highlighter) return;
  if (onReady) waiting.add(onReady);
  loading ??= Promise.all([import("cli-highlight"), import("highlight.js")])
    .then(([mod, hljsMod]) => {
      const api =
        typeof mod.highlight === "function"
          ? mod
          : (mod as unknown as { default: typeof mod }).default;
      const hljs = (hljsMod as { default?: unknown }).default ?? hljsMod;
      const apis = {
        hljs: hljs as CodeColorApis["hljs"],
        defaults: api.DEFAULT_THEME as CodeColorApis["defaults"],
        plain: api.plain,
      };
      highlighter = (code, language) => {
        const styles = theme().name === "light" ? lightCodeTheme(theme()) : undefined;
        const known = language && api.supportsLanguage(language) ? language : undefined;
        // The same colours as cli-highlight's, in half the time (code-colors.ts).
        return (
          colorCode(apis, code, known, styles) ??
          api.highlight(code, {
            ignoreIllegals: true,
            ...(styles ? { theme: styles } : {}),
            ...(known ? { language: known } : { languageSubset: GUESSED_LANGUAGES }),
          })
        );
      };
      for (const notify of waiting) notify();
      waiting.clear();
    })
    .catch(() => undefined);
}

/** The code with ANSI colours, or `undefined` while cli-highlight is not loaded or colour is off. */
export function highlightCode(code: string, language: string | undefined): string | undefined {
  if (!theme().color || !highlighter) return undefined;
  try {
    return highlighter(code, language);
  } catch {
    return undefined;
  }
}

/** Whether text holds the start of a fenced code block (a cue to preload the highlighter). */
export const mentionsCode = (text: string) => text.includes("```") || text.includes("~~~");
