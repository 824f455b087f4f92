import { theme } from "../theme.js";

type Highlighter = (code: string, language: string | undefined) => string;

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
  loading ??= import("cli-highlight")
    .then((mod) => {
      const api =
        typeof mod.highlight === "function"
          ? mod
          : (mod as unknown as { default: typeof mod }).default;
      highlighter = (code, language) =>
        api.highlight(code, {
          ignoreIllegals: true,
          ...(language && api.supportsLanguage(language) ? { language } : {}),
        });
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
