/** A chosen `@` mention in the composer's text: `[start, end)` covers `@path`. */
export interface MentionSpan {
  start: number;
  end: number;
  path: string;
}

const isSpace = (ch: string | undefined) => ch === undefined || /\s/.test(ch);

/**
 * Where the chosen paths stand in `text` as whole tokens (`@path` between whitespace or the ends),
 * in order. A chosen path whose token was edited away simply has no span.
 */
export function mentionSpans(text: string, paths: readonly string[] | undefined): MentionSpan[] {
  if (!paths || paths.length === 0) return [];
  const spans: MentionSpan[] = [];
  // Longest first, so `@src/a.ts` is not taken for a chosen `@src`.
  for (const path of [...paths].sort((a, b) => b.length - a.length)) {
    const token = `@${path}`;
    let from = text.indexOf(token);
    while (from !== -1) {
      const end = from + token.length;
      const free = !spans.some((s) => from < s.end && end > s.start);
      if (free && isSpace(text[from - 1]) && isSpace(text[end]))
        spans.push({ start: from, end, path });
      from = text.indexOf(token, from + 1);
    }
  }
  return spans.sort((a, b) => a.start - b.start);
}

/** The chosen paths still present as tokens, in the order they appear. */
export function presentMentions(text: string, paths: readonly string[] | undefined): string[] {
  return [...new Set(mentionSpans(text, paths).map((s) => s.path))];
}

/** The span the cursor sits strictly inside, or `undefined`. */
export const spanInside = (spans: readonly MentionSpan[], cursor: number) =>
  spans.find((s) => cursor > s.start && cursor < s.end);
