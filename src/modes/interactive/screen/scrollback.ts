import { randomBytes } from "node:crypto";
import stringWidth from "string-width";
import wrapAnsi from "wrap-ansi";
import { GUTTER } from "../components/gutter.js";
import { renderMarkdown } from "../markdown/index.js";
import type { Entry } from "../state/state.js";
import { hue } from "./theme.js";

type AnswerEntry = Extract<Entry, { kind: "markdown" }>;

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
 */
export class Scrollback {
  /** Private-use characters and a per-process nonce: no text a model writes can forge one. */
  private readonly tag = `\uE000${randomBytes(4).toString("hex")}:`;
  private readonly texts = new Map<string, string>();
  private readonly pattern = new RegExp(`${this.tag}(\\d+)\uE000`, "g");

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

  /** `chunk` with each marker's line replaced by its text. */
  expand(chunk: string): string {
    if (!chunk.includes(this.tag)) return chunk;
    return chunk.replace(this.pattern, (_whole, id: string) => {
      return this.texts.get(id) ?? "";
    });
  }
}
