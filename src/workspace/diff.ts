import { FILE_HEADERS_ONLY, formatPatch, structuredPatch } from "diff";

/** A unified diff of one file and its line counts. */
export interface TextDiff {
  /** `--- a/path` / `+++ b/path` headers (`/dev/null` for a created or deleted file) and hunks; "" when unchanged. */
  diff: string;
  added: number;
  removed: number;
}

/** Lines of context around each hunk. */
const CONTEXT_LINES = 3;

/**
 * The unified diff from `before` to `after` (LF texts; null for a file that does not exist on
 * that side). `path` is POSIX, relative to the root.
 */
export function diffText(path: string, before: string | null, after: string | null): TextDiff {
  if (before === after) return { diff: "", added: 0, removed: 0 };
  const patch = structuredPatch(
    before === null ? "/dev/null" : `a/${path}`,
    after === null ? "/dev/null" : `b/${path}`,
    before ?? "",
    after ?? "",
    undefined,
    undefined,
    { context: CONTEXT_LINES },
  );
  let added = 0;
  let removed = 0;
  for (const hunk of patch.hunks) {
    for (const line of hunk.lines) {
      if (line.startsWith("+")) added++;
      else if (line.startsWith("-")) removed++;
    }
  }
  return { diff: formatPatch(patch, FILE_HEADERS_ONLY), added, removed };
}
