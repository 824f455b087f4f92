/**
 * `@` mentions: the files a person attaches to a message, read through the workspace sandbox and
 * appended to the prompt as `<file path="…">…</file>` blocks (a directory as its listing). Used by
 * the TUI's picker; headless callers may use it the same way.
 */
import { stat } from "node:fs/promises";
import {
  createWorkspace,
  isBinaryBuffer,
  readRepoFileSync,
  secretReason,
  type Workspace,
} from "../../workspace/index.js";
import { estimateTokens } from "../models/token-estimate.js";
import { listRepoFiles, REPO_FILES_LIMIT } from "./repo-files.js";
import { maskForModel } from "../../log/secret-formats.js";

/** At most this many paths are listed for the picker (a larger repository is cut). */
export const FILE_LIST_LIMIT = REPO_FILES_LIMIT;

/** Entries of a directory block before it is cut. */
const LISTING_LIMIT = 500;
/** A mentioned file is read up to this size (fitting into the context cuts further). */
export const MENTION_READ_BYTES = 2 * 1024 * 1024;

export interface MentionOptions {
  /**
   * Files that may hold secrets (`secretReason`: `.env`, keys, credentials, git-ignored files):
   * `"refuse"` (default) leaves them out with a note — a headless prompt, or text the person did
   * not type; `"attach"` attaches them — the person picked them, or `--approve all`.
   */
  secrets?: "attach" | "refuse";
}

/** A mention's content before fitting. */
export interface MentionFile {
  path: string;
  /** `file` text, or a directory's listing (one relative path a line). */
  kind: "file" | "directory";
  text: string;
}

export interface ExpandedMentions {
  /** The prompt with the blocks appended (the prompt alone when nothing could be attached). */
  prompt: string;
  /** What the person should be told: refused files, cut files. */
  notes: string[];
}

const workspaces = new Map<string, Promise<Workspace>>();
const workspaceOf = (root: string) => {
  let ws = workspaces.get(root);
  if (!ws) workspaces.set(root, (ws = createWorkspace(root)));
  return ws;
};

/**
 * The repository's files (ignore rules respected; git's list in a git repository, see
 * `listRepoFiles`), POSIX and relative to the root; at most {@link FILE_LIST_LIMIT}. Never throws: an unreadable root gives an empty list.
 */
export async function listProjectFiles(root: string): Promise<string[]> {
  try {
    return (await listRepoFiles(await workspaceOf(root), { limit: FILE_LIST_LIMIT })).paths;
  } catch {
    return [];
  }
}

/**
 * Reads the mentioned paths under the repository rules (inside the root after symlinks, regular
 * files only, never blocking on a FIFO, at most `MENTION_READ_BYTES`); refused ones (outside the
 * root, binary, not a regular file, unreadable, secrets unless allowed) become notes.
 */
export async function readMentions(
  root: string,
  paths: readonly string[],
  options: MentionOptions = {},
): Promise<{ files: MentionFile[]; notes: string[] }> {
  const ws = await workspaceOf(root);
  const files: MentionFile[] = [];
  const notes: string[] = [];
  for (const wanted of [...new Set(paths)]) {
    try {
      const { absolute, relative } = await ws.resolve(wanted);
      if ((await stat(absolute)).isDirectory()) {
        const listing: string[] = [];
        for await (const p of ws.walk({ under: relative })) {
          listing.push(p);
          if (listing.length >= LISTING_LIMIT) break;
        }
        if (listing.length >= LISTING_LIMIT) listing.push(`[listing cut at ${LISTING_LIMIT}]`);
        files.push({ path: relative, kind: "directory", text: listing.join("\n") });
        continue;
      }
      const why = options.secrets === "attach" ? undefined : await secretReason(ws, relative);
      if (why) {
        notes.push(
          `@${wanted} was not attached: it may hold secrets (${why}); a headless run attaches such files only with --approve all.`,
        );
        continue;
      }
      const read = readRepoFileSync(ws.root, relative, { maxBytes: MENTION_READ_BYTES });
      if (!read.ok) {
        notes.push(`@${wanted} was not attached: ${read.reason}.`);
        continue;
      }
      if (isBinaryBuffer(read.bytes.subarray(0, 8192))) {
        notes.push(`@${wanted} was not attached: it is a binary file.`);
        continue;
      }
      if (read.truncated) {
        notes.push(
          `@${wanted} is larger than ${MENTION_READ_BYTES / 1024 / 1024} MB: only its start is attached.`,
        );
      }
      files.push({ path: relative, kind: "file", text: maskForModel(read.text) });
    } catch (error) {
      notes.push(`@${wanted} was not attached: ${(error as Error).message}`);
    }
  }
  return { files, notes };
}

/** The marker put where a file was cut to fit. */
export const cutMarker = (kept: number, total: number) =>
  `[… cut to fit the context: ${kept} of ${total} lines shown]`;

/**
 * Cuts the files so that together they take at most `budget` tokens: each keeps a share of the
 * budget proportional to its size, cut at a line boundary, with {@link cutMarker}. Files that fit
 * as a whole are left alone. Pure.
 */
export function fitMentions(
  files: readonly MentionFile[],
  budget: number,
): { files: MentionFile[]; cut: string[] } {
  const sizes = files.map((f) => estimateTokens(f.text));
  const total = sizes.reduce((a, b) => a + b, 0);
  if (total <= budget) return { files: [...files], cut: [] };
  const cut: string[] = [];
  const fitted = files.map((file, i) => {
    const share = Math.max(0, Math.floor((budget * sizes[i]!) / total));
    if (sizes[i]! <= share) return file;
    const lines = file.text.split("\n");
    const kept: string[] = [];
    let used = 0;
    for (const line of lines) {
      const cost = estimateTokens(`${line}\n`);
      if (used + cost > share) break;
      kept.push(line);
      used += cost;
    }
    cut.push(file.path);
    return { ...file, text: `${kept.join("\n")}\n${cutMarker(kept.length, lines.length)}` };
  });
  return { files: fitted, cut };
}

/** One `<file>` block. */
export function fileBlock(file: MentionFile): string {
  const kind = file.kind === "directory" ? ' type="directory"' : "";
  const body = file.text.endsWith("\n") ? file.text : `${file.text}\n`;
  return `<file path="${file.path}"${kind}>\n${body}</file>`;
}

/**
 * The prompt with the mentioned files appended as blocks, fitted into `budget` tokens (what is
 * left of the context). Never throws: problems become notes for the person. Files that may hold
 * secrets are attached only with `options.secrets: "attach"` (see `MentionOptions`).
 */
export async function expandMentions(
  root: string,
  prompt: string,
  paths: readonly string[],
  budget: number,
  options: MentionOptions = {},
): Promise<ExpandedMentions> {
  if (paths.length === 0) return { prompt, notes: [] };
  let read: { files: MentionFile[]; notes: string[] };
  try {
    read = await readMentions(root, paths, options);
  } catch (error) {
    return { prompt, notes: [`Files not attached: ${(error as Error).message}`] };
  }
  const { files, cut } = fitMentions(read.files, Math.max(0, budget));
  const notes = [...read.notes];
  if (cut.length > 0)
    notes.push(
      `Cut to fit the context that is left: ${cut.map((p) => `@${p}`).join(", ")} (at line boundaries).`,
    );
  if (files.length === 0) return { prompt, notes };
  return { prompt: `${prompt}\n\n${files.map(fileBlock).join("\n\n")}`, notes };
}
