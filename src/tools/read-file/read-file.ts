import { defineTool, ToolError, type ToolOutput, type ZodModule } from "../../agent/tool.js";
import {
  isBinaryFile,
  secretReason,
  type FileDelegate,
  type ReadTracker,
  type Workspace,
} from "../../workspace/index.js";
import { formatSize } from "../../workspace/index.js";
import { resolveToolPath } from "../tool-path.js";
import { confirmSecretRead } from "./confirm-secret.js";
import description from "./description.md";
import { readLines } from "./read-lines.js";
import { readImage, type ReadImageDetails } from "./read-image.js";
import { suggestPaths } from "./suggest-paths.js";
import { maskForModel } from "../../log/secret-formats.js";

export const MAX_READ_LINES = 500;
export const MAX_READ_BYTES = 100 * 1024;
export const MAX_LINE_BYTES = 2000;
/** A path that names an image by its extension. */
const IMAGE_FILE = /\.(png|jpe?g|gif|webp)$/i;

/** For renderers: the file and the lines shown (`endLine` < `startLine` for an empty file). */
export interface ReadFileDetails {
  path: string;
  startLine: number;
  endLine: number;
  totalLines: number;
  bytes: number;
}

const schema = (z: ZodModule) =>
  z.object({
    path: z.string().min(1).describe("File path, relative to the repository root"),
    start_line: z.number().int().min(1).optional().describe("First line (1-based); default 1"),
    end_line: z.number().int().min(1).optional().describe("Last line, inclusive"),
  });

/**
 * `read_file`: numbered lines (`<n>\t<text>`), at most 500 lines and 100 KB per call, lines over
 * 2000 bytes cut; a note says how to read on when it stops early.
 * A file that may hold secrets (`secretReason`: `.env`, keys, credentials, git-ignored files) is
 * read only after `ctx.confirm` allows it (see `confirmSecretRead`).
 * @throws ToolError for paths outside the root, missing files (with near names), folders, binary
 *   files, line numbers past the end, and secret files that were not allowed.
 * @param tracker records what was shown, for the edit tools' read rules (one per session)
 * @param files reads the text from an editor's buffer instead of the disk, where it has one
 */
export function createReadFileTool(ws: Workspace, tracker?: ReadTracker, files?: FileDelegate) {
  return defineTool({
    name: "read_file",
    kind: "read",
    description,
    schema,
    async execute(args, ctx): Promise<ToolOutput<ReadFileDetails | ReadImageDetails>> {
      const target = await resolveToolPath(ws, args.path);
      if (target.type === "missing") {
        const near = await suggestPaths(ws, target.relative, ctx.signal);
        const hint =
          near.length > 0 ? ` Did you mean ${near.join(", ")}?` : " Use find_files to locate it.";
        throw new ToolError(`File not found: ${target.relative}.${hint}`);
      }
      if (target.type === "dir") {
        throw new ToolError(
          `${target.relative} is a folder; use find_files (e.g. pattern "${target.relative === "." ? "" : `${target.relative}/`}*") or list_root to see what is in it.`,
        );
      }
      if (target.type !== "file") throw new ToolError(`${target.relative} is not a regular file.`);
      const why = await secretReason(ws, target.relative);
      if (why) await confirmSecretRead(ctx, target.relative, why);
      // An image goes to a model that takes images as one (read-image.ts), else is described.
      if (IMAGE_FILE.test(target.relative) || (await isBinaryFile(target.absolute))) {
        const image = await readImage(ws, target.relative, ctx);
        if (image) return image;
      }
      if (await isBinaryFile(target.absolute)) {
        throw new ToolError(
          `${target.relative} is a binary file (${formatSize(target.size)}); read_file shows text files only.`,
        );
      }
      // The editor's buffer when it has one (unsaved changes are what the model sees).
      const buffered = await files?.read?.(target.absolute);
      const content = buffered === undefined ? undefined : Buffer.from(buffered, "utf8");
      const start = args.start_line ?? 1;
      const end = args.end_line ?? Number.MAX_SAFE_INTEGER;
      if (end < start) {
        throw new ToolError(`end_line ${end} is before start_line ${start}.`);
      }
      const window = await readLines(content ?? target.absolute, {
        start,
        end,
        maxLines: MAX_READ_LINES,
        maxBytes: MAX_READ_BYTES,
        maxLineBytes: MAX_LINE_BYTES,
        signal: ctx.signal,
      });
      const { lines, totalLines } = window;
      if (totalLines === 0) {
        await tracker?.recordRead(target.absolute, { start: 1, end: 0, totalLines: 0 }, content);
        return {
          content: `${target.relative} is empty.`,
          details: { path: target.relative, startLine: 1, endLine: 0, totalLines: 0, bytes: 0 },
        };
      }
      if (start > totalLines) {
        throw new ToolError(
          `start_line ${start} is past the end of ${target.relative} (${totalLines} lines).`,
        );
      }
      const last = start + lines.length - 1;
      const width = String(last).length;
      const body = lines.map((line, i) => `${String(start + i).padStart(width)}\t${line}`);
      const wantedEnd = Math.min(end, totalLines);
      const cut = last < wantedEnd;
      if (cut) {
        body.push(
          `[showing lines ${start}-${last} of ${totalLines}; call again with start_line=${last + 1} to read on]`,
        );
      }
      await tracker?.recordRead(target.absolute, { start, end: last, totalLines }, content);
      const details: ReadFileDetails = {
        path: target.relative,
        startLine: start,
        endLine: last,
        totalLines,
        bytes: content?.length ?? target.size,
      };
      return { content: maskForModel(body.join("\n")), details, truncated: cut };
    },
  });
}
