import { defineTool, type ZodModule } from "../../agent/tool.js";
import type { Workspace } from "../../workspace/index.js";
import description from "./description.md";
import { compilePathMatcher } from "./path-matcher.js";

export const DEFAULT_FIND_LIMIT = 50;
export const MAX_FIND_LIMIT = 500;
/** Files looked at, at most, to count the matches. */
export const MAX_FILES_SCANNED = 200_000;
/** Wall time the walk may take; then the tool answers with what it found so far. */
export const FIND_TIME_LIMIT_MS = 15_000;

/** For renderers: `shown` paths of `total` matches (`total` is a lower bound when `scanCut`). */
export interface FindFilesDetails {
  pattern: string;
  shown: number;
  total: number;
  scanCut: boolean;
  /** The walk was stopped by the time limit (`scanCut` is then true too). */
  timedOut?: boolean;
}

const schema = (z: ZodModule) =>
  z.object({
    pattern: z.string().min(1).describe("Glob or part of a path, case-insensitive"),
    limit: z.number().int().optional().describe("Max paths; default 50, max 500"),
  });

/**
 * `find_files`: paths of files (not folders) matching a pattern, ignore rules honoured, sorted,
 * at most 500; the total is counted over at most 200,000 files and 15 s of walking. The turn's
 * signal stops the walk.
 */
export function createFindFilesTool(
  ws: Workspace,
  { timeLimitMs = FIND_TIME_LIMIT_MS }: { timeLimitMs?: number } = {},
) {
  return defineTool({
    name: "find_files",
    kind: "read",
    description,
    schema,
    async execute(args, ctx) {
      const limit = Math.max(1, Math.min(args.limit ?? DEFAULT_FIND_LIMIT, MAX_FIND_LIMIT));
      const matches = compilePathMatcher(args.pattern);
      const shown: string[] = [];
      let total = 0;
      let scanned = 0;
      let scanCut = false;
      let timedOut = false;
      const deadline = performance.now() + timeLimitMs;
      for await (const file of ws.walk({ signal: ctx.signal })) {
        if (++scanned > MAX_FILES_SCANNED) {
          scanCut = true;
          break;
        }
        if (performance.now() > deadline) {
          scanCut = timedOut = true;
          scanned--;
          break;
        }
        if (!matches(file)) continue;
        total++;
        if (shown.length < limit) shown.push(file);
      }
      shown.sort();
      const details: FindFilesDetails = {
        pattern: args.pattern,
        shown: shown.length,
        total,
        scanCut,
        ...(timedOut ? { timedOut } : {}),
      };
      if (total === 0) {
        const where = scanCut
          ? ` in the first ${timedOut ? scanned : MAX_FILES_SCANNED} files`
          : "";
        return {
          content: `No files match ${JSON.stringify(args.pattern)}${where}. Patterns match file paths, not folders: try "name*" or "dir/**".`,
          details,
        };
      }
      const more = scanCut ? "+" : "";
      const header =
        shown.length < total
          ? `showing ${shown.length} of ${total}${more} files matching ${JSON.stringify(args.pattern)}; narrow the pattern${limit < MAX_FIND_LIMIT ? ` or raise limit (max ${MAX_FIND_LIMIT})` : ""}:`
          : `${total}${more} file${total === 1 ? "" : "s"} matching ${JSON.stringify(args.pattern)}:`;
      const stopped = timedOut
        ? [
            `(the walk stopped at the ${timeLimitMs / 1000} s limit: narrow the pattern to a folder)`,
          ]
        : [];
      return {
        content: [header, ...shown, ...stopped].join("\n"),
        details,
        truncated: shown.length < total || scanCut,
      };
    },
  });
}
