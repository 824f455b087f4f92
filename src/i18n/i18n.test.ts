import { afterEach, describe, expect, it } from "vitest";
import { en } from "./catalogs/en.js";
import { zhCN } from "./catalogs/zh-CN.js";
import { LANGUAGES, language, resolveLanguage, setLanguage, t, type MessageKey } from "./index.js";

afterEach(() => setLanguage("en"));

describe("the catalogs", () => {
  it("translate every English key into Simplified Chinese", () => {
    const missing = Object.keys(en).filter((key) => !zhCN[key as MessageKey]?.trim());
    expect(missing).toEqual([]);
  });

  it("keep every placeholder of the English text", () => {
    const names = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
    for (const [key, text] of Object.entries(en))
      expect(names(zhCN[key as MessageKey] ?? text), key).toEqual(names(text));
  });

  it("name the two languages in themselves", () => {
    expect(LANGUAGES.map((l) => `${l.code}:${l.name}`)).toEqual(["en:English", "zh-CN:简体中文"]);
  });
});

describe("t()", () => {
  it("answers in English by default and in the language set", () => {
    expect(language()).toBe("en");
    expect(t("review.proposedPlan")).toBe("Proposed plan");
    setLanguage("zh-CN");
    expect(t("review.proposedPlan")).toBe("拟定的计划");
  });

  it("fills in {name} placeholders and leaves unknown ones", () => {
    expect(t("queue.more", { count: 3 })).toBe("…and 3 more");
    expect(t("review.or")).toBe("or {rule}");
    setLanguage("zh-CN");
    expect(t("status.tokens", { count: "1.2k" })).toBe("1.2k 个 token");
  });

  it("falls back to English for a key the catalog lacks", () => {
    setLanguage("zh-CN");
    const saved = zhCN["review.scroll"];
    delete zhCN["review.scroll"];
    try {
      expect(t("review.scroll")).toBe("scroll");
    } finally {
      zhCN["review.scroll"] = saved!;
    }
  });
});

describe("resolveLanguage", () => {
  it("prefers the config, then the locale, then English", () => {
    expect(resolveLanguage("zh-CN", { LANG: "en_US.UTF-8" })).toBe("zh-CN");
    expect(resolveLanguage("en", { LANG: "zh_CN.UTF-8" })).toBe("en");
    expect(resolveLanguage(undefined, { LANG: "zh_CN.UTF-8" })).toBe("zh-CN");
    expect(resolveLanguage(undefined, { LC_ALL: "zh_SG.UTF-8", LANG: "en_US" })).toBe("zh-CN");
    expect(resolveLanguage(undefined, { LANG: "zh-Hans" })).toBe("zh-CN");
    expect(resolveLanguage(undefined, { LANG: "zh_TW.UTF-8" })).toBe("en");
    expect(resolveLanguage(undefined, {})).toBe("en");
  });
});
