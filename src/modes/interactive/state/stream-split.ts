/**
 * Decides which part of a streaming answer may settle into scrollback. Settled chunks are
 * rendered once and never again; the tail stays live and must stay shorter than the screen.
 *
 * The tail always starts outside a code fence: finished paragraphs (text before a blank line
 * outside any fence) settle as they complete, and a tail that grows past its budget settles its
 * complete lines — inside a code fence the settled part is closed with a fence and the tail
 * reopens it, so both render as code. Outside a fence no chunk starts with an indented line
 * (a list item's paragraph or nested list, which alone would read as indented code), unless
 * waiting for an unindented one would keep the tail over its budget.
 */
export interface SplitLimits {
  /** Terminal rows the tail may take (lines, counting wrapping at `width`). */
  rows: number;
  width: number;
}

export interface Split {
  settled: string[];
  tail: string;
  /** The tail continues the last settled chunk directly (a forced split, not a paragraph break). */
  tailJoined: boolean;
}

const FENCE = /^ {0,3}(`{3,}|~{3,})/;
/** A line Markdown reads as indented code when a chunk starts with it (or continues a list). */
const INDENTED = /^(?: {4}|\t)/;

interface Scan {
  /**
   * Offset just after the last blank line outside a fence that follows some content and is
   * followed by a line that is not indented (an indented one continues a list item or a quote's
   * code: cut there, it would start the next chunk as indented code).
   */
  boundary: number;
  rows: number;
  /** Offset of the last line break. */
  lastBreak: number;
  /** The fence open at `lastBreak` (its opening line), if any. */
  fenceAtBreak?: { line: string; marker: string };
  /** The last line break a chunk may start after (see `boundary`), its fence, and rows after it. */
  safeBreak: number;
  fenceAtSafe?: { line: string; marker: string };
  rowsAfterSafe: number;
}

function scan(text: string, width: number): Scan {
  let boundary = 0;
  let pending = 0;
  let rows = 0;
  let lastBreak = -1;
  let fenceAtBreak: Scan["fenceAtBreak"];
  let safeBreak = -1;
  let rowsAtSafe = 0;
  let fenceAtSafe: Scan["fenceAtBreak"];
  let fence: Scan["fenceAtBreak"];
  let content = false;
  let start = 0;
  while (start <= text.length) {
    const nl = text.indexOf("\n", start);
    const end = nl === -1 ? text.length : nl;
    const line = text.slice(start, end);
    const blank = line.trim() === "";
    // The break before this line: a chunk may start here inside a fence (it is reopened) or
    // with a line that is not indented.
    if (start > 0 && (fenceAtBreak || (!blank && !INDENTED.test(line)))) {
      safeBreak = start - 1;
      rowsAtSafe = rows;
      fenceAtSafe = fenceAtBreak;
    }
    rows += Math.max(1, Math.ceil(line.length / width));
    const marker = FENCE.exec(line)?.[1];
    if (fence) {
      if (
        marker &&
        marker[0] === fence.marker[0] &&
        marker.length >= fence.marker.length &&
        !line.trim().slice(marker.length)
      ) {
        fence = undefined;
      }
    } else if (blank) {
      if (content && nl !== -1) pending ||= nl + 1;
    } else {
      if (pending && !INDENTED.test(line)) boundary = pending;
      pending = 0;
      if (marker) fence = { line, marker };
      content = true;
    }
    if (nl === -1) break;
    lastBreak = nl;
    fenceAtBreak = fence;
    start = nl + 1;
  }
  return {
    boundary,
    rows,
    lastBreak,
    ...(fenceAtBreak ? { fenceAtBreak } : {}),
    safeBreak,
    ...(fenceAtSafe ? { fenceAtSafe } : {}),
    rowsAfterSafe: rows - rowsAtSafe,
  };
}

/**
 * Moves what can settle out of `tail`. Pure; cost is linear in the tail's length. The first
 * settled chunk starts where the tail started; any later one starts after a paragraph break.
 */
export function splitSettled(tail: string, limits: SplitLimits): Split {
  const settled: string[] = [];
  const push = (chunk: string) => {
    const trimmed = chunk.replace(/\s+$/, "");
    if (trimmed.trim()) settled.push(trimmed);
  };
  let info = scan(tail, limits.width);
  if (info.boundary > 0) {
    push(tail.slice(0, info.boundary));
    tail = tail.slice(info.boundary);
    info = scan(tail, limits.width);
  }
  if (info.rows <= limits.rows) return { settled, tail, tailJoined: false };
  // Cut at the last line break a chunk may start after, unless what follows it is still over
  // the budget (a long indented run): then at the last break, whatever follows.
  const safe = info.safeBreak > 0 && info.rowsAfterSafe <= limits.rows;
  const at = safe ? info.safeBreak : info.lastBreak;
  const fence = safe ? info.fenceAtSafe : info.fenceAtBreak;
  if (at > 0) {
    let head = tail.slice(0, at);
    let rest = tail.slice(at + 1);
    if (fence) {
      head += `\n${fence.marker}`;
      rest = `${fence.line}\n${rest}`;
    }
    push(head);
    return { settled, tail: rest, tailJoined: true };
  }
  // One line longer than the budget: cut it at a space (or anywhere) before the budget.
  const budget = Math.max(1, limits.rows * limits.width);
  const space = tail.lastIndexOf(" ", budget);
  const cut = space > budget / 2 ? space + 1 : budget;
  push(tail.slice(0, cut));
  return { settled, tail: tail.slice(cut), tailJoined: true };
}
