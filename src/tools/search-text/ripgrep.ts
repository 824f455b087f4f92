import type { ChildProcess } from "node:child_process";
import { startOwnProgram } from "../../shell/index.js";
import { stopIfHeldByFifo } from "../../workspace/index.js";
import { ToolError } from "../../agent/tool.js";
import { ALWAYS_SKIPPED } from "../../workspace/index.js";
import { compileGlobFilter } from "./glob-filter.js";
import {
  MAX_SEARCH_FILE_FLAG,
  sortMatches,
  stripTerminator,
  type SearchMatch,
  type SearchQuery,
  type SearchResult,
} from "./query.js";

/** ripgrep could not be started (missing, not executable, wrong platform): use the JS walker. */
export class RipgrepUnavailable extends Error {
  override name = "RipgrepUnavailable";
}

/** stderr kept for error messages. */
const MAX_STDERR = 4096;

/**
 * The ripgrep arguments for a query, run with the root as cwd. The ignore rules are made to match
 * the workspace walk: `.gitignore` also outside a git repo (`--no-require-git`), hidden files
 * searched (`--hidden`), `.ignore`/`.rgignore` and the global git excludes not read, symlinks not
 * followed, and `ALWAYS_SKIPPED` excluded by globs.
 */
export function ripgrepArgs(query: SearchQuery): string[] {
  const args = ["--json", "--no-config", "--no-require-git", "--hidden"];
  args.push("--no-ignore-dot", "--no-ignore-global", "--max-filesize", MAX_SEARCH_FILE_FLAG);
  args.push(query.caseSensitive ? "--case-sensitive" : "--ignore-case");
  if (!query.regex) args.push("--fixed-strings");
  if (query.glob) args.push(...globArgs(query.glob));
  for (const name of ALWAYS_SKIPPED) args.push("--glob", `!${name}`);
  args.push("--regexp", query.pattern);
  if (query.target !== "") args.push("--", query.target);
  return args;
}

/** A user's positive `--glob` would override `.gitignore` (rg includes ignored files it matches). */
const TYPE_NAME = "northglob";

/**
 * How ripgrep applies the user's glob without letting it override the ignore rules: an exclusion
 * as `--glob !…`; a name glob (no `/`) as a file type, which filters without overriding; a path
 * glob not at all — `searchWithRipgrep` filters the matches instead (see `needsPostFilter`).
 */
function globArgs(glob: string): string[] {
  if (glob.startsWith("!")) return ["--glob", glob];
  if (needsPostFilter(glob)) return [];
  return ["--type-add", `${TYPE_NAME}:${glob}`, "--type", TYPE_NAME];
}

function needsPostFilter(glob: string): boolean {
  return !glob.startsWith("!") && (glob.replace(/\/$/, "").includes("/") || glob.includes(":"));
}

/**
 * Runs ripgrep with `--json` and collects up to `limit + 1` matching lines, then kills it.
 * @throws RipgrepUnavailable when the binary cannot be spawned; ToolError for a pattern or glob
 *   ripgrep rejects; the signal's reason when aborted (ripgrep is killed).
 */
export function searchWithRipgrep(
  rgPath: string,
  cwd: string,
  query: SearchQuery,
): Promise<SearchResult> {
  query.signal.throwIfAborted();
  // Confined like every program North runs in a repository (shell/own-programs.ts).
  const starting = startOwnProgram(rgPath, ripgrepArgs(query), { root: cwd, stdin: "ignore" });
  return starting.then(
    ({ child, sandboxed }) => search(child, sandboxed, query),
    (error: Error) => Promise.reject(new RipgrepUnavailable(error.message)),
  );
}

function search(
  child: ChildProcess,
  sandboxed: boolean,
  query: SearchQuery,
): Promise<SearchResult> {
  return new Promise((resolve, reject) => {
    if (!child.stdout || !child.stderr) return reject(new RipgrepUnavailable("no output"));
    if (query.signal.aborted) {
      child.kill();
      return reject(query.signal.reason);
    }
    // A FIFO planted as an ignore file holds ripgrep for good: stopped, the walker searches.
    const held = stopIfHeldByFifo(child);
    const found: SearchMatch[] = [];
    const keep =
      query.glob && !query.targetIsFile && needsPostFilter(query.glob)
        ? compileGlobFilter(query.glob)
        : undefined;
    let full = false;
    let pending = "";
    let scanned = 0; // `pending` holds no newline before this index
    let stderr = "";
    let settled = false;
    let hidden = 0;

    const finish = (error?: unknown) => {
      if (settled) return;
      settled = true;
      query.signal.removeEventListener("abort", onAbort);
      if (error !== undefined) return reject(error);
      sortMatches(found);
      resolve({
        matches: found.slice(0, query.limit),
        limitReached: full,
        engine: "ripgrep",
        ...(hidden > 0 ? { hiddenMatches: hidden } : {}),
      });
    };
    const onAbort = () => {
      child.kill();
      finish(query.signal.reason);
    };
    query.signal.addEventListener("abort", onAbort, { once: true });

    child.stdout.setEncoding("utf8");
    child.stdout.on("data", (chunk: string) => {
      if (full) return;
      pending += chunk;
      let from = 0;
      for (
        let end = pending.indexOf("\n", scanned);
        end !== -1;
        end = pending.indexOf("\n", from)
      ) {
        const record = pending.slice(from, end);
        from = end + 1;
        if (!record.startsWith('{"type":"match"')) continue;
        const match = parseMatch(record);
        if (match === undefined || (keep && !keep(match.path))) continue;
        if (query.hidden?.(match.path)) {
          hidden++;
          continue;
        }
        found.push(match);
        if (found.length > query.limit) {
          full = true;
          child.kill();
          return;
        }
      }
      pending = pending.slice(from);
      scanned = pending.length;
    });
    child.stderr.setEncoding("utf8");
    child.stderr.on("data", (chunk: string) => {
      if (stderr.length < MAX_STDERR) stderr += chunk.slice(0, MAX_STDERR - stderr.length);
    });
    child.on("error", (error) => finish(new RipgrepUnavailable(error.message)));
    child.on("close", (code) => {
      if (held())
        return finish(new RipgrepUnavailable("ripgrep waited on a FIFO in the repository"));
      if (sandboxed && stderr.startsWith("bwrap:")) {
        return finish(new RipgrepUnavailable(`the sandbox did not start: ${stderr.trim()}`));
      }
      if (!full && code === 2 && found.length === 0 && isUsageError(stderr)) {
        return finish(new ToolError(describeError(stderr, query)));
      }
      finish();
    });
  });
}

interface RgText {
  text?: string;
  bytes?: string;
}

interface RgMatch {
  data: {
    path: RgText;
    lines: RgText;
    line_number: number;
    submatches: { start: number }[];
  };
}

/** One `match` record; undefined when it is not what rg 13–15 print (never throws). */
function parseMatch(record: string): SearchMatch | undefined {
  let data: RgMatch["data"];
  try {
    data = (JSON.parse(record) as RgMatch).data;
    if (typeof data.line_number !== "number" || !data.path || !data.lines) return undefined;
  } catch {
    return undefined;
  }
  const raw = data.lines.text ?? Buffer.from(data.lines.bytes ?? "", "base64").toString("utf8");
  const text = stripTerminator(raw);
  const byteStart = data.submatches[0]?.start ?? 0;
  // rg reports byte offsets; only non-ASCII text before the match makes them differ from indexes.
  const column =
    byteStart < 0 || isAscii(text, byteStart)
      ? byteStart
      : Buffer.from(text, "utf8").subarray(0, byteStart).toString("utf8").length;
  const file = decodeText(data.path);
  const posix = process.platform === "win32" ? file.replaceAll("\\", "/") : file;
  return { path: posix, line: data.line_number, text, column };
}

function decodeText(value: RgText): string {
  return value.text ?? Buffer.from(value.bytes ?? "", "base64").toString("utf8");
}

function isAscii(text: string, upTo: number): boolean {
  for (let i = 0; i < upTo && i < text.length; i++) if (text.charCodeAt(i) > 0x7f) return false;
  return true;
}

/** ripgrep's refusals of a pattern or glob (exit code 2, nothing searched). */
function isUsageError(stderr: string): boolean {
  return /regex parse error|error parsing glob|not allowed in a regex|unrecognized|invalid/i.test(
    stderr,
  );
}

function describeError(stderr: string, query: SearchQuery): string {
  const detail = stderr.trim().replace(/^rg: /, "").split("\n")[0];
  if (/error parsing glob/i.test(stderr)) return `glob ${query.glob} is not valid: ${detail}`;
  if (/not allowed in a regex/i.test(stderr)) {
    return "search_text matches within one line; the pattern cannot match a line break (\\n).";
  }
  return `pattern is not a valid regular expression: ${stderr.trim().replace(/^rg: /, "")}\nFix it, or pass regex: false to search for the text literally.`;
}
