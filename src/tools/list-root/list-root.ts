import { lstat, readlink } from "node:fs/promises";
import { join } from "node:path";
import { defineTool, type ZodModule } from "../../agent/tool.js";
import type { Workspace } from "../../workspace/index.js";
import { formatSize } from "../../workspace/index.js";
import description from "./description.md";

/** Entries shown, at most. */
export const MAX_ROOT_ENTRIES = 200;
/** Files counted per folder before saying "N+". */
export const MAX_COUNTED_PER_DIR = 10_000;

/** For renderers: one entry of the root. */
export interface RootEntry {
  name: string;
  kind: "dir" | "file" | "symlink";
  /** Files below a folder (ignore rules honoured); `countCut` when counting stopped early. */
  files?: number;
  countCut?: boolean;
  /** Size of a file in bytes. */
  size?: number;
  /** Where a symlink points, as written in the link. */
  target?: string;
}

export interface ListRootDetails {
  root: string;
  entries: RootEntry[];
  /** Entries not shown past `MAX_ROOT_ENTRIES`. */
  omitted: number;
}

const schema = (z: ZodModule) => z.object({});

/**
 * `list_root`: the root's visible entries, folders first, each folder with its file count
 * (bounded per folder), each file with its size; at most 200 entries.
 */
export function createListRootTool(ws: Workspace) {
  return defineTool({
    name: "list_root",
    kind: "read",
    description,
    schema,
    async execute(_args, ctx) {
      const all = await ws.listDir(".");
      const rank = (kind: string) => (kind === "dir" ? 0 : 1);
      const visible = all
        .filter((e) => e.kind !== "other")
        .sort((a, b) => rank(a.kind) - rank(b.kind));
      const shown = visible.slice(0, MAX_ROOT_ENTRIES);
      const entries: RootEntry[] = [];
      for (const entry of shown) {
        ctx.signal.throwIfAborted();
        const absolute = join(ws.root, entry.name);
        if (entry.kind === "dir") {
          entries.push({
            name: entry.name,
            kind: "dir",
            ...(await countFiles(ws, entry.name, ctx.signal)),
          });
        } else if (entry.kind === "symlink") {
          entries.push({
            name: entry.name,
            kind: "symlink",
            target: await readlink(absolute).catch(() => "?"),
          });
        } else {
          const size = await lstat(absolute).then(
            (s) => s.size,
            () => 0,
          );
          entries.push({ name: entry.name, kind: "file", size });
        }
      }
      const omitted = visible.length - shown.length;
      const details: ListRootDetails = { root: ws.root, entries, omitted };
      return { content: render(details), details, truncated: omitted > 0 };
    },
  });
}

async function countFiles(ws: Workspace, dir: string, signal: AbortSignal) {
  let files = 0;
  for await (const _file of ws.walk({ under: dir, signal })) {
    if (++files >= MAX_COUNTED_PER_DIR) return { files, countCut: true };
  }
  return { files, countCut: false };
}

function render({ root, entries, omitted }: ListRootDetails): string {
  const count = (kind: RootEntry["kind"], one: string, many: string) => {
    const n = entries.filter((e) => e.kind === kind).length;
    return `${n} ${n === 1 ? one : many}`;
  };
  const links = entries.some((e) => e.kind === "symlink")
    ? `, ${count("symlink", "symlink", "symlinks")}`
    : "";
  const header = `Repository root ${root}: ${count("dir", "folder", "folders")}, ${count("file", "file", "files")}${links} (ignored entries hidden)`;
  if (entries.length === 0) return `${header}. The root is empty.`;
  const label = (e: RootEntry) => (e.kind === "dir" ? `${e.name}/` : e.name);
  const width = Math.min(40, Math.max(...entries.map((e) => label(e).length)));
  const lines = entries.map((e) => {
    const info =
      e.kind === "dir"
        ? `${e.files}${e.countCut ? "+" : ""} file${e.files === 1 ? "" : "s"}`
        : e.kind === "symlink"
          ? `symlink -> ${e.target}`
          : formatSize(e.size ?? 0);
    return `${label(e).padEnd(width)}  ${info}`;
  });
  if (omitted > 0) lines.push(`[${omitted} more entries not shown; use find_files to search]`);
  return [`${header}:`, ...lines].join("\n");
}
