import { readdirSync, readFileSync } from "node:fs";

const LINUX = process.platform === "linux";

/** A program North started was stopped: it waited to open a FIFO in the repository. */
export class HeldByFifo extends Error {
  override name = "HeldByFifo";
}

/**
 * Whether a thread of process `pid` is held in the kernel opening a FIFO that nobody opened from
 * the other side (Linux: the task's wchan is `wait_for_partner`). A program that reads a
 * repository's files — ripgrep its `.gitignore`, git its config — waits there for good on a FIFO
 * the repository planted. False elsewhere, and when it cannot be told.
 */
export function waitsOnFifo(pid: number): boolean {
  if (!LINUX) return false;
  let tasks: string[];
  try {
    tasks = readdirSync(`/proc/${pid}/task`);
  } catch {
    return false;
  }
  return tasks.some((task) => {
    try {
      return readFileSync(`/proc/${pid}/task/${task}/wchan`, "latin1") === "wait_for_partner";
    } catch {
      return false;
    }
  });
}

/**
 * Looks at child `pid` every `everyMs` while it runs and calls `onStuck` once if it waits on a
 * FIFO (see `waitsOnFifo`); the caller then stops it. Returns the function that stops watching
 * (call it when the child ends). Does nothing where that cannot be told.
 */
export function watchFifoWaits(
  pid: number | undefined,
  onStuck: () => void,
  everyMs = 250,
): () => void {
  if (!LINUX || pid === undefined) return () => {};
  const timer = setInterval(() => {
    if (!waitsOnFifo(pid)) return;
    clearInterval(timer);
    onStuck();
  }, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
