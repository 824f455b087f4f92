/**
 * The repository's files for a front end's `@` picker, streamed as they are listed (see
 * `streamRepoFiles`: tracked files first, then untracked ones the ignore rules leave).
 */
import { createWorkspace, type Workspace } from "../workspace/index.js";
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
