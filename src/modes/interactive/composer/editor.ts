import { mentionSpans, spanInside } from "./mention-spans.js";

/**
 * The composer's text buffer as pure functions: every edit returns a new state. `cursor` is a
 * UTF-16 index into `text` that always sits on a grapheme boundary (emoji and CJK move as one).
 * `mentions` are the paths chosen in the `@` picker: each `@path` token of them moves and
 * deletes as one unit (see mention-spans.ts).
 */
export interface EditorState {
  readonly text: string;
  readonly cursor: number;
  readonly mentions?: readonly string[];
  /**
   * Labels that stand for something else until sent (`[Image #1 shot.png 48 KB]`, a collapsed
   * paste): each moves and deletes as one unit, like a chosen mention.
   */
  readonly chips?: readonly string[];
}

export const emptyEditor: EditorState = { text: "", cursor: 0 };

const segmenter = new Intl.Segmenter(undefined, { granularity: "grapheme" });

/** Index of the grapheme boundary before `index` (0 at the start). */
function prevBoundary(text: string, index: number): number {
  if (index <= 0) return 0;
  let last = 0;
  for (const { index: i } of segmenter.segment(text.slice(0, index))) last = i;
  return last;
}

/** Index of the grapheme boundary after `index` (`text.length` at the end). */
function nextBoundary(text: string, index: number): number {
  if (index >= text.length) return text.length;
  const first = segmenter.segment(text.slice(index))[Symbol.iterator]().next().value;
  return index + (first?.segment.length ?? 1);
}

const isWord = (ch: string | undefined) => ch !== undefined && /[\p{L}\p{N}_]/u.test(ch);

function wordLeftIndex(text: string, cursor: number): number {
  let i = cursor;
  while (i > 0 && !isWord(text[i - 1])) i--;
  while (i > 0 && isWord(text[i - 1])) i--;
  return i;
}

function wordRightIndex(text: string, cursor: number): number {
  let i = cursor;
  while (i < text.length && !isWord(text[i])) i++;
  while (i < text.length && isWord(text[i])) i++;
  return i;
}

const lineStartIndex = (text: string, cursor: number) => text.lastIndexOf("\n", cursor - 1) + 1;
const lineEndIndex = (text: string, cursor: number) => {
  const end = text.indexOf("\n", cursor);
  return end === -1 ? text.length : end;
};

const splice = (s: EditorState, from: number, to: number, insert = ""): EditorState => ({
  ...s,
  text: s.text.slice(0, from) + insert + s.text.slice(to),
  cursor: from + insert.length,
});

/** Where each chip label stands in `text`. */
function chipSpans(text: string, chips: readonly string[] | undefined) {
  const spans: { start: number; end: number; path: string }[] = [];
  for (const chip of chips ?? []) {
    for (let from = text.indexOf(chip); from !== -1; from = text.indexOf(chip, from + 1))
      spans.push({ start: from, end: from + chip.length, path: chip });
  }
  return spans;
}

/** Mention tokens and chips: the units that move and delete whole. */
const unitSpans = (s: EditorState) => [
  ...mentionSpans(s.text, s.mentions),
  ...chipSpans(s.text, s.chips),
];

/** The mention token or chip ending at (`before`) or starting at the cursor. */
const tokenAt = (s: EditorState, side: "before" | "after") =>
  unitSpans(s).find((m) =>
    side === "before"
      ? s.cursor > m.start && s.cursor <= m.end
      : s.cursor >= m.start && s.cursor < m.end,
  );

/** Replaces `[from, to)` with `text`, keeping the chosen mentions (the `@` picker's choice). */
export const replaceRange = (
  s: EditorState,
  from: number,
  to: number,
  text: string,
  mention?: string,
) => ({
  ...splice(s, from, to, text),
  ...(mention ? { mentions: [...new Set([...(s.mentions ?? []), mention])] } : {}),
});

export const insert = (s: EditorState, text: string) => {
  const inside = spanInside(unitSpans(s), s.cursor);
  const at = inside ? inside.end : s.cursor;
  return splice(s, at, at, text);
};
export const backspace = (s: EditorState) => {
  const token = tokenAt(s, "before");
  return token
    ? splice(s, token.start, Math.max(token.end, s.cursor))
    : splice(s, prevBoundary(s.text, s.cursor), s.cursor);
};
export const deleteForward = (s: EditorState) => {
  const token = tokenAt(s, "after");
  return token
    ? splice(s, token.start, token.end)
    : splice(s, s.cursor, nextBoundary(s.text, s.cursor));
};
export const left = (s: EditorState) => ({
  ...s,
  cursor: tokenAt(s, "before")?.start ?? prevBoundary(s.text, s.cursor),
});
export const right = (s: EditorState) => ({
  ...s,
  cursor: tokenAt(s, "after")?.end ?? nextBoundary(s.text, s.cursor),
});
export const wordLeft = (s: EditorState) => ({ ...s, cursor: wordLeftIndex(s.text, s.cursor) });
export const wordRight = (s: EditorState) => ({ ...s, cursor: wordRightIndex(s.text, s.cursor) });
export const lineStart = (s: EditorState) => ({ ...s, cursor: lineStartIndex(s.text, s.cursor) });
export const lineEnd = (s: EditorState) => ({ ...s, cursor: lineEndIndex(s.text, s.cursor) });
export const deleteWordBack = (s: EditorState) =>
  splice(s, wordLeftIndex(s.text, s.cursor), s.cursor);
export const deleteWordForward = (s: EditorState) =>
  splice(s, s.cursor, wordRightIndex(s.text, s.cursor));

/** Ctrl+K: to the end of the line; at a line's end, joins the next line. */
export function killToEnd(s: EditorState): EditorState {
  const end = lineEndIndex(s.text, s.cursor);
  return splice(s, s.cursor, end === s.cursor ? Math.min(end + 1, s.text.length) : end);
}

/** Ctrl+U: to the start of the line. */
export const killToStart = (s: EditorState) =>
  splice(s, lineStartIndex(s.text, s.cursor), s.cursor);

/**
 * ↑/↓ inside multi-line text: the same column on the line above/below, or `undefined` on the
 * first/last line (the caller then walks the history).
 */
export function verticalMove(s: EditorState, direction: -1 | 1): EditorState | undefined {
  const start = lineStartIndex(s.text, s.cursor);
  const column = s.cursor - start;
  if (direction === -1) {
    if (start === 0) return undefined;
    const prevStart = lineStartIndex(s.text, start - 1);
    return { ...s, cursor: Math.min(prevStart + column, start - 1) };
  }
  const end = lineEndIndex(s.text, s.cursor);
  if (end === s.text.length) return undefined;
  const nextEnd = lineEndIndex(s.text, end + 1);
  return { ...s, cursor: Math.min(end + 1 + column, nextEnd) };
}

/** `text` inserted at the cursor as a chip (see `EditorState.chips`). */
export const insertChip = (s: EditorState, chip: string): EditorState => {
  const next = insert(s, chip);
  return { ...next, chips: [...new Set([...(s.chips ?? []), chip])] };
};

/** A whole new text with the cursor at its end (history recall, restoring a queue). */
export const replaceText = (text: string): EditorState => ({ text, cursor: text.length });
