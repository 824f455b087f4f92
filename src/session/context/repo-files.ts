/**
 * The repository's files as one list, for what needs them all (the `@` picker's index, the
 * project card's languages) without walking a large tree in North's own process: in a git
 * repository, git's list (`ls-files`: tracked files plus untracked ones its ignore rules do not
 * exclude, read from the index by North's confined git), else North's walk. Either way, paths
 * are POSIX and relative to the root, `ALWAYS_SKIPPED` folders are left out, and at most `limit`
 * are returned.
 */
import { StringDecoder } from "node:string_decoder";
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
  const args = [...LS_FILES, "--cached"];
  if (!tracked) args.push("--others", "--exclude-standard");
  const seen = new Set<string>();
  const ended = await gitStream(root, args, signal, (paths) => {
    for (const path of paths) {
      if (seen.size >= limit) return false;
      seen.add(path);
    }
    return true;
  });
  if (ended === "failed") return undefined;
  return { paths: [...seen], complete: ended === "ended", source: "git" };
}

/**
 * Lists the files below `ws.root` as `listRepoFiles` does, handing them to `onPaths` in batches
 * as they arrive, for a list that is used before it is whole (the `@` picker's index): in a git
 * repository the tracked files (git reads its index: no look at the work tree, so they come
 * first) and then the untracked ones its ignore rules leave (git walks the tree for those);
 * else North's walk. Each path comes once, at most `limit`. Resolves when the list is
 * whole or cut; never throws but for the signal's reason.
 */
export async function streamRepoFiles(
  ws: Workspace,
  onPaths: (paths: string[]) => void,
  { signal, limit = REPO_FILES_LIMIT }: { signal?: AbortSignal; limit?: number } = {},
): Promise<Omit<RepoFiles, "paths">> {
  signal?.throwIfAborted();
  let count = 0;
  const take = (paths: string[]) => {
    const room = limit - count;
    const kept = paths.length > room ? paths.slice(0, room) : paths;
    count += kept.length;
    if (kept.length > 0) onPaths(kept);
    return paths.length <= room;
  };
  // Two listings, one after the other: git outputs the untracked files (a walk of the tree)
  // before the tracked ones (its index) when asked for both in one, and run side by side the
  // walk took a core from the index's listing and from the interface drawing its first matches
  // (60,000 files, 2 cores: bench/large-repo.mjs).
  const tracked = await gitStream(ws.root, [...LS_FILES, "--cached"], signal, take);
  const untracked =
    tracked === "ended"
      ? await gitStream(ws.root, [...LS_FILES, "--others", "--exclude-standard"], signal, take)
      : "cut";
  signal?.throwIfAborted();
  if (tracked !== "failed") {
    return { complete: tracked === "ended" && untracked === "ended", source: "git" };
  }
  // A failure after some paths: the walk would list them twice.
  if (count > 0) return { complete: false, source: "git" };
  // git gave nothing: the walk.
  let batch: string[] = [];
  let complete = true;
  for await (const path of ws.walk(signal ? { signal } : {})) {
    batch.push(path);
    if (batch.length === WALK_BATCH) {
      complete = take(batch);
      batch = [];
      if (!complete) break;
    }
  }
  if (complete && batch.length > 0) complete = take(batch);
  return { complete, source: "walk" };
}

const LS_FILES = ["-c", "core.quotepath=off", "ls-files", "-z"];
/** Paths of the walk handed on at once. */
const WALK_BATCH = 512;

/**
 * Runs North's confined git with `args` (an `ls-files -z` listing) and hands each chunk's paths,
 * `ALWAYS_SKIPPED` ones and repeats in a row (a merge conflict's stages) left out, to `take`,
 * which returns false to stop (git is then stopped: "cut"). "failed": git is missing, refused,
 * failed, was held by a FIFO the repository planted, or wrote more than `MAX_GIT_OUTPUT` bytes.
 */
async function gitStream(
  root: string,
  args: string[],
  signal: AbortSignal | undefined,
  take: (paths: string[]) => boolean,
): Promise<"ended" | "cut" | "failed"> {
  let started;
  try {
    started = await startOwnGit(args, { root, env: { LC_ALL: "C" }, stdin: "ignore" });
  } catch {
    // Missing, or refused (GitRefused: its git directory sends git elsewhere).
    return "failed";
  }
  const { child } = started;
  const held = stopIfHeldByFifo(child);
  const kill = () => child.kill("SIGKILL");
  signal?.addEventListener("abort", kill, { once: true });
  let size = 0;
  let over = false;
  let cut = false;
  let rest = "";
  let previous = "";
  const decoder = new StringDecoder("utf8");
  child.stdout?.on("data", (chunk: Buffer) => {
    if (over || cut) return;
    size += chunk.length;
    if (size > MAX_GIT_OUTPUT) {
      over = true;
      return kill();
    }
    const names = (rest + decoder.write(chunk)).split("\0");
    rest = names.pop()!;
    const paths: string[] = [];
    for (const path of names) {
      if (path === "" || path === previous || skipped(path)) continue;
      previous = path;
      paths.push(path);
    }
    if (paths.length > 0 && !take(paths)) {
      cut = true;
      kill();
    }
  });
  child.stderr?.resume();
  const code = await new Promise<number | null>((resolve) => {
    child.on("error", () => resolve(null));
    child.on("close", resolve);
  });
  signal?.removeEventListener("abort", kill);
  signal?.throwIfAborted();
  if (cut) return "cut";
  if (code !== 0 || held() || over) return "failed";
  return "ended";
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
