import { stripVTControlCharacters } from "node:util";
import wrapAnsi from "wrap-ansi";
import { t } from "../../../i18n/index.js";
import { hue, theme } from "../screen/theme.js";
import { cursorRow, isShownMatch, shownTop, type BrowseView, type Row } from "./view-state.js";

/** Switches to the alternate screen (the normal one and its scrollback are kept aside). */
export const ALT_SCREEN_ON = "\x1b[?1049h";
/** Back to the normal screen, as it was, cursor where it was. */
export const ALT_SCREEN_OFF = "\x1b[?1049l";

/** `text` cut to `width` cells (ANSI kept). */
function fit(text: string, width: number): string {
  if (width <= 0) return "";
  return wrapAnsi(text, width, { hard: true, trim: false, wordWrap: false }).split("\n")[0] ?? "";
}

/** The row of the shown match: its text plain, each occurrence of the query in reverse video. */
function highlight(text: string, query: string): string {
  const plain = stripVTControlCharacters(text);
  if (!query) return plain;
  const { paint } = theme();
  const lower = plain.toLowerCase();
  const needle = query.toLowerCase();
  let out = "";
  let from = 0;
  for (let at = lower.indexOf(needle); at !== -1; at = lower.indexOf(needle, from)) {
    out += plain.slice(from, at) + paint.inverse(plain.slice(at, at + needle.length));
    from = at + needle.length;
  }
  return out + plain.slice(from);
}

/** What the running turn is doing, for the bottom line. */
export interface BrowseTurn {
  streaming: boolean;
  /** A review waits for the person (answered back on the normal screen). */
  review: boolean;
}

/** The bottom line: the mode's badge, then the query being typed, the search's result or keys. */
function statusBar(view: BrowseView, turn: BrowseTurn, width: number): string {
  const { paint } = theme();
  const badge = paint.inverse.bold(` ${t("browse.badge")} `);
  let rest: string;
  if (view.typing !== undefined)
    rest = `${t("browse.searchPrompt")} /${view.typing}▏  ${paint.dim(t("browse.searchHints"))}`;
  else if (view.search) {
    const { query, matches, index } = view.search;
    rest =
      matches.length === 0
        ? hue("warning")(t("browse.noMatch", { query }))
        : t("browse.matches", {
            query,
            index: String(index + 1),
            count: String(matches.length),
          });
  } else rest = paint.dim(t("browse.hints"));
  const live = turn.review
    ? ` ${hue("warning")(t("browse.reviewWaits"))}`
    : turn.streaming
      ? ` ${hue("brand")(t("browse.answering"))}`
      : "";
  return fit(`${badge}${live} ${rest}`, width);
}

/**
 * The lines of one frame: `height - 1` rows of the document from the view's top (the cursor's
 * row marked `❯`, the shown match highlighted), then the status bar.
 */
export function frameLines(
  rows: readonly Row[],
  view: BrowseView,
  size: { width: number; height: number },
  turn: BrowseTurn,
): string[] {
  const body = Math.max(1, size.height - 1);
  const top = shownTop(view, rows.length, body);
  const cursor = cursorRow(view, rows);
  const { paint } = theme();
  const out: string[] = [];
  for (let i = top; i < top + body; i++) {
    const row = rows[i];
    if (!row) {
      out.push("");
      continue;
    }
    const text = isShownMatch(view, row) ? highlight(row.text, view.search!.query) : row.text;
    const mark = i === cursor ? hue("accent")("❯ ") : "  ";
    out.push(mark + fit(i === cursor ? paint.bold(text) : text, size.width - 2));
  }
  out.push(statusBar(view, turn, size.width));
  return out;
}

/** One whole frame as written to the alternate screen: home, each line cleared to its end. */
export const frameText = (lines: readonly string[]) =>
  `\x1b[?2026h\x1b[H${lines.map((l) => `${l}\x1b[0m\x1b[K`).join("\r\n")}\x1b[?2026l`;
