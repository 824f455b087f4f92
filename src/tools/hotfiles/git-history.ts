import { GitRefused, startOwnGit } from "../../shell/index.js";
import { stopIfHeldByFifo } from "../../workspace/index.js";

/** Output of `git log` read, at most. */
const MAX_GIT_OUTPUT = 32 * 1024 * 1024;

export interface ChangeCounts {
  /** Commits read (≤ the requested number). */
  commits: number;
  /** Path (POSIX, relative to `cwd`) → commits that touched it. */
  counts: Map<string, number>;
  /** Why git was not run at all (its git directory sends git elsewhere); counts are empty. */
  refused?: string;
}

/**
 * How many of the last `maxCommits` commits (merges excluded) touched each file below `cwd`, by
 * North's confined git (`startOwnGit`: sandboxed read-only where possible, hardened always).
 * @returns undefined when git is missing, `cwd` is not in a repository, it has no commits, or
 *   git was held opening a FIFO the repository planted; `refused` when North would not run git.
 * @throws the signal's reason when aborted.
 */
export async function changeCounts(
  cwd: string,
  maxCommits: number,
  signal: AbortSignal,
  /** `root: false`: the root commit's files are not counted (an import of a large tree). */
  options: { root?: boolean } = {},
): Promise<ChangeCounts | undefined> {
  const args = [
    "-c",
    "core.quotepath=off",
    "-c",
    `log.showRoot=${options.root !== false}`,
    "log",
    `-n${maxCommits}`,
    "--no-merges",
  ];
  args.push("--no-renames", "--no-ext-diff", "--no-textconv", "--name-only", "--relative");
  args.push("--format=%x00");
  signal.throwIfAborted();
  let started;
  try {
    started = await startOwnGit(args, { root: cwd, env: { LC_ALL: "C" } });
  } catch (error) {
    if (error instanceof GitRefused)
      return { commits: 0, counts: new Map(), refused: error.message };
    return undefined;
  }
  const { child } = started;
  // A FIFO planted as a git file (its config, a ref) holds git for good: stopped, no history.
  const held = stopIfHeldByFifo(child);
  child.stdin?.end();
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let over = false;
    const onAbort = () => child.kill("SIGKILL");
    signal.addEventListener("abort", onAbort, { once: true });
    child.stdout?.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_GIT_OUTPUT) {
        over = true;
        child.kill("SIGKILL");
      } else chunks.push(chunk);
    });
    child.stderr?.resume();
    child.on("error", () => resolve(undefined));
    child.on("close", (code) => {
      signal.removeEventListener("abort", onAbort);
      if (signal.aborted) return reject(signal.reason);
      if (code !== 0 || over || held()) return resolve(undefined);
      const counts = new Map<string, number>();
      let commits = 0;
      for (const line of Buffer.concat(chunks).toString("utf8").split("\n")) {
        if (line === "\0") commits++;
        else if (line !== "") counts.set(line, (counts.get(line) ?? 0) + 1);
      }
      resolve(commits === 0 ? undefined : { commits, counts });
    });
  });
}
