/**
 * The repository's files as one list, for what needs them all (the `@` picker's index, the
 * project card's languages) without walking a large tree in North's own process: in a git
 * repository, git's list (`ls-files`: tracked files plus untracked ones its ignore rules do not
 * exclude, read from the index by North's confined git), else North's walk. Either way, paths
 * are POSIX and relative to the root, `ALWAYS_SKIPPED` folders are left out, and at most `limit`
 * are returned.
 */
import { startOwnGit } from "../../shell/index.js";
import { ALWAYS_SKIPPED, stopIfHeldByFifo, type Workspace } from "../../workspace/index.js";

/** Paths listed at most by default (a repository of 200,000 files is listed whole). */
export const REPO_FILES_LIMIT = 300_000;
/** Bytes of git's list read at most (300,000 paths of 200 bytes). */
const MAX_GIT_OUTPUT = 64 * 1024 * 1024;

export interface RepoFiles {
  paths: string[];
  /** False when cut at the limit. */
  complete: boolean;
  /** Where the list came from. */
  source: "git" | "walk";
}

/**
 * Lists the files below `ws.root` (see the module's comment). Never throws but for the signal's
 * reason: git missing, refused, failing or held by a FIFO the repository planted means the walk.
 */
export async function listRepoFiles(
  ws: Workspace,
  {
    signal,
    limit = REPO_FILES_LIMIT,
    tracked = false,
  }: {
    signal?: AbortSignal;
    limit?: number;
    /** Git's tracked files only (no look at the work tree's untracked ones: cheaper). */
    tracked?: boolean;
  } = {},
): Promise<RepoFiles> {
  signal?.throwIfAborted();
  const fromGit = await gitFiles(ws.root, limit, tracked, signal);
  if (fromGit) return fromGit;
  const paths: string[] = [];
  let complete = true;
  for await (const path of ws.walk(signal ? { signal } : {})) {
    if (paths.length >= limit) {
      complete = false;
      break;
    }
    paths.push(path);
  }
  return { paths, complete, source: "walk" };
}

/** git's list, or undefined when git cannot give it (not a repository, refused, failed). */
async function gitFiles(
  root: string,
  limit: number,
  tracked: boolean,
  signal: AbortSignal | undefined,
): Promise<RepoFiles | undefined> {
  const args = ["-c", "core.quotepath=off", "ls-files", "-z", "--cached"];
  if (!tracked) args.push("--others", "--exclude-standard");
  let started;
  try {
    started = await startOwnGit(args, { root, env: { LC_ALL: "C" }, stdin: "ignore" });
  } catch {
    // Missing, or refused (GitRefused: its git directory sends git elsewhere): the walk.
    return undefined;
  }
  const { child } = started;
  const held = stopIfHeldByFifo(child);
  const kill = () => child.kill("SIGKILL");
  signal?.addEventListener("abort", kill, { once: true });
  const chunks: Buffer[] = [];
  let size = 0;
  let over = false;
  child.stdout?.on("data", (chunk: Buffer) => {
    size += chunk.length;
    if (size > MAX_GIT_OUTPUT) {
      over = true;
      kill();
    } else chunks.push(chunk);
  });
  child.stderr?.resume();
  const code = await new Promise<number | null>((resolve) => {
    child.on("error", () => resolve(null));
    child.on("close", resolve);
  });
  signal?.removeEventListener("abort", kill);
  signal?.throwIfAborted();
  if (code !== 0 || held()) return undefined;
  const text = Buffer.concat(chunks).toString("utf8");
  const seen = new Set<string>();
  let complete = !over;
  for (const path of text.split("\0")) {
    // A deleted file git still tracks is listed as cached; a merge conflict lists a path twice.
    if (path === "" || seen.has(path) || skipped(path)) continue;
    if (seen.size >= limit) {
      complete = false;
      break;
    }
    seen.add(path);
  }
  return { paths: [...seen], complete, source: "git" };
}

/** A path with a name the walk never lists (`.git`, `node_modules`…: `ALWAYS_SKIPPED`). */
function skipped(path: string): boolean {
  let start = 0;
  for (;;) {
    const slash = path.indexOf("/", start);
    if (ALWAYS_SKIPPED.has(path.slice(start, slash === -1 ? undefined : slash))) return true;
    if (slash === -1) return false;
    start = slash + 1;
  }
}
