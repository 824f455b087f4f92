import { stopIfHeldByFifo } from "../../workspace/index.js";
import { childProcess } from "../../platform/lazy-builtins.js";

/** Output of `git log` read, at most. */
const MAX_GIT_OUTPUT = 32 * 1024 * 1024;

export interface ChangeCounts {
  /** Commits read (≤ the requested number). */
  commits: number;
  /** Path (POSIX, relative to `cwd`) → commits that touched it. */
  counts: Map<string, number>;
}

/**
 * How many of the last `maxCommits` commits (merges excluded) touched each file below `cwd`.
 * @returns undefined when git is missing, `cwd` is not in a repository, it has no commits, or
 *   git was held opening a FIFO the repository planted.
 * @throws the signal's reason when aborted.
 */
export function changeCounts(
  cwd: string,
  maxCommits: number,
  signal: AbortSignal,
): Promise<ChangeCounts | undefined> {
  const args = ["-c", "core.quotepath=off", "log", `-n${maxCommits}`, "--no-merges"];
  args.push("--no-renames", "--name-only", "--relative", "--format=%x00");
  return new Promise((resolve, reject) => {
    const child = childProcess().execFile(
      "git",
      args,
      {
        cwd,
        signal,
        maxBuffer: MAX_GIT_OUTPUT,
        env: { ...process.env, GIT_OPTIONAL_LOCKS: "0", LC_ALL: "C" },
      },
      (error, stdout) => {
        if (signal.aborted) return reject(signal.reason);
        if (error || held()) return resolve(undefined);
        const counts = new Map<string, number>();
        let commits = 0;
        for (const line of stdout.split("\n")) {
          if (line === "\0") commits++;
          else if (line !== "") counts.set(line, (counts.get(line) ?? 0) + 1);
        }
        resolve(commits === 0 ? undefined : { commits, counts });
      },
    );
    // A FIFO planted as a git file (its config, a ref) holds git for good: stopped, no history.
    const held = stopIfHeldByFifo(child);
  });
}
