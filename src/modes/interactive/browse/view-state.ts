import { stripVTControlCharacters } from "node:util";
import stringWidth from "string-width";
import { language, t } from "../../../i18n/index.js";
import { answerStart, collapsible, openByDefault, type Group, type GroupItem } from "./groups.js";
import { clipCells } from "../components/cells.js";

/**
 * Browse mode's view of the groups, pure: which groups and items are open, the cursor, the
 * scroll position and the search. Lines of items come from the renderer (`LinesOf`), so this
 * module decides only what is shown where.
 */

/** An item's lines as drawn (ANSI allowed): `head` always shows, `body` only when it is open. */
export interface ItemLines {
  head: string[];
  body: string[];
}

export type LinesOf = (item: GroupItem) => ItemLines;

/** One row of the browse document. */
export interface Row {
  /** What is drawn (ANSI allowed), after the cursor column. */
  text: string;
  group: string;
  /** The item the row belongs to; none for a group's header. */
  item?: string;
  /** Index in the item's head + body; -1 for a group's header. */
  line: number;
  /** The cursor can stop here: `g:<group>` (a header) or `i:<item>` (a foldable item). */
  target?: string;
}

export interface Match {
  group: string;
  item: string;
  line: number;
}

export interface BrowseView {
  /** The target under the cursor. */
  cursor?: string;
  /** First row shown. */
  top: number;
  /** The view sticks to the end (new lines of a streaming answer scroll into view). */
  follow: boolean;
  /** Open (true) or folded (false) by the person, by target; others take their default. */
  open: ReadonlyMap<string, boolean>;
  /** The query being typed after `/`. */
  typing?: string;
  /** The last search: its matches and the one shown. */
  search?: { query: string; matches: Match[]; index: number };
}

export const initialView = (groups: readonly Group[]): BrowseView => ({
  ...(groups.length > 0 ? { cursor: `g:${groups.at(-1)!.key}` } : {}),
  top: 0,
  follow: true,
  open: new Map(),
});

/**
 * `text` on one line, for a header `width` cells wide: only its start is looked at (a streaming
 * answer's text may be megabytes, and headers are drawn on every frame).
 */
const flat = (text: string, width: number) =>
  stripVTControlCharacters(text.slice(0, 4 * width + 256))
    .replace(/\s+/g, " ")
    .trim();

export function groupOpen(view: BrowseView, group: Group, last: boolean): boolean {
  return view.open.get(`g:${group.key}`) ?? openByDefault({ group, last });
}

export function itemOpen(view: BrowseView, item: GroupItem): boolean {
  return view.open.get(`i:${item.key}`) ?? openByDefault({ item });
}

/** Non-blank lines of an item's lines (counted once per `ItemLines`: settled ones are cached). */
const counted = new WeakMap<ItemLines, number>();
function nonBlank(lines: ItemLines): number {
  let n = counted.get(lines);
  if (n === undefined) {
    n = 0;
    for (const line of [...lines.head, ...lines.body]) if (/\S/.test(line)) n++;
    counted.set(lines, n);
  }
  return n;
}

/** Lines a group holds, blank ones not counted (every item open). */
function groupLines(group: Group, linesOf: LinesOf): number {
  let n = 0;
  for (const item of group.items) n += nonBlank(linesOf(item));
  return n;
}

/**
 * Headers made so far, by group: a streaming frame lays out every group again, and the headers of
 * settled ones are the same (checked against the very strings they were made from).
 */
const headers = new Map<string, { made: unknown[]; text: string }>();
const HEADERS_KEPT = 5_000;

/** `▶ question → answer (N lines)` folded, `▼ question` open, fitted to `width` cells. */
export function groupHeader(group: Group, open: boolean, width: number, lines: number): string {
  const answerText = open ? "" : answerStart(group);
  const made = [group.question, answerText, open, width, lines, language()];
  const hit = headers.get(group.key);
  if (hit && hit.made.every((value, i) => value === made[i])) return hit.text;
  const text = makeHeader(group.question, answerText, open, width, lines);
  if (headers.size >= HEADERS_KEPT) headers.clear();
  headers.set(group.key, { made, text });
  return text;
}

function makeHeader(
  questionText: string,
  answerText: string,
  open: boolean,
  width: number,
  lines: number,
): string {
  const question = flat(questionText, width) || t("browse.sessionStart");
  if (open) return clipCells(`▼ ${question}`, width);
  const count = ` ${lines === 1 ? t("browse.line") : t("browse.lines", { count: String(lines) })}`;
  const answer = flat(answerText, width);
  const room = width - 2 - stringWidth(count);
  const qRoom = answer ? Math.max(10, Math.floor(room * 0.45)) : room;
  const q = clipCells(question, qRoom);
  const a = answer ? ` → ${clipCells(answer, room - stringWidth(q) - 3)}` : "";
  return `▶ ${q}${a}${count}`;
}

/** The rows of the whole document: headers, and the items of open groups. */
export function layout(
  groups: readonly Group[],
  view: BrowseView,
  linesOf: LinesOf,
  width: number,
): Row[] {
  const rows: Row[] = [];
  groups.forEach((group, g) => {
    const open = groupOpen(view, group, g === groups.length - 1);
    const header = groupHeader(group, open, width, open ? 0 : groupLines(group, linesOf));
    rows.push({ text: header, group: group.key, line: -1, target: `g:${group.key}` });
    if (!open) return;
    for (const item of group.items) {
      const lines = linesOf(item);
      const folds = collapsible(item);
      const shown = !folds || itemOpen(view, item) ? [...lines.head, ...lines.body] : lines.head;
      shown.forEach((text, line) => {
        const marker = folds && line === 0 ? (itemOpen(view, item) ? "▼ " : "▶ ") : "  ";
        rows.push({
          text: marker + text,
          group: group.key,
          item: item.key,
          line,
          ...(folds && line === 0 ? { target: `i:${item.key}` } : {}),
        });
      });
    }
  });
  return rows;
}

const clampTop = (top: number, rows: number, height: number) =>
  Math.max(0, Math.min(top, rows - height));

/** The first row shown, once `follow` and the document's length are taken into account. */
export const shownTop = (view: BrowseView, rows: number, height: number) =>
  view.follow ? Math.max(0, rows - height) : clampTop(view.top, rows, height);

/** The index of the cursor's row, or -1. */
export const cursorRow = (view: BrowseView, rows: readonly Row[]) =>
  view.cursor === undefined ? -1 : rows.findIndex((r) => r.target === view.cursor);

/** Scrolls so that row `index` is in view (it stays where it is when it already shows). */
function reveal(view: BrowseView, rows: readonly Row[], index: number, height: number) {
  const top = shownTop(view, rows.length, height);
  let next = top;
  if (index < top) next = index;
  else if (index >= top + height) next = index - height + 1;
  next = clampTop(next, rows.length, height);
  return { ...view, top: next, follow: next >= rows.length - height };
}

/** ↑/↓: the cursor to the previous or next group header or foldable item. */
export function moveCursor(
  view: BrowseView,
  rows: readonly Row[],
  delta: 1 | -1,
  height: number,
): BrowseView {
  const targets = rows.flatMap((r, i) => (r.target ? [i] : []));
  if (targets.length === 0) return view;
  const at = cursorRow(view, rows);
  let next: number;
  if (at === -1) next = delta > 0 ? targets[0]! : targets.at(-1)!;
  else {
    const pos = targets.indexOf(at);
    next = targets[Math.max(0, Math.min(targets.length - 1, pos + delta))]!;
  }
  return reveal({ ...view, cursor: rows[next]!.target! }, rows, next, height);
}

/** PageUp/PageDown (`pages` = ±1), Home (-Infinity), End (+Infinity): scrolls, the cursor follows. */
export function scroll(
  view: BrowseView,
  rows: readonly Row[],
  pages: number,
  height: number,
): BrowseView {
  const page = Math.max(1, height - 1);
  const from = shownTop(view, rows.length, height);
  const top =
    pages === -Infinity ? 0 : pages === Infinity ? rows.length : from + Math.round(pages * page);
  const clamped = clampTop(top, rows.length, height);
  const follow = clamped >= rows.length - height;
  // The cursor moves onto a target in view, unless it already shows.
  const at = cursorRow(view, rows);
  let cursor = view.cursor;
  if (pages === -Infinity || pages === Infinity || at < clamped || at >= clamped + height) {
    const inView = rows
      .map((r, i) => ({ r, i }))
      .filter(({ r, i }) => r.target && i >= clamped && i < clamped + height);
    const pick = pages < 0 ? inView[0] : inView.at(-1);
    if (pick) cursor = pick.r.target;
    else {
      // No header or foldable item in view: the one before it.
      const before = rows.slice(0, clamped).findLast((r) => r.target);
      if (before) cursor = before.target;
    }
  }
  return { ...view, top: clamped, follow, ...(cursor ? { cursor } : {}) };
}

/** Enter (or `e`/`c`): opens or folds the group or item under the cursor. */
export function toggle(
  view: BrowseView,
  groups: readonly Group[],
  rows: readonly Row[],
  height: number,
  linesOf: LinesOf,
  width: number,
): BrowseView {
  const target = view.cursor;
  if (!target) return view;
  let now: boolean | undefined;
  if (target.startsWith("g:")) {
    const g = groups.findIndex((gr) => `g:${gr.key}` === target);
    if (g >= 0) now = groupOpen(view, groups[g]!, g === groups.length - 1);
  } else {
    const item = groups.flatMap((gr) => gr.items).find((it) => `i:${it.key}` === target);
    if (item) now = itemOpen(view, item);
  }
  if (now === undefined) return view;
  const open = new Map(view.open).set(target, !now);
  // The cursor's row stays on screen where it was.
  const before = cursorRow(view, rows) - shownTop(view, rows.length, height);
  const next = { ...view, open, follow: false };
  const after = layout(groups, next, linesOf, width);
  const row = cursorRow(next, after);
  const top = clampTop(row - Math.max(0, before), after.length, height);
  return { ...next, top, follow: top >= after.length - height && view.follow };
}

/** Every place `query` occurs (case-insensitively), in document order, folded parts included. */
export function findMatches(groups: readonly Group[], query: string, linesOf: LinesOf): Match[] {
  const needle = query.toLowerCase();
  if (!needle) return [];
  const matches: Match[] = [];
  for (const group of groups) {
    for (const item of group.items) {
      const lines = linesOf(item);
      [...lines.head, ...lines.body].forEach((text, line) => {
        if (stripVTControlCharacters(text).toLowerCase().includes(needle))
          matches.push({ group: group.key, item: item.key, line });
      });
    }
  }
  return matches;
}

/** Shows match `index` of the search: its group and item opened, its row in view. */
function showMatch(
  view: BrowseView,
  groups: readonly Group[],
  index: number,
  height: number,
  linesOf: LinesOf,
  width: number,
): BrowseView {
  const search = view.search;
  const match = search?.matches[index];
  if (!search || !match) return view;
  const open = new Map(view.open).set(`g:${match.group}`, true);
  const item = groups.flatMap((g) => g.items).find((it) => it.key === match.item);
  if (item && collapsible(item) && match.line >= linesOf(item).head.length)
    open.set(`i:${item.key}`, true);
  const next: BrowseView = { ...view, open, search: { ...search, index } };
  const rows = layout(groups, next, linesOf, width);
  const row = rows.findIndex(
    (r) => r.group === match.group && r.item === match.item && r.line === match.line,
  );
  if (row === -1) return next;
  const target = rows.slice(0, row + 1).findLast((r) => r.target)?.target;
  const top = clampTop(row - Math.floor(height / 3), rows.length, height);
  return {
    ...next,
    ...(target ? { cursor: target } : {}),
    top,
    follow: false,
  };
}

/** Runs a search for `query` and shows its first match (after the cursor's group, wrapping). */
export function search(
  view: BrowseView,
  groups: readonly Group[],
  query: string,
  height: number,
  linesOf: LinesOf,
  width: number,
): BrowseView {
  const { typing: _typing, ...rest } = view;
  const matches = findMatches(groups, query, linesOf);
  const next: BrowseView = { ...rest, search: { query, matches, index: 0 } };
  if (matches.length === 0) return next;
  return showMatch(next, groups, 0, height, linesOf, width);
}

/** `n`: the next match, wrapping to the first after the last. */
export function nextMatch(
  view: BrowseView,
  groups: readonly Group[],
  height: number,
  linesOf: LinesOf,
  width: number,
  step: 1 | -1 = 1,
): BrowseView {
  const search = view.search;
  if (!search || search.matches.length === 0) return view;
  const index = (search.index + step + search.matches.length) % search.matches.length;
  return showMatch(view, groups, index, height, linesOf, width);
}

/** Whether `row` is the row of the match being shown. */
export function isShownMatch(view: BrowseView, row: Row): boolean {
  const match = view.search?.matches[view.search.index];
  return !!match && row.group === match.group && row.item === match.item && row.line === match.line;
}
