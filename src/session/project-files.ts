/**
 * The repository's files for a front end's `@` picker, streamed as they are listed (see
 * `streamRepoFiles`: tracked files first, then untracked ones the ignore rules leave), and the
 * list of a large repository kept in North's cache folder (outside the repository) so that the
 * next start offers it at once, while the listing runs again.
 */
import { isAscii } from "node:buffer";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { sha256Hex } from "../platform/lazy-builtins.js";
import { createWorkspace, type Workspace } from "../workspace/index.js";
import { cacheDir } from "./config/paths.js";
import { writePrivateFile } from "./config/private-file.js";
import { FILE_LIST_LIMIT } from "./context/mentions.js";
import { streamRepoFiles } from "./context/repo-files.js";
import { sandboxProbe } from "./permissions/sandbox-state.js";

const workspaces = new Map<string, Promise<Workspace>>();

/**
 * Hands the files below `root` to `onPaths` in batches as the listing delivers them; resolves
 * when the list is whole (or cut at `FILE_LIST_LIMIT`). Never throws: an unreadable root, or a
 * stop, ends it with what was delivered. The listing's git is North's confined one: the
 * session's sandbox probe (with `env`'s remembered success) comes first, so a listing started
 * before the session does not start the full probe (a bwrap process) in its place.
 */
export async function streamProjectFiles(
  root: string,
  env: Record<string, string | undefined>,
  onPaths: (paths: string[]) => void,
  signal?: AbortSignal,
): Promise<void> {
  try {
    await sandboxProbe(env)();
    let ws = workspaces.get(root);
    if (!ws) workspaces.set(root, (ws = createWorkspace(root)));
    await streamRepoFiles(await ws, onPaths, {
      limit: FILE_LIST_LIMIT,
      ...(signal ? { signal } : {}),
    });
  } catch {
    // Unreadable, or stopped: what was delivered stays.
  }
}

/** Lists this long or longer are kept for the next start (a shorter one is listed at once). */
const CACHED_FROM = 5000;

function listFile(root: string, env: Record<string, string | undefined>): string {
  const key = sha256Hex(root).slice(0, 32);
  return join(cacheDir(env), "files", `${key}.txt`);
}

/**
 * The list a session kept for `root` (see `saveProjectFiles`) as one text, each path followed by
 * NUL (the picker indexes the text as it is, see path-index.ts), or undefined. Read off the
 * interface's thread (1.2 MB for 60,000 paths). Only suggestions: a path in it may be gone;
 * whatever is picked is read through the workspace's rules.
 */
export async function keptProjectFiles(
  root: string,
  env: Record<string, string | undefined>,
): Promise<string | undefined> {
  try {
    // Made a string as Latin-1 when all ASCII (most lists): the same text at half the cost of
    // decoding UTF-8 (60,000 paths: ~17 ms against ~30 on the 2-core machine).
    const bytes = await readFile(listFile(root, env));
    const text = bytes.toString(isAscii(bytes) ? "latin1" : "utf8");
    const header = `north-files 1 ${root}\0`;
    return text.startsWith(header) ? text.slice(header.length) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Keeps `joined`, the whole list of `root` (its `count` paths each followed by NUL), for the next
 * start when it has at least `from` paths (atomic; a list of a small repository is made at once,
 * and kept nowhere).
 */
export function saveProjectFiles(
  root: string,
  env: Record<string, string | undefined>,
  joined: string,
  count: number,
  from = CACHED_FROM,
): void {
  if (count < from) return;
  writePrivateFile(listFile(root, env), `north-files 1 ${root}\0${joined}`);
}
