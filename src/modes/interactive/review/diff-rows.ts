import type { FileChange } from "../../../agent/tool.js";
import { hue, theme } from "../screen/theme.js";
import { t } from "../../../i18n/index.js";

/** "Edit" while it is proposed, "Edited" once applied. */
export type Tense = "proposed" | "done";

/** "(+3 −1)" for an edit, "(+12)" for a created file. */
export function counts(file: Pick<FileChange, "added" | "removed" | "created">): string {
  return file.created ? `(+${file.added})` : `(+${file.added} −${file.removed})`;
}

/** "Edit src/app.ts (+3 −1)", "Create src/new.ts (+12)", "Edited …" once applied. */
export function fileLabel(file: FileChange, tense: Tense): string {
  const key =
    tense === "done"
      ? file.created
        ? "review.created"
        : "review.edited"
      : file.created
        ? "review.create"
        : "review.edit";
  return t(key, { path: file.path, counts: counts(file) });
}

/** "Edit src/app.ts (+3 −1)" for one file, "Edit 3 files (+40 −12)" for several. */
export function changeLabel(files: readonly FileChange[], tense: Tense): string {
  if (files.length === 1) return fileLabel(files[0]!, tense);
  const added = files.reduce((n, f) => n + f.added, 0);
  const removed = files.reduce((n, f) => n + f.removed, 0);
  const key = tense === "done" ? "review.editedFiles" : "review.editFiles";
  return t(key, { count: files.length, counts: `(+${added} −${removed})` });
}

/** Diff text as a terminal shows it: tabs as spaces, no control characters. */
const clean = (text: string) => text.replace(/\t/g, "  ").replace(/[\x00-\x1f\x7f]/g, "");

const HUNK = /^@@ -(\d+)(?:,\d+)? \+(\d+)(?:,\d+)? @@/;

/**
 * The hunks of one unified diff as coloured rows, one per diff line: the line number (old for
 * a removal, new otherwise), the sign, the text. File headers (`---`/`+++`) are left out; a
 * gap between hunks is a dim `⋮`. Rows are not wrapped: the view truncates each to its width.
 */
export function hunkRows(diff: string): string[] {
  const { paint } = theme();
  const lines = diff.split("\n");
  if (lines.at(-1) === "") lines.pop();
  const parsed: { sign: string; text: string; line: number }[] = [];
  const gaps = new Set<number>();
  let oldLine = 0;
  let newLine = 0;
  for (const line of lines) {
    const hunk = HUNK.exec(line);
    if (hunk) {
      if (parsed.length > 0) gaps.add(parsed.length);
      oldLine = Number(hunk[1]);
      newLine = Number(hunk[2]);
    } else if (line.startsWith("---") || line.startsWith("+++") || line.startsWith("Index:")) {
      continue;
    } else if (line.startsWith("=")) {
      continue;
    } else if (line.startsWith("+")) {
      parsed.push({ sign: "+", text: line.slice(1), line: newLine++ });
    } else if (line.startsWith("-")) {
      parsed.push({ sign: "-", text: line.slice(1), line: oldLine++ });
    } else if (line.startsWith("\\")) {
      parsed.push({ sign: "\\", text: line.slice(2), line: 0 });
    } else {
      parsed.push({ sign: " ", text: line.slice(1), line: newLine++ });
      oldLine++;
    }
  }
  const digits = String(Math.max(1, ...parsed.map((p) => p.line))).length;
  const rows: string[] = [];
  parsed.forEach((p, i) => {
    if (gaps.has(i)) rows.push(paint.dim(`${" ".repeat(digits)} ⋮`));
    const number = paint.dim(p.line > 0 ? String(p.line).padStart(digits) : " ".repeat(digits));
    const text = clean(p.text);
    if (p.sign === "+") rows.push(`${number} ${hue("diffAdded")(`+ ${text}`)}`);
    else if (p.sign === "-") rows.push(`${number} ${hue("diffRemoved")(`- ${text}`)}`);
    else if (p.sign === "\\") rows.push(`${number} ${paint.dim(`  ${text}`)}`);
    else rows.push(`${number}   ${text}`);
  });
  return rows;
}

/**
 * The rows of every file of an edit: with `fileHeaders`, each file starts with its bold label
 * ("Edit src/a.ts (+3 −1)"); a file without a textual diff (binary) says so.
 */
export function diffRows(
  files: readonly FileChange[],
  { fileHeaders, tense }: { fileHeaders: boolean; tense: Tense },
): string[] {
  const { paint } = theme();
  const rows: string[] = [];
  for (const file of files) {
    if (fileHeaders) rows.push(paint.bold(fileLabel(file, tense)));
    const body = file.diff ? hunkRows(file.diff) : [];
    rows.push(...(body.length > 0 ? body : [paint.dim(t("review.noText"))]));
  }
  return rows;
}
