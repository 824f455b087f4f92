import { defineTool, ToolError, type ZodModule } from "../../agent/tool.js";
import {
  isBinaryFile,
  secretNameReason,
  secretReason,
  type Workspace,
} from "../../workspace/index.js";
import { resolveToolPath } from "../tool-path.js";
import description from "./description.md";
import { countFiles, formatSearch } from "./format.js";
import { searchWithWalker } from "./js-search.js";
import { locateRipgrep } from "./locate-ripgrep.js";
import { MAX_SEARCH_FILE_BYTES, type SearchQuery, type SearchResult } from "./query.js";
import { RipgrepUnavailable, searchWithRipgrep } from "./ripgrep.js";
import { maskForModel } from "../../log/secret-formats.js";

export const DEFAULT_SEARCH_LIMIT = 50;
export const MAX_SEARCH_LIMIT = 200;

export interface SearchTextOptions {
  /** `"auto"` (default): ripgrep when it can be found and started, else the JS walker. */
  engine?: "auto" | "ripgrep" | "js";
  /** The ripgrep binary; default: found by `locateRipgrep` on first use. */
  rgPath?: string;
  /** Wall time a search may take (default {@link SEARCH_TIME_LIMIT_MS}); then it is stopped. */
  timeLimitMs?: number;
}

/** A search running longer is stopped (ripgrep killed, the walk ended) with a ToolError. */
export const SEARCH_TIME_LIMIT_MS = 30_000;

/** For renderers: what was searched and how much was found. */
export interface SearchTextDetails {
  pattern: string;
  /** Matching lines shown. */
  matches: number;
  files: number;
  limitReached: boolean;
  engine: "ripgrep" | "js";
  /** Matching lines in files that may hold secrets, left out. */
  hidden: number;
}

const schema = (z: ZodModule) =>
  z.object({
    pattern: z.string().min(1).describe("Text to find, within one line"),
    path: z.string().optional().describe("Folder or file to search; default: whole repository"),
    glob: z.string().optional().describe("Only files matching, e.g. *.ts or src/**/*.py"),
    regex: z.boolean().optional(),
    case_sensitive: z.boolean().optional(),
    limit: z.number().int().optional().describe("Max matching lines; default 50, max 200"),
  });

/**
 * `search_text`: ripgrep (`--json`, killed once `limit` is passed) or the JS walker, which answer
 * alike. Output is bounded by `limit` (≤ 200) lines of ≤ 200 characters each.
 */
export function createSearchTextTool(ws: Workspace, options: SearchTextOptions = {}) {
  const engine = options.engine ?? "auto";
  let rgPath: Promise<string | undefined> | undefined =
    engine === "js" ? Promise.resolve(undefined) : undefined;

  const run = async (query: SearchQuery): Promise<SearchResult> => {
    rgPath ??= options.rgPath ? Promise.resolve(options.rgPath) : locateRipgrep();
    const rg = await rgPath;
    if (rg === undefined) {
      if (engine === "ripgrep") throw new Error("ripgrep was not found");
      return searchWithWalker(ws, query);
    }
    try {
      return await searchWithRipgrep(rg, ws.root, query);
    } catch (error) {
      if (!(error instanceof RipgrepUnavailable) || engine === "ripgrep") throw error;
      rgPath = Promise.resolve(undefined);
      return searchWithWalker(ws, query);
    }
  };

  return defineTool({
    name: "search_text",
    kind: "read",
    description,
    schema,
    async execute(args, ctx) {
      if (args.pattern.includes("\n")) {
        throw new ToolError(
          "search_text matches within one line; search for a single line of the text (or use regex: true with a pattern for one line).",
        );
      }
      const limit = Math.max(1, Math.min(args.limit ?? DEFAULT_SEARCH_LIMIT, MAX_SEARCH_LIMIT));
      const target = await searchTarget(ws, args.path);
      // Files that may hold secrets are searched but not shown: by name for each match; all of
      // them when the path named is itself one (a `.env`, an ignored folder such as node_modules).
      const allHidden = target.relative !== "" && (await secretReason(ws, target.relative));
      const query: SearchQuery = {
        pattern: args.pattern,
        regex: args.regex ?? false,
        caseSensitive: args.case_sensitive ?? false,
        target: target.relative,
        targetIsFile: target.isFile,
        glob: args.glob || undefined,
        limit,
        signal: ctx.signal,
        hidden: allHidden ? () => true : (path) => secretNameReason(path) !== undefined,
      };
      const result = await withTimeLimit(query, options.timeLimitMs ?? SEARCH_TIME_LIMIT_MS, run);
      const details: SearchTextDetails = {
        pattern: args.pattern,
        matches: result.matches.length,
        files: countFiles(result.matches),
        limitReached: result.limitReached,
        engine: result.engine,
        hidden: result.hiddenMatches ?? 0,
      };
      const where = target.relative === "" ? "the repository" : target.relative;
      return {
        content: maskForModel(formatSearch(query, result, where, MAX_SEARCH_LIMIT)),
        details,
        truncated: result.limitReached,
      };
    },
  });
}

/**
 * The folder or file to search, relative to the root (`""` for the root).
 * @throws ToolError when it leaves the root, does not exist, or is a binary or too big file.
 */
async function searchTarget(ws: Workspace, userPath: string | undefined) {
  if (userPath === undefined || userPath.trim() === "" || userPath.trim() === ".") {
    return { relative: "", isFile: false };
  }
  const target = await resolveToolPath(ws, userPath);
  const relative = target.relative === "." ? "" : target.relative;
  if (target.type === "missing") {
    throw new ToolError(`path ${userPath} does not exist; use find_files to locate it.`);
  }
  if (target.type === "other") throw new ToolError(`path ${userPath} is not a file or folder.`);
  if (target.type === "file") {
    if (target.size > MAX_SEARCH_FILE_BYTES) {
      throw new ToolError(
        `${relative} is larger than 10 MB and is not searched; read parts of it with read_file.`,
      );
    }
    if (await isBinaryFile(target.absolute)) {
      throw new ToolError(`${relative} is a binary file; search_text searches text files only.`);
    }
  }
  return { relative, isFile: target.type === "file" };
}

/**
 * Runs `search` with a signal that also ends after `ms`: ripgrep is killed, the walk stops.
 * @throws ToolError when the time ran out (with how to narrow the search); the turn's reason
 *   when the turn was cancelled.
 */
async function withTimeLimit(
  query: SearchQuery,
  ms: number,
  search: (query: SearchQuery) => Promise<SearchResult>,
): Promise<SearchResult> {
  const limit = new AbortController();
  const timer = setTimeout(() => limit.abort(new Error("time limit")), ms);
  try {
    return await search({ ...query, signal: AbortSignal.any([query.signal, limit.signal]) });
  } catch (error) {
    if (!limit.signal.aborted || query.signal.aborted) throw error;
    throw new ToolError(
      `search_text stopped after ${ms >= 1000 ? `${Math.round(ms / 1000)} s` : `${ms} ms`} without finishing: name a folder (path) or a glob to search less of the repository.`,
    );
  } finally {
    clearTimeout(timer);
  }
}
