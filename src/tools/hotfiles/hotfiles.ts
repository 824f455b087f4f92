import { stat } from "node:fs/promises";
import { join } from "node:path";
import { defineTool, type ZodModule } from "../../agent/tool.js";
import type { Workspace } from "../../workspace/index.js";
import description from "./description.md";
import { changeCounts } from "./git-history.js";

export const DEFAULT_HOTFILES_LIMIT = 10;
export const MAX_HOTFILES_LIMIT = 50;
/** Commits read from `git log`. */
export const HISTORY_COMMITS = 500;
/** Files looked at, at most, by the modification-time fallback. */
export const MAX_FILES_SCANNED = 100_000;

/** For renderers: `changes` with git, `modified` (ms since epoch) with the fallback. */
export interface HotFile {
  path: string;
  changes?: number;
  modified?: number;
}

export interface HotfilesDetails {
  method: "git" | "mtime";
  /** Commits read (git method). */
  commits?: number;
  files: HotFile[];
}

const schema = (z: ZodModule) =>
  z.object({
    limit: z.number().int().optional().describe("Max files; default 10, max 50"),
  });

/**
 * `hotfiles`: files most often changed in the last 500 commits that still exist and are not
 * ignored; without git history, the most recently modified files (walk bounded to 100,000 files).
 */
export function createHotfilesTool(ws: Workspace) {
  return defineTool({
    name: "hotfiles",
    kind: "read",
    description,
    schema,
    async execute(args, ctx) {
      const limit = Math.max(1, Math.min(args.limit ?? DEFAULT_HOTFILES_LIMIT, MAX_HOTFILES_LIMIT));
      const history = await changeCounts(ws.root, HISTORY_COMMITS, ctx.signal);
      if (history) {
        const ranked = [...history.counts].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
        const files: HotFile[] = [];
        for (const [file, changes] of ranked) {
          if (files.length >= limit) break;
          if (await isLiveFile(ws, file)) files.push({ path: file, changes });
        }
        if (files.length > 0) {
          const details: HotfilesDetails = { method: "git", commits: history.commits, files };
          const width = String(files[0]!.changes).length;
          const lines = files.map((f) => `${String(f.changes).padStart(width)}  ${f.path}`);
          const header = `Most-changed files in the last ${history.commits} commits (git log; changes, path):`;
          return { content: [header, ...lines].join("\n"), details };
        }
      }
      const files = await recentlyModified(ws, limit, ctx.signal);
      const details: HotfilesDetails = { method: "mtime", files };
      const why = history?.refused
        ? `no git history: ${history.refused}`
        : history
          ? "no file in the git history still exists"
          : "no git history";
      if (files.length === 0) return { content: `No files found (${why}).`, details };
      const lines = files.map(
        (f) => `${new Date(f.modified!).toISOString().slice(0, 16).replace("T", " ")}  ${f.path}`,
      );
      const header = `Most recently modified files (${why}, so by modification time, UTC):`;
      return { content: [header, ...lines].join("\n"), details };
    },
  });
}

async function isLiveFile(ws: Workspace, file: string): Promise<boolean> {
  try {
    if (!(await stat(join(ws.root, file))).isFile()) return false;
  } catch {
    return false;
  }
  return !(await ws.isIgnored(file, false));
}

async function recentlyModified(ws: Workspace, limit: number, signal: AbortSignal) {
  const newest: HotFile[] = [];
  let scanned = 0;
  for await (const file of ws.walk({ signal })) {
    if (++scanned > MAX_FILES_SCANNED) break;
    const modified = await stat(join(ws.root, file)).then(
      (s) => s.mtimeMs,
      () => undefined,
    );
    if (modified === undefined) continue;
    if (newest.length === limit && modified <= newest[limit - 1]!.modified!) continue;
    newest.push({ path: file, modified });
    newest.sort((a, b) => b.modified! - a.modified! || (a.path < b.path ? -1 : 1));
    if (newest.length > limit) newest.pop();
  }
  return newest;
}
