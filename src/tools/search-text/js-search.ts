import { join } from "node:path";
import { isBinaryBuffer, type Workspace } from "../../workspace/index.js";
import { compileGlobFilter } from "./glob-filter.js";
import { compileMatcher } from "./line-matcher.js";
import {
  MAX_SEARCH_FILE_BYTES,
  sortMatches,
  type SearchMatch,
  type SearchQuery,
  type SearchResult,
} from "./query.js";
import { SyncFileReader } from "./read-sync.js";

/** Paths taken from the walk before they are searched. */
const BATCH = 256;
/** Longest stretch of synchronous reading and matching before yielding to the event loop. */
const SLICE_MS = 15;

/**
 * The search without ripgrep: the workspace walk (same ignore rules), binary files and files over
 * `MAX_SEARCH_FILE_BYTES` skipped, `limit + 1` matching lines at most. Files are read
 * synchronously in slices of at most ~15 ms, so the event loop (and the abort signal) stay live.
 * @throws ToolError for an invalid pattern; the signal's reason when aborted.
 */
export async function searchWithWalker(ws: Workspace, query: SearchQuery): Promise<SearchResult> {
  const matcher = compileMatcher(query);
  const globFilter = query.glob && !query.targetIsFile ? compileGlobFilter(query.glob) : undefined;
  const reader = new SyncFileReader(MAX_SEARCH_FILE_BYTES);
  const found: SearchMatch[] = [];
  let hidden = 0;

  /** Searches one file; true once more than `limit` matches are found. */
  const searchFile = (rel: string): boolean => {
    const bytes = reader.read(join(ws.root, rel));
    if (bytes === undefined) return false;
    if (matcher.needle && bytes.indexOf(matcher.needle) === -1) return false;
    if (isBinaryBuffer(bytes)) return false;
    if (query.hidden?.(rel)) {
      for (const _hit of matcher.scan(bytes.toString("utf8"))) hidden++;
      return false;
    }
    for (const hit of matcher.scan(bytes.toString("utf8"))) {
      const text = hit.text.endsWith("\r") ? hit.text.slice(0, -1) : hit.text;
      found.push({ path: rel, line: hit.line, text, column: hit.column });
      if (found.length > query.limit) return true;
    }
    return false;
  };

  const searchBatch = async (batch: string[]): Promise<boolean> => {
    let sliceStart = Date.now();
    for (const rel of batch) {
      if (searchFile(rel)) return true;
      if (Date.now() - sliceStart > SLICE_MS) {
        await new Promise((resolve) => setImmediate(resolve));
        query.signal.throwIfAborted();
        sliceStart = Date.now();
      }
    }
    return false;
  };

  let full = false;
  if (query.targetIsFile) {
    full = searchFile(query.target);
  } else {
    let batch: string[] = [];
    for await (const rel of ws.walk({ under: query.target, signal: query.signal })) {
      if (globFilter && !globFilter(rel)) continue;
      batch.push(rel);
      if (batch.length < BATCH) continue;
      full = await searchBatch(batch);
      batch = [];
      if (full) break;
    }
    if (!full) full = await searchBatch(batch);
  }
  query.signal.throwIfAborted();
  sortMatches(found);
  return {
    matches: found.slice(0, query.limit),
    limitReached: full,
    engine: "js",
    ...(hidden > 0 ? { hiddenMatches: hidden } : {}),
  };
}
