import { closeSync, linkSync, openSync, readFileSync, unlinkSync, writeSync } from "node:fs";

/**
 * One process at a time appends to a session. The lock is a file beside the session
 * (`<id>.lock`) created with O_EXCL, holding the owner's pid. A lock whose pid is no longer
 * running (SIGKILL, a crash) is stale and taken over; the owner removes it when it lets go, and
 * at the latest when the process exits.
 */

/** What `acquireLock` found: the lock is ours, another live process holds it, or no lock could be made. */
export type LockResult =
  | { ok: true; release: () => void }
  | { ok: false; pid: number }
  | { ok: "unavailable"; release: () => void };

const held = new Set<string>();
let exitHook = false;

/** Locks `path` for this process; see the module comment. */
export function acquireLock(path: string): LockResult {
  if (held.has(path)) return { ok: false, pid: process.pid };
  for (let attempt = 0; attempt < 3; attempt++) {
    const made = tryCreate(path);
    if (made === "created") {
      held.add(path);
      hookExit();
      return { ok: true, release: () => release(path) };
    }
    // The sessions folder cannot be written: nothing will be saved, so nothing to guard.
    if (made === "unavailable") return { ok: "unavailable", release: () => undefined };
    const owner = ownerOf(path);
    // Our own pid in a lock we do not hold is a leftover of an earlier process with that pid.
    if (owner !== undefined && owner !== process.pid && isRunning(owner)) {
      return { ok: false, pid: owner };
    }
    try {
      unlinkSync(path);
    } catch {
      // Another process removed it first; try again.
    }
  }
  return { ok: "unavailable", release: () => undefined };
}

/**
 * Creates the lock with its content in one step: the pid goes into a private temporary file,
 * which is then hard-linked to the lock's name (fails with EEXIST when the lock exists), so no
 * process ever reads a lock without its pid.
 */
function tryCreate(path: string): "created" | "exists" | "unavailable" {
  const temp = `${path}.${process.pid}.${Math.floor(Math.random() * 2 ** 32).toString(16)}`;
  try {
    const fd = openSync(temp, "wx", 0o600);
    try {
      writeSync(fd, `${process.pid}\n`);
    } finally {
      closeSync(fd);
    }
    linkSync(temp, path);
    return "created";
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EEXIST" ? "exists" : "unavailable";
  } finally {
    try {
      unlinkSync(temp);
    } catch {
      // Never made.
    }
  }
}

function release(path: string): void {
  if (!held.delete(path)) return;
  try {
    if (ownerOf(path) === process.pid) unlinkSync(path);
  } catch {
    // Already gone.
  }
}

function ownerOf(path: string): number | undefined {
  try {
    const pid = Number(readFileSync(path, "utf8").trim());
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Whether a North process with this pid runs (EPERM: one exists, owned by someone else). Where
 * `/proc` tells, a live process whose command line does not mention North is a reused pid.
 */
export function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EPERM") return false;
  }
  try {
    return readFileSync(`/proc/${pid}/cmdline`, "utf8").toLowerCase().includes("north");
  } catch {
    return true;
  }
}

/** Removes the locks still held when the process exits (normally, or on a handled signal). */
function hookExit(): void {
  if (exitHook) return;
  exitHook = true;
  process.on("exit", () => {
    for (const path of [...held]) release(path);
  });
}
