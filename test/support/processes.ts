/** Looking for processes from end-to-end tests (jobs that must not outlive North). */
import { execFileSync } from "node:child_process";
import { untilTestDeadline } from "./test-deadline.js";

/** Pids of processes whose command line contains `text`. */
export function pids(text: string): string[] {
  try {
    return execFileSync("pgrep", ["-f", text], { encoding: "utf8" }).trim().split("\n");
  } catch {
    return []; // pgrep exits 1 when nothing matches
  }
}

/**
 * Resolves once `check` holds, looking again every 25 ms (a state outside the process, such as
 * another process's life, sends no event); rejects after `limitMs` (default: just before the
 * test's own timeout) naming `what`.
 */
export async function until(
  check: () => boolean,
  what: string,
  limitMs = untilTestDeadline(),
): Promise<void> {
  const deadline = Date.now() + limitMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`still waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
