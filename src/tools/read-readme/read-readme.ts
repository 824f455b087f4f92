import { defineTool, ToolError } from "../../agent/tool.js";
import {
  isBinaryBuffer,
  readRepoFileSync,
  secretReason,
  type Workspace,
} from "../../workspace/index.js";
import { formatSize } from "../../workspace/index.js";
import { resolveToolPath } from "../tool-path.js";
import description from "./description.md";
import { maskForModel } from "../../log/secret-formats.js";

export const MAX_README_BYTES = 8 * 1024;

/** Folders looked in, in order, for a README. */
const README_DIRS = [".", "docs", ".github"];
/** Preferred extensions, best first; other extensions come after them, no extension last. */
const PREFERRED = [".md", ".markdown", ".mdx", ".rst", ".adoc", ".org", ".txt"];
const README_NAME = /^readme(\.[\w-]+)?$/i;

/** For renderers: the README found and whether it was cut. */
export interface ReadReadmeDetails {
  path: string;
  bytes: number;
  truncated: boolean;
}

/**
 * `read_readme`: the best README.* of the root, else of docs/ or .github/; at most 8 KB, cut at a
 * line end, with a note on how to read on.
 * @throws ToolError when there is no README, or it is binary.
 */
export function createReadReadmeTool(ws: Workspace) {
  return defineTool({
    name: "read_readme",
    kind: "read",
    description,
    schema: (z) => z.object({}),
    async execute() {
      const found = await findReadme(ws);
      if (found === undefined) {
        throw new ToolError(
          "No README found at the root, in docs/ or in .github/; use list_root or find_files to look around.",
        );
      }
      const target = await resolveToolPath(ws, found);
      const why = await secretReason(ws, target.relative); // e.g. README.md -> .env
      if (why) {
        throw new ToolError(
          `${found} may hold secrets (${why}); read_file asks the person before reading it.`,
        );
      }
      // Inside the root after symlinks, a regular file (a FIFO is refused, never waited on), capped.
      const read = readRepoFileSync(ws.root, target.relative, { maxBytes: MAX_README_BYTES });
      if (!read.ok) throw new ToolError(`${found} cannot be read: ${read.reason}.`);
      if (isBinaryBuffer(read.bytes)) throw new ToolError(`${found} is not a text file.`);
      const cut = read.truncated;
      let shown = read.bytes;
      if (cut) {
        const lastNewline = shown.lastIndexOf(10);
        if (lastNewline > 0) shown = shown.subarray(0, lastNewline + 1);
      }
      const text = shown.toString("utf8").replace(/\uFFFD+$/, "");
      const details: ReadReadmeDetails = { path: found, bytes: target.size, truncated: cut };
      let content = `${found} (${formatSize(target.size)}):\n\n${text}`;
      if (cut) {
        const nextLine = text.split("\n").length + (text.endsWith("\n") ? 0 : 1);
        content += `${text.endsWith("\n") ? "" : "\n"}[showing the first ${formatSize(shown.length)} of ${formatSize(target.size)}; read on with read_file path "${found}" start_line=${nextLine}]`;
      }
      return { content: maskForModel(content), details, truncated: cut };
    },
  });
}

async function findReadme(ws: Workspace): Promise<string | undefined> {
  for (const dir of README_DIRS) {
    let names: string[];
    try {
      const entries = await ws.listDir(dir);
      names = entries
        .filter((e) => (e.kind === "file" || e.kind === "symlink") && README_NAME.test(e.name))
        .map((e) => e.name);
    } catch {
      continue;
    }
    if (names.length === 0) continue;
    names.sort((a, b) => rank(a) - rank(b) || (a < b ? -1 : 1));
    return dir === "." ? names[0] : `${dir}/${names[0]}`;
  }
  return undefined;
}

function rank(name: string): number {
  const dot = name.indexOf(".");
  if (dot === -1) return PREFERRED.length + 1;
  const index = PREFERRED.indexOf(name.slice(dot).toLowerCase());
  return index === -1 ? PREFERRED.length : index;
}
