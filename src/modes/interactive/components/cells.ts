import stringWidth from "string-width";

const segmenter = new Intl.Segmenter();
const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;

/**
 * `text` in at most `room` terminal cells (wide characters take two), cut between graphemes with
 * `…` at the end when it does not fit; "" when there is no room at all.
 */
export function clipCells(text: string, room: number): string {
  if (room <= 0) return "";
  // Printable ASCII, the common case: a character is a cell.
  if (PRINTABLE_ASCII.test(text)) return text.length <= room ? text : `${text.slice(0, room - 1)}…`;
  if (stringWidth(text) <= room) return text;
  let out = "";
  let used = 0;
  for (const { segment } of segmenter.segment(text)) {
    const width = stringWidth(segment);
    if (used + width > room - 1) break;
    out += segment;
    used += width;
  }
  return `${out}…`;
}

/** `text` padded with spaces to `cells` terminal cells. */
export const padCells = (text: string, cells: number) =>
  text + " ".repeat(Math.max(0, cells - stringWidth(text)));
