/**
 * Finds English that leaked into a screen meant to be in Simplified Chinese. The phrases come
 * from the English catalog itself: every value is cut at its `{placeholders}` and punctuation,
 * and each piece of two words or more that no translated Chinese value also contains (a command,
 * a file name) is a phrase that must not show. A few fixed words complete the list (single words the
 * catalog holds only inside longer phrases, and words of today's screens).
 *
 * ```ts
 * expect(englishLeaks(term.all())).toEqual([]);
 * ```
 */
import { en } from "../../src/i18n/catalogs/en.js";
import { zhCN } from "../../src/i18n/catalogs/zh-CN.js";

/** Single English words no zh-CN screen shows (matched as whole words, case-sensitive). */
const FIXED_WORDS = [
  "Working",
  "Thinking",
  "tokens",
  "Compacting",
  "Compacted",
  "Resumed",
  "Undid",
  "Reading",
  "Running",
  "Ran",
  "Editing",
  "Edited",
  "Writing",
  "Searching",
  "Listing",
  "Finding",
  "Asking",
  "Rejected",
  "Denied",
  "Refused",
  "Cancelled",
  "Created",
  "Question",
  "Answer",
  "Plan",
  "queued",
  "lines",
  "files",
  "matches",
  "entries",
  "steps",
  "context",
  "session",
  "sandboxed",
  "accept",
  "reject",
  "deny",
  "you",
  "Total",
  "Summary",
  "Conversation",
  "Saved",
  "Note",
];

/** Phrases fixed in code rather than the catalog, that must not show either. */
const FIXED_PHRASES = ["Esc to interrupt", "Keyboard shortcuts", "Welcome to North"];

let cached: string[] | undefined;

/** The English phrases of the catalog (see the file's comment), longest first. */
function englishPhrases(): string[] {
  if (cached) return cached;
  // Only translated values (with Chinese in them) vouch for a piece: a value left in English
  // must not hide its own words.
  const chinese = Object.values(zhCN)
    .filter((value) => /[\u4e00-\u9fff]/.test(value ?? ""))
    .join("\n");
  const phrases = new Set<string>(FIXED_PHRASES);
  for (const value of Object.values(en)) {
    for (const piece of value.split(/\{\w+\}|[.,;:·—–()[\]“”"'‘’?!…\n<>|/`]+/)) {
      const phrase = piece.replace(/\s+/g, " ").trim();
      const words = phrase.match(/[A-Za-z]{2,}/g) ?? [];
      if (words.length < 2 || !/[a-z]{2}/.test(phrase)) continue;
      if (chinese.includes(phrase)) continue;
      phrases.add(phrase);
    }
  }
  cached = [...phrases].sort((a, b) => b.length - a.length);
  return cached;
}

/**
 * The English phrases and fixed words found in `screen` (its lines joined with spaces, so a
 * phrase wrapped at a space is still found); empty when the screen is all translated.
 */
export function englishLeaks(screen: string): string[] {
  // Commands and flags as typed (`/context`, `--keep-last`) are names, not English.
  const text = screen.replace(/(^|\s)(\/|--)[a-z][\w:-]*/g, "$1").replace(/\s+/g, " ");
  const found = englishPhrases().filter((phrase) => wordsIn(text, phrase));
  const words = FIXED_WORDS.filter((word) => wordsIn(text, word));
  return [...found, ...words];
}

/** Whether `phrase` occurs in `text` as whole words. */
function wordsIn(text: string, phrase: string): boolean {
  const escaped = phrase.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return new RegExp(`(?<![A-Za-z])${escaped}(?![A-Za-z])`).test(text);
}
