import { randomBytes } from "node:crypto";
import stringWidth from "string-width";
import wrapAnsi from "wrap-ansi";
import { GUTTER } from "../components/gutter.js";
import { renderMarkdown } from "../markdown/index.js";
import type { Entry } from "../state/state.js";
import { hue } from "./theme.js";

type AnswerEntry = Extract<Entry, { kind: "markdown" }>;

/** Live lines remembered (a tail is at most a screen of them; see `liveLines`). */
const LIVE_KEPT = 4096;

/**
 * The lines a settled piece of an answer leaves in the terminal's scrollback, as Ink draws
 * `<EntryView entry width>` (the same characters and styles per line; a styled blank at a
 * line's end may differ), without a final newline.
 */
export function answerText(entry: AnswerEntry, width: number): string {
  const inner = Math.max(20, width - GUTTER);
  const body = renderMarkdown(entry.text, inner, { continued: entry.joined });
  const lines = fitTo(body, inner).split("\n");
  const label = entry.label ? hue("brand").bold("north") : "";
  const labelPad = " ".repeat(Math.max(0, GUTTER - stringWidth("north")));
  const indent = " ".repeat(GUTTER);
  // Trailing blanks go, as in Ink's output.
  const out = lines.map((line, i) =>
    (i === 0 && entry.label ? label + labelPad + line : indent + line).trimEnd(),
  );
  return entry.joined ? out.join("\n") : `\n${out.join("\n")}`;
}

/** What Ink's `<Text>` does to a line wider than its box: wraps it, hard. */
function fitTo(text: string, width: number): string {
  for (const line of text.split("\n"))
    if (stringWidth(line) > width) return wrapAnsi(text, width, { trim: false, hard: true });
  return text;
}

/**
 * Answer text in the scrollback without Ink's per-character work. Ink writes settled entries
 * (`<Static>`) through its layout and a per-character output grid: ~2 µs a character, which a
 * fast stream paid for every paragraph, on the event loop the keyboard waits on. Here a piece
 * of an answer goes into `<Static>` as a one-line marker; the stream Ink writes to
 * (browse/output-gate.ts, with `expand`) puts the text in its place as Ink writes it — in the
 * same write, so the transcript and the frame below it change together. Other entries are rare
 * and small and Ink draws them itself.
 *
 * The streaming tail of an answer is redrawn in every frame (up to 60 a second), and Ink's
 * per-character work on its styled lines was a fifth of North's CPU while 1 MB of Markdown
 * streamed. Its lines go through the same way (`liveLines`): a marker per line, named by the
 * line's text, so a frame whose lines did not change is still the same string to Ink.
 */
export class Scrollback {
  /** Private-use characters and a per-process nonce: no text a model writes can forge one. */
  private readonly tag = `\uE000${randomBytes(4).toString("hex")}:`;
  private readonly texts = new Map<string, string>();
  private readonly pattern = new RegExp(`${this.tag}(L?\\d+)\uE000`, "g");
  /** Live lines by text (least recently drawn first) and by marker id; see {@link LIVE_KEPT}. */
  private readonly liveIds = new Map<string, string>();
  private readonly liveTexts = new Map<string, string>();
  private nextLive = 0;

  /**
   * The marker to draw in place of `entry` (drawn at `width`). Its text is made here, in the
   * render that adds the entry — the turn that received the text, whose size the text pacer
   * bounds (control/text-pacer.ts) — not in Ink's throttled write, which would make the text of
   * several turns at once while keys wait.
   */
  marker(entry: AnswerEntry, width: number): string {
    const id = String(entry.id);
    if (!this.texts.has(id)) this.texts.set(id, answerText(entry, width));
    return `${this.tag}${id}\uE000`;
  }

  /**
   * The live tail's rendered text (drawn `width` columns wide) as one marker per line. Ink wraps
   * a line wider than its box, so lines are fitted first, as `answerText` does.
   */
  liveLines(text: string, width: number): string {
    return fitTo(text, width)
      .split("\n")
      .map((line) => (line.trim() === "" ? "" : this.liveMarker(line.trimEnd())))
      .join("\n");
  }

  private liveMarker(line: string): string {
    let id = this.liveIds.get(line);
    // Kept in the order last drawn: a line still on screen is never the oldest.
    if (id !== undefined) this.liveIds.delete(line);
    else {
      id = `L${this.nextLive++}`;
      this.liveTexts.set(id, line);
    }
    this.liveIds.set(line, id);
    // Forget the least recently drawn: a frame is written at most one throttle interval after
    // it was made, long before this many other lines can follow it.
    for (const [old, oldId] of this.liveIds) {
      if (this.liveIds.size <= LIVE_KEPT) break;
      this.liveIds.delete(old);
      this.liveTexts.delete(oldId);
    }
    return `${this.tag}${id}\uE000`;
  }

  /** `chunk` with each marker's line replaced by its text. */
  expand(chunk: string): string {
    if (!chunk.includes(this.tag)) return chunk;
    return chunk.replace(this.pattern, (_whole, id: string) => {
      return (id.startsWith("L") ? this.liveTexts.get(id) : this.texts.get(id)) ?? "";
    });
  }
}
