import { defineTool, type ZodModule } from "../../agent/tool.js";
import type { Workspace } from "../../workspace/index.js";
import description from "./description.md";
import { compilePathMatcher } from "./path-matcher.js";

export const DEFAULT_FIND_LIMIT = 50;
export const MAX_FIND_LIMIT = 500;
/** Files looked at, at most, to count the matches. */
export const MAX_FILES_SCANNED = 200_000;

/** For renderers: `shown` paths of `total` matches (`total` is a lower bound when `scanCut`). */
export interface FindFilesDetails {
  pattern: string;
  shown: number;
  total: number;
  scanCut: boolean;
}

const schema = (z: ZodModule) =>
  z.object({
    pattern: z.string().min(1).describe("Glob or part of a path, case-insensitive"),
    limit: z.number().int().optional().describe("Max paths; default 50, max 500"),
  });

/**
 * `find_files`: paths of files (not folders) matching a pattern, ignore rules honoured, sorted,
 * at most 500; the total is counted over at most 200,000 files.
 */
export function createFindFilesTool(ws: Workspace) {
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
      for await (const file of ws.walk({ signal: ctx.signal })) {
        if (++scanned > MAX_FILES_SCANNED) {
          scanCut = true;
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
      };
      if (total === 0) {
        const where = scanCut ? ` in the first ${MAX_FILES_SCANNED} files` : "";
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
      return {
        content: [header, ...shown].join("\n"),
        details,
        truncated: shown.length < total || scanCut,
      };
    },
  });
}
