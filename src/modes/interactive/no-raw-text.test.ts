import { readFileSync, readdirSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";

/** Words a `<Text>` may hold as written: names, not English. */
const ALLOWED = new Set(["North"]);

const here = import.meta.dirname;

function tsxFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return tsxFiles(path);
    return entry.name.endsWith(".tsx") && !entry.name.includes(".test.") ? [path] : [];
  });
}

/** English words of a piece of text, less names and CONSTANT_NAMES (an environment variable). */
const words = (text: string) =>
  (text.match(/[A-Za-z_]{2,}/g) ?? []).filter((w) => !ALLOWED.has(w) && !/^[A-Z_]+$/.test(w));

/** A `<Text>`'s children split into the text between `{…}` and the top-level `{…}` expressions. */
function split(children: string): { text: string; expressions: string[] } {
  let text = "";
  const expressions: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < children.length; i++) {
    const c = children[i]!;
    if (c === "{") {
      if (depth === 0) start = i + 1;
      depth++;
    } else if (c === "}" && depth > 0) {
      depth--;
      if (depth === 0) expressions.push(children.slice(start, i).trim());
    } else if (depth === 0) text += c;
  }
  return { text: text.replace(/<[^>]*>/g, " "), expressions };
}

/**
 * The English a `<Text>`'s children hold as written rather than from `t()`: JSX text between
 * the tags, and a string or template literal given whole as a child (`{" words"}`,
 * `` {`… ${n} lines`} ``; the `${…}` parts are code, left out). Symbols and punctuation pass.
 */
export function rawEnglish(source: string): string[] {
  const found: string[] = [];
  for (const match of source.matchAll(/<Text\b[^>]*>([\s\S]*?)<\/Text>/g)) {
    const { text, expressions } = split(match[1]!);
    if (words(text).length > 0) found.push(text.trim());
    for (const expression of expressions) {
      if (!/^("(?:[^"\\]|\\.)*"|`(?:[^`\\]|\\.)*`)$/.test(expression)) continue;
      if (words(expression.slice(1, -1).replace(/\$\{[^}]*\}/g, " ")).length > 0)
        found.push(expression);
    }
  }
  return found;
}

describe("text of the interface", () => {
  it("finds English written into a <Text>, and passes symbols and t()", () => {
    expect(rawEnglish(`<Text dimColor> Compacting the conversation…</Text>`)).toHaveLength(1);
    expect(rawEnglish("<Text>{`… ${n} lines before …`}</Text>")).toHaveLength(1);
    expect(rawEnglish(`<Text>{" more"}</Text>`)).toHaveLength(1);
    expect(rawEnglish(`<Text>{" "}</Text>`)).toEqual([]);
    expect(rawEnglish(`<Text>{list.map((x) => { return x; })} words</Text>`)).toEqual(["words"]);
    expect(rawEnglish(`<Text bold>{t("review.note")}</Text>`)).toEqual([]);
    expect(rawEnglish('<Text>{`  ${t("menu.listing")}`}</Text>')).toEqual([]);
    expect(rawEnglish(`<Text color={c}>{on ? "› " : "  "}</Text>{" "}`)).toEqual([]);
    expect(rawEnglish(`<Text bold>North</Text>`)).toEqual([]);
  });

  it("comes from t() in every component of src/modes/interactive", () => {
    const leaks = tsxFiles(here).flatMap((file) =>
      rawEnglish(readFileSync(file, "utf8")).map((text) => `${relative(here, file)}: ${text}`),
    );
    expect(leaks).toEqual([]);
  });
});
