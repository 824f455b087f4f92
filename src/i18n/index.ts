import { en } from "./catalogs/en.js";
import { zhCN } from "./catalogs/zh-CN.js";

/** A message of the interface; the English catalog names them all. */
export type MessageKey = keyof typeof en;

/** The languages of the interface, with the name each is shown under (in itself). */
export const LANGUAGES = [
  { code: "en", name: "English" },
  { code: "zh-CN", name: "简体中文" },
] as const;

export type Language = (typeof LANGUAGES)[number]["code"];

const CATALOGS: Record<Language, Partial<Record<MessageKey, string>>> = { en, "zh-CN": zhCN };

let current: Language = "en";

/** Is `value` one of {@link LANGUAGES}' codes? */
export const isLanguage = (value: unknown): value is Language =>
  LANGUAGES.some((l) => l.code === value);

/** Sets the language every later `t()` answers in. */
export function setLanguage(lang: Language): void {
  current = lang;
}

/** The language in use (English unless set). */
export const language = (): Language => current;

/** The display name of a language ("简体中文"). */
export const languageName = (lang: Language): string =>
  LANGUAGES.find((l) => l.code === lang)!.name;

/**
 * The message `key` in the current language (English when that catalog lacks it), with each
 * `{name}` replaced by `params[name]`; a placeholder without a parameter stays as written.
 */
export function t(key: MessageKey, params?: Record<string, string | number>): string {
  const text = CATALOGS[current][key] ?? en[key];
  if (!params) return text;
  return text.replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in params ? String(params[name]) : whole,
  );
}

/**
 * The language to start in: the config's `language` when set, else the locale of the
 * environment (`LC_ALL`, then `LC_MESSAGES`, then `LANG`: `zh_CN…`, `zh_SG…`, `zh-Hans…` are
 * Simplified Chinese), else English.
 */
export function resolveLanguage(
  configured: string | undefined,
  env: Record<string, string | undefined>,
): Language {
  if (isLanguage(configured)) return configured;
  const locale = env.LC_ALL || env.LC_MESSAGES || env.LANG || "";
  return /^zh[-_](CN|SG|Hans)/i.test(locale) ? "zh-CN" : "en";
}

/**
 * A provider's error in the interface's language: its phrase (`provider.<id>`) when the catalog
 * has it, else its English message.
 */
export function errorText(error: {
  message: string;
  phrase?: { id: string; values: Record<string, string | number> };
}): string {
  const key = error.phrase && `provider.${error.phrase.id}`;
  return key && key in en ? t(key as MessageKey, error.phrase!.values) : error.message;
}
