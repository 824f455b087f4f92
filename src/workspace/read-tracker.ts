import { NONBLOCKING_READ } from "./safe-read.js";
import { readFile, realpath, stat } from "node:fs/promises";
import { crypto } from "../platform/lazy-builtins.js";

/** 1-based inclusive line span. */
export type LineSpan = readonly [start: number, end: number];

/** Files larger than this are not tracked (and so cannot be edited with the edit tools). */
export const MAX_TRACKED_BYTES = 10 * 1024 * 1024;

/**
 * What the model knows of one file: the content it saw (size and hash of the whole file at the
 * time), and which lines of that content it was shown.
 */
export interface ReadState {
  size: number;
  mtimeMs: number;
  /** SHA-256 (hex) of the file's bytes when it was read or last written by an edit. */
  hash: string;
  /** The whole file was shown (or written by the model). */
  whole: boolean;
  /** Lines shown, merged and sorted; line numbers of the content with `hash`. */
  spans: LineSpan[];
}

/** A change of lines `start..start+removed-1` into `added` lines (insert: `removed` 0). */
export interface LineEdit {
  start: number;
  removed: number;
  added: number;
}

export function contentHash(bytes: Uint8Array): string {
  return crypto().createHash("sha256").update(bytes).digest("hex");
}

/** Whether lines `start..end` lie within one span read (or the whole file was read). */
export function covers(state: ReadState, start: number, end: number): boolean {
  if (state.whole) return true;
  return state.spans.some(([a, b]) => a <= start && end <= b);
}

/**
 * The spans known after an edit: spans below it stay, spans above it move by the change in line
 * count, a span around it grows or shrinks, and the new lines are known (the model wrote them).
 */
export function spansAfterEdit(spans: readonly LineSpan[], edit: LineEdit): LineSpan[] {
  const { start, removed, added } = edit;
  const lastOld = start + removed - 1;
  const delta = added - removed;
  const out: LineSpan[] = [];
  for (const [a, b] of spans) {
    if (b < start) out.push([a, b]);
    else if (a > lastOld) out.push([a + delta, b + delta]);
    else out.push([Math.min(a, start), Math.max(b + delta, start + added - 1)]);
  }
  if (added > 0) out.push([start, start + added - 1]);
  return mergeSpans(out);
}

/** Sorts spans and merges overlapping or adjacent ones; drops empty spans. */
export function mergeSpans(spans: readonly LineSpan[]): LineSpan[] {
  const sorted = spans.filter(([a, b]) => b >= a).sort((x, y) => x[0] - y[0]);
  const out: [number, number][] = [];
  for (const [a, b] of sorted) {
    const last = out.at(-1);
    if (last && a <= last[1] + 1) last[1] = Math.max(last[1], b);
    else out.push([a, b]);
  }
  return out;
}

/** Lines counted as read_file counts them. */
export function countLines(bytes: Uint8Array): number {
  if (bytes.length === 0) return 0;
  let n = 0;
  for (let i = bytes.indexOf(10); i !== -1; i = bytes.indexOf(10, i + 1)) n++;
  return bytes[bytes.length - 1] === 10 ? n : n + 1;
}

/**
 * What the model has read in this session, per file (keyed by real path). `read_file` records
 * what it showed; the edit tools refuse a file that was not read, or that changed on disk since
 * (its bytes no longer hash to what was read), and record their own writes so consecutive edits
 * need no re-read. One tracker per session, shared by `read_file` and the edit tools.
 */
export class ReadTracker {
  private readonly files = new Map<string, ReadState>();

  /**
   * Records that read_file showed lines `start..end` of a file of `totalLines` lines. Hashes the
   * file as it is now; if it no longer has `totalLines` lines (it changed during the read) or is
   * larger than `MAX_TRACKED_BYTES`, nothing is recorded. Never throws. `content`: what was
   * shown came from there (an editor's buffer), not from the disk.
   */
  async recordRead(
    absolute: string,
    shown: { start: number; end: number; totalLines: number },
    content?: Uint8Array,
  ): Promise<void> {
    try {
      const real = await realpath(absolute);
      const info = await stat(real);
      const size = content?.length ?? info.size;
      if (!info.isFile() || size > MAX_TRACKED_BYTES) return;
      const bytes = content ?? (await readFile(real, { flag: NONBLOCKING_READ }));
      if (bytes.length !== size || countLines(bytes) !== shown.totalLines) return;
      const hash = contentHash(bytes);
      const whole = shown.start <= 1 && shown.end >= shown.totalLines;
      const span: LineSpan[] = shown.end >= shown.start ? [[shown.start, shown.end]] : [];
      const known = this.files.get(real);
      const same = known?.hash === hash;
      this.files.set(real, {
        size: bytes.length,
        mtimeMs: info.mtimeMs,
        hash,
        whole: whole || (same && known?.whole === true),
        spans: mergeSpans(same && known ? [...known.spans, ...span] : span),
      });
    } catch {
      // Not recorded: an edit will ask for the file to be read again.
    }
  }

  /** What was read of the file at real path `real`, if anything. */
  get(real: string): ReadState | undefined {
    return this.files.get(real);
  }

  /** Records the state an edit left on disk, so the next edit needs no re-read. */
  recordWrite(
    real: string,
    bytes: Uint8Array,
    known: { mtimeMs: number; whole: boolean; spans: readonly LineSpan[] },
  ): void {
    this.files.set(real, {
      size: bytes.length,
      mtimeMs: known.mtimeMs,
      hash: contentHash(bytes),
      whole: known.whole,
      spans: mergeSpans(known.spans),
    });
  }

  /** Forgets a file (deleted, or restored by an undo). */
  forget(real: string): void {
    this.files.delete(real);
  }
}

export function createReadTracker(): ReadTracker {
  return new ReadTracker();
}
