import type { ChildProcess } from "node:child_process";
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
function waitsOnFifo(pid: number, depth = 0): boolean {
  if (!LINUX) return false;
  let tasks: string[];
  try {
    tasks = readdirSync(`/proc/${pid}/task`);
  } catch {
    return false;
  }
  return tasks.some((task) => {
    const dir = `/proc/${pid}/task/${task}`;
    try {
      if (readFileSync(`${dir}/wchan`, "latin1") === "wait_for_partner") return true;
    } catch {
      return false;
    }
    // A program run in the sandbox is a child of bwrap (a grandchild of North): look below too.
    if (depth >= 3) return false;
    let children: string[] = [];
    try {
      children = readFileSync(`${dir}/children`, "latin1").split(" ").filter(Boolean);
    } catch {
      // No children file (older kernels): only the process itself is watched.
    }
    return children.some((child) => waitsOnFifo(Number(child), depth + 1));
  });
}

/**
 * Looks at child `pid` every `everyMs` while it runs and calls `onStuck` once if it waits on a
 * FIFO (see `waitsOnFifo`); the caller then stops it. Returns the function that stops watching
 * (call it when the child ends). Does nothing where that cannot be told.
 */
function watchFifoWaits(pid: number | undefined, onStuck: () => void, everyMs = 250): () => void {
  if (!LINUX || pid === undefined) return () => {};
  const timer = setInterval(() => {
    if (!waitsOnFifo(pid)) return;
    clearInterval(timer);
    onStuck();
  }, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}

/**
 * Stops `child` (a program North runs in the repository: ripgrep, git) should it wait to open a
 * FIFO, watching until it exits. Returns whether it was stopped for that — ask once it has
 * ended, to tell this from the program's own failure.
 */
export function stopIfHeldByFifo(child: ChildProcess): () => boolean {
  let held = false;
  const unwatch = watchFifoWaits(child.pid, () => {
    held = true;
    child.kill();
  });
  child.once("exit", unwatch);
  child.once("error", unwatch);
  return () => held;
}
