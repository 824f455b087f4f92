import { posix } from "node:path";
import type { Workspace } from "../../workspace/index.js";

/** Files looked at before giving up on suggestions. */
const MAX_FILES_SCANNED = 20_000;
const MAX_SUGGESTIONS = 3;

/**
 * Up to 3 existing files that may be what a missing `relative` meant: same name elsewhere, or the
 * same name with another extension. Bounded by a walk of 20,000 files; never throws except for
 * the signal's reason.
 */
export async function suggestPaths(
  ws: Workspace,
  relative: string,
  signal: AbortSignal,
): Promise<string[]> {
  const name = posix.basename(relative).toLowerCase();
  const stem = stemOf(name);
  const sameName: string[] = [];
  const sameStem: string[] = [];
  let scanned = 0;
  try {
    for await (const file of ws.walk({ signal })) {
      if (++scanned > MAX_FILES_SCANNED) break;
      const base = posix.basename(file).toLowerCase();
      if (base === name) sameName.push(file);
      else if (stem.length > 0 && stemOf(base) === stem) sameStem.push(file);
      if (sameName.length >= MAX_SUGGESTIONS) break;
    }
  } catch (error) {
    signal.throwIfAborted();
    void error;
  }
  return [...sameName, ...sameStem].slice(0, MAX_SUGGESTIONS);
}

function stemOf(name: string): string {
  const dot = name.indexOf(".", 1);
  return dot === -1 ? name : name.slice(0, dot);
}
