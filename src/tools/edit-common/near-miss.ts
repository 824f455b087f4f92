/** Lines of a near miss shown to the model, and characters per line. */
const MAX_SHOWN_LINES = 12;
const MAX_SHOWN_CHARS = 200;
/** Similarity (0..1) below which a window is not worth showing. */
const MIN_SIMILARITY = 0.6;
const CANDIDATES = 8;

const squash = (s: string) => s.replace(/\s+/g, " ").trim();
const LINE_NUMBER = /^\s*\d+\t/;

/**
 * The message for an `old_string` that does not occur in a file: the closest lines (numbered),
 * and what differs — whitespace and indentation called out, read_file's line numbers pasted in
 * by mistake recognised.
 * @param lines the file's lines (LF text split, no terminators)
 * @param old the old_string, LF-normalised
 */
export function describeMiss(relative: string, lines: readonly string[], old: string): string {
  const head = `old_string was not found in ${relative}.`;
  const oldLines = old.endsWith("\n") ? old.slice(0, -1).split("\n") : old.split("\n");
  const numbered = oldLines.filter((l) => l.trim() !== "");
  if (numbered.length > 0 && numbered.every((l) => LINE_NUMBER.test(l))) {
    return `${head} It starts lines with numbers and a tab, as read_file shows them; those numbers are not part of the file. Send old_string without them.`;
  }
  const loose = findLoose(lines, oldLines);
  if (loose !== -1) {
    const note = whitespaceNote(lines, oldLines, loose);
    return `${head} ${rangeName(loose, oldLines.length)} ${oldLines.length > 1 ? "match" : "matches"} if whitespace is ignored: ${note}. Copy the text exactly as the file has it:\n${show(lines, loose, oldLines.length)}`;
  }
  const near = findSimilar(lines, oldLines);
  if (near) {
    const pct = Math.round(near.score * 100);
    const differ = oldLines.flatMap((l, j) =>
      lines[near.start + j] === l ? [] : [near.start + j + 1],
    );
    const which =
      oldLines.length > 1 && differ.length > 0
        ? ` ${differ.length > 1 ? `Lines ${differ.slice(0, 5).join(", ")} differ` : `Line ${differ[0]} differs`}.`
        : "";
    return `${head} The closest text is ${rangeName(near.start, oldLines.length).toLowerCase()} (${pct}% similar):\n${show(lines, near.start, oldLines.length)}\n${which.trim()}${which ? " " : ""}Send old_string exactly as the file has it (read the lines again with read_file if unsure).`;
  }
  return `${head} Nothing similar is in the file either. Read it again with read_file and copy old_string exactly from it (without line numbers).`;
}

function rangeName(start: number, count: number): string {
  return count > 1 ? `Lines ${start + 1}-${start + count}` : `Line ${start + 1}`;
}

/** First window whose lines equal `oldLines` once whitespace is squashed; -1 when none. */
function findLoose(lines: readonly string[], oldLines: readonly string[]): number {
  const want = oldLines.map(squash);
  if (want.every((l) => l === "")) return -1;
  for (let i = 0; i + want.length <= lines.length; i++) {
    let ok = true;
    for (let j = 0; j < want.length && ok; j++) ok = squash(lines[i + j]!) === want[j];
    if (ok) return i;
  }
  return -1;
}

/** What differs in whitespace between the file's lines at `start` and `oldLines`. */
function whitespaceNote(lines: readonly string[], oldLines: readonly string[], start: number) {
  for (let j = 0; j < oldLines.length; j++) {
    const have = lines[start + j]!;
    const sent = oldLines[j]!;
    if (have === sent) continue;
    const n = start + j + 1;
    const hi = /^\s*/.exec(have)![0];
    const si = /^\s*/.exec(sent)![0];
    if (hi !== si) {
      if (hi.includes("\t") && !si.includes("\t")) {
        return `the file indents with tabs where old_string uses spaces (line ${n})`;
      }
      if (!hi.includes("\t") && si.includes("\t")) {
        return `the file indents with spaces where old_string uses tabs (line ${n})`;
      }
      return `line ${n} is indented by ${hi.length} characters in the file, ${si.length} in old_string`;
    }
    if (/\s$/.test(have) !== /\s$/.test(sent)) {
      return `line ${n} has trailing whitespace in ${/\s$/.test(have) ? "the file" : "old_string"}`;
    }
    return `the spacing inside line ${n} differs`;
  }
  return "the line breaks differ";
}

/** The most similar window (mean bigram similarity of its lines), if similar enough. */
function findSimilar(
  lines: readonly string[],
  oldLines: readonly string[],
): { start: number; score: number } | null {
  let anchor = 0;
  for (let j = 1; j < oldLines.length; j++) {
    if (oldLines[j]!.trim().length > oldLines[anchor]!.trim().length) anchor = j;
  }
  const anchorGrams = bigrams(oldLines[anchor]!);
  const scored = lines
    .map((line, i) => ({ i, s: dice(anchorGrams, bigrams(line)) }))
    .filter((c) => c.s >= MIN_SIMILARITY / 2)
    .sort((a, b) => b.s - a.s)
    .slice(0, CANDIDATES);
  let best: { start: number; score: number } | null = null;
  for (const { i } of scored) {
    const start = Math.max(0, Math.min(i - anchor, lines.length - oldLines.length));
    let total = 0;
    for (let j = 0; j < oldLines.length; j++) {
      total += dice(bigrams(oldLines[j]!), bigrams(lines[start + j] ?? ""));
    }
    const score = total / oldLines.length;
    if (score >= MIN_SIMILARITY && (!best || score > best.score)) best = { start, score };
  }
  return best;
}

function bigrams(line: string): Map<string, number> {
  const s = squash(line);
  const out = new Map<string, number>();
  for (let i = 0; i + 1 < s.length; i++) {
    const g = s.slice(i, i + 2);
    out.set(g, (out.get(g) ?? 0) + 1);
  }
  return out;
}

/** Sørensen–Dice similarity of two bigram bags (1 for two empty lines). */
function dice(a: Map<string, number>, b: Map<string, number>): number {
  let sizeA = 0;
  let sizeB = 0;
  let shared = 0;
  for (const n of a.values()) sizeA += n;
  for (const n of b.values()) sizeB += n;
  if (sizeA + sizeB === 0) return 1;
  for (const [g, n] of a) shared += Math.min(n, b.get(g) ?? 0);
  return (2 * shared) / (sizeA + sizeB);
}

/** The file's lines `start..start+count-1`, numbered as read_file numbers them, bounded. */
function show(lines: readonly string[], start: number, count: number): string {
  const end = Math.min(lines.length, start + Math.min(count, MAX_SHOWN_LINES));
  const out: string[] = [];
  for (let i = start; i < end; i++) {
    const line = lines[i]!;
    const cut = line.length > MAX_SHOWN_CHARS ? `${line.slice(0, MAX_SHOWN_CHARS)}…` : line;
    out.push(`${i + 1}\t${cut}`);
  }
  if (count > MAX_SHOWN_LINES) out.push(`[… ${count - MAX_SHOWN_LINES} more lines]`);
  return out.join("\n");
}
