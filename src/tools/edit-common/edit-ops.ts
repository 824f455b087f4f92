import { ToolError } from "../../agent/tool.js";
import { covers, spansAfterEdit, TextDoc, toLf, type ReadState } from "../../workspace/index.js";
import { describeMiss } from "./near-miss.js";
import type { WorkingFile } from "./working-set.js";

/** Match lines listed when old_string occurs several times. */
const MAX_LISTED_MATCHES = 10;

/**
 * Replaces the one occurrence of `oldString` (LF-normalised; matched against the file's text with
 * its line endings normalised) by `newString`, converted to the file's line ending.
 * @throws ToolError for an empty or unchanged old_string, zero or several matches (with the
 *   near-miss lines or the match lines), and matched lines the model has not read.
 */
export function replaceExact(file: WorkingFile, oldString: string, newString: string): void {
  const doc = requireDoc(file);
  const old = toLf(oldString);
  if (old.length === 0) {
    throw new ToolError(
      "old_string is empty. To add lines use edit_insert_at_line; to write a whole file use edit_create_file.",
    );
  }
  if (old === toLf(newString)) {
    throw new ToolError("old_string and new_string are the same; there is nothing to change.");
  }
  const text = doc.text;
  const matches: number[] = [];
  let count = 0;
  for (let i = text.indexOf(old); i !== -1; i = text.indexOf(old, i + 1)) {
    if (count++ < MAX_LISTED_MATCHES) matches.push(i);
  }
  if (count === 0) throw new ToolError(describeMiss(file.relative, doc.allLines(), old));
  if (count > 1) {
    const at = matches.map((m) => doc.lineAt(m));
    const more = count > MAX_LISTED_MATCHES ? ", …" : "";
    throw new ToolError(
      `old_string occurs ${count} times in ${file.relative} (at lines ${at.join(", ")}${more}). Include more surrounding lines in old_string so that it matches exactly once.`,
    );
  }
  const from = matches[0]!;
  const first = doc.lineAt(from);
  const last = doc.lineAt(from + old.length - 1);
  requireKnown(file, first, last);
  const before = doc.lineCount;
  doc.splice(from, from + old.length, newString);
  const span = last - first + 1;
  noteEdit(file, first, span, span + doc.lineCount - before);
}

/**
 * Inserts `text` as whole lines before 1-based `line`; `line` = line count + 1 appends. A final
 * newline is added to `text` when missing; a file without a final newline keeps having none.
 * @throws ToolError for empty text, a line past the end, and an insertion point not read.
 */
export function insertAtLine(file: WorkingFile, line: number, text: string): void {
  const doc = requireDoc(file);
  if (text.length === 0) throw new ToolError("text is empty; there is nothing to insert.");
  const count = doc.lineCount;
  if (line > count + 1) {
    throw new ToolError(
      `line ${line} is past the end of ${file.relative} (${count} lines); use line=${count + 1} to append.`,
    );
  }
  const next = line <= count && covers(state(file), line, line);
  const previous = line > 1 && covers(state(file), line - 1, line - 1);
  if (!file.known.whole && !next && !previous) {
    const near = line > count ? `line ${count}` : `line ${line}`;
    throw new ToolError(
      `You have not read the lines around line ${line} of ${file.relative}. Read ${near} (and its neighbours) with read_file first, then insert.`,
    );
  }
  let insert = toLf(text);
  if (!insert.endsWith("\n")) insert += "\n";
  const atEnd = line === count + 1;
  if (atEnd && count > 0 && !doc.text.endsWith("\n")) insert = `\n${insert}`;
  const offset = doc.lineStart(line);
  doc.splice(offset, offset, insert);
  noteEdit(file, line, 0, doc.lineCount - count);
}

/** Sets the whole content of a file (creating it when it does not exist). */
export function createFile(file: WorkingFile, content: string): void {
  if (file.doc) file.doc.replaceAll(content);
  else file.doc = TextDoc.fromModel(content);
  const lines = file.doc.lineCount;
  file.known = { whole: true, spans: lines > 0 ? [[1, lines]] : [] };
  file.lastSpan = lines > 0 ? [1, lines] : null;
}

function requireDoc(file: WorkingFile): TextDoc {
  if (!file.doc) {
    throw new ToolError(
      `File not found: ${file.relative}. Use edit_create_file to create it first.`,
    );
  }
  return file.doc;
}

function state(file: WorkingFile): ReadState {
  return { size: 0, mtimeMs: 0, hash: "", ...file.known };
}

function requireKnown(file: WorkingFile, first: number, last: number): void {
  if (covers(state(file), first, last)) return;
  const read = file.known.spans.map(([a, b]) => (a === b ? `${a}` : `${a}-${b}`)).join(", ");
  const lines = first === last ? `line ${first}` : `lines ${first}-${last}`;
  throw new ToolError(
    `old_string matches ${lines} of ${file.relative}, which you have not read (read so far: ${read || "none"}). Call read_file with start_line=${first} and end_line=${last} first.`,
  );
}

function noteEdit(file: WorkingFile, start: number, removed: number, added: number): void {
  file.known.spans = spansAfterEdit(file.known.spans, { start, removed, added });
  file.lastSpan = added > 0 ? [start, start + added - 1] : null;
}
