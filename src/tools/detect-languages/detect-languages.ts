import { stat } from "node:fs/promises";
import { join, posix } from "node:path";
import { defineTool } from "../../agent/tool.js";
import type { Workspace } from "../../workspace/index.js";
import { formatSize } from "../../workspace/index.js";
import description from "./description.md";
import { languageOf, type LanguageKind } from "./languages.js";

/** Files looked at, at most. */
export const MAX_FILES_MEASURED = 100_000;
/** Programming languages listed; the rest are summed as "other". */
export const TOP_LANGUAGES = 10;
const STAT_CONCURRENCY = 32;

/** For renderers: every language seen, biggest first. */
export interface LanguageShare {
  name: string;
  kind: LanguageKind;
  bytes: number;
  files: number;
  /** Share of the bytes of code (code languages only), 0–100. */
  percent?: number;
}

export interface DetectLanguagesDetails {
  languages: LanguageShare[];
  /** Files with no known language. */
  unrecognized: number;
  /** Stopped after `MAX_FILES_MEASURED` files. */
  scanCut: boolean;
}

/**
 * `detect_languages`: bytes and files per language over the walk (ignore rules honoured), at most
 * 100,000 files measured; percentages over code only.
 */
export function createDetectLanguagesTool(ws: Workspace) {
  return defineTool({
    name: "detect_languages",
    kind: "read",
    description,
    schema: (z) => z.object({}),
    async execute(_args, ctx) {
      const totals = new Map<string, LanguageShare>();
      let unrecognized = 0;
      let seen = 0;
      let scanCut = false;
      const files = ws.walk({ signal: ctx.signal });
      const worker = async () => {
        for (;;) {
          const next = await files.next();
          if (next.done) return;
          if (++seen > MAX_FILES_MEASURED) {
            scanCut = true;
            return;
          }
          const language = languageOf(posix.basename(next.value));
          if (!language) {
            unrecognized++;
            continue;
          }
          const size = await stat(join(ws.root, next.value)).then(
            (s) => s.size,
            () => 0,
          );
          const share = totals.get(language.name) ?? { ...language, bytes: 0, files: 0 };
          share.bytes += size;
          share.files++;
          totals.set(language.name, share);
        }
      };
      await Promise.all(Array.from({ length: STAT_CONCURRENCY }, worker));
      if (scanCut) await files.return(undefined);
      const languages = [...totals.values()].sort((a, b) => b.bytes - a.bytes);
      const codeBytes = languages.filter((l) => l.kind === "code").reduce((n, l) => n + l.bytes, 0);
      for (const l of languages) {
        if (l.kind === "code") l.percent = codeBytes === 0 ? 0 : (100 * l.bytes) / codeBytes;
      }
      const details: DetectLanguagesDetails = { languages, unrecognized, scanCut };
      return { content: render(details, codeBytes), details, truncated: scanCut };
    },
  });
}

function render({ languages, unrecognized, scanCut }: DetectLanguagesDetails, codeBytes: number) {
  const code = languages.filter((l) => l.kind === "code");
  const other = languages.filter((l) => l.kind !== "code");
  const lines: string[] = [];
  if (code.length === 0) {
    lines.push("No source code in a known programming language.");
  } else {
    const files = code.reduce((n, l) => n + l.files, 0);
    lines.push(`Code: ${formatSize(codeBytes)} in ${files} file${files === 1 ? "" : "s"}`);
    const top = code.slice(0, TOP_LANGUAGES);
    const width = Math.max(...top.map((l) => l.name.length));
    for (const l of top) {
      const percent = `${(l.percent ?? 0).toFixed(1)}%`.padStart(6);
      lines.push(
        `${l.name.padEnd(width)} ${percent}  ${formatSize(l.bytes)}, ${l.files} file${l.files === 1 ? "" : "s"}`,
      );
    }
    const rest = code.slice(TOP_LANGUAGES);
    if (rest.length > 0) {
      const bytes = rest.reduce((n, l) => n + l.bytes, 0);
      lines.push(`${rest.length} other languages: ${formatSize(bytes)}`);
    }
  }
  if (other.length > 0) {
    const listed = other.map((l) => `${l.name} ${formatSize(l.bytes)} (${l.files})`).join(", ");
    lines.push(`Data and prose: ${listed}`);
  }
  if (unrecognized > 0) lines.push(`${unrecognized} files of other types not counted.`);
  if (scanCut) lines.push(`Stopped after measuring ${MAX_FILES_MEASURED} files.`);
  return lines.join("\n");
}
