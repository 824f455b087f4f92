import type { ChildProcess } from "node:child_process";
import { childProcess } from "../../platform/lazy-builtins.js";

/** What one hook process did. */
export interface HookRun {
  /** Its exit code; null when it was killed (timeout, cancel) or could not start. */
  code: number | null;
  stdout: string;
  stderr: string;
  timedOut: boolean;
  /** It could not be started (the spawn error). */
  error?: string;
  /** Output past `MAX_OUTPUT` bytes of a stream was dropped. */
  truncated: boolean;
  durationMs: number;
}

/** How one hook process is started: the command line, or a sandbox's launcher around it. */
export interface HookLaunch {
  file: string;
  args: readonly string[];
  env: Record<string, string>;
  cwd: string;
}

/** Bytes of each of stdout and stderr kept; the rest is read and dropped. */
export const MAX_OUTPUT = 64 * 1024;

/**
 * Runs one hook: `input` (one JSON object) on its stdin, stdout and stderr kept up to
 * `MAX_OUTPUT` bytes each. It leads a process group of its own: on `timeoutMs` or `signal` the
 * whole group is killed. Resolves when it exits — a child it left running that still holds the
 * pipes is not waited for. Never rejects.
 */
export function runHookProcess(
  launch: HookLaunch,
  input: string,
  timeoutMs: number,
  signal?: AbortSignal,
): Promise<HookRun> {
  const started = performance.now();
  return new Promise((resolve) => {
    let child: ChildProcess;
    try {
      child = childProcess().spawn(launch.file, [...launch.args], {
        cwd: launch.cwd,
        env: launch.env,
        detached: true,
        stdio: ["pipe", "pipe", "pipe"],
      });
    } catch (error) {
      resolve(failed(String(error), started));
      return;
    }
    const out = new Bounded();
    const err = new Bounded();
    child.stdout?.on("data", (chunk: Buffer) => out.add(chunk));
    child.stderr?.on("data", (chunk: Buffer) => err.add(chunk));
    child.stdin?.on("error", () => undefined); // it exited before reading
    child.stdin?.end(input);
    let timedOut = false;
    const killGroup = () => {
      try {
        if (child.pid !== undefined) process.kill(-child.pid, "SIGKILL");
      } catch {
        // Already gone.
      }
    };
    const timer = setTimeout(() => {
      timedOut = true;
      killGroup();
    }, timeoutMs);
    const onAbort = () => killGroup();
    signal?.addEventListener("abort", onAbort, { once: true });
    let settled = false;
    const finish = (run: HookRun) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      signal?.removeEventListener("abort", onAbort);
      resolve(run);
    };
    child.once("error", (error) => finish(failed(error.message, started)));
    child.once("exit", (code) => {
      // What is already in the pipes arrives before `close`; a background child of the hook may
      // keep them open for longer, so the streams are let go at the next turn of the loop.
      const done = () => {
        child.stdout?.destroy();
        child.stderr?.destroy();
        finish({
          code: timedOut ? null : code,
          stdout: out.text(),
          stderr: err.text(),
          timedOut,
          truncated: out.truncated || err.truncated,
          durationMs: performance.now() - started,
        });
      };
      let closed = false;
      child.once("close", () => {
        closed = true;
        done();
      });
      setImmediate(() => {
        if (!closed) setImmediate(done);
      });
    });
  });
}

function failed(error: string, started: number): HookRun {
  return {
    code: null,
    stdout: "",
    stderr: "",
    timedOut: false,
    error,
    truncated: false,
    durationMs: performance.now() - started,
  };
}

/** The first `MAX_OUTPUT` bytes of a stream. */
class Bounded {
  private chunks: Buffer[] = [];
  private size = 0;
  truncated = false;

  add(chunk: Buffer): void {
    const room = MAX_OUTPUT - this.size;
    if (room <= 0) {
      this.truncated = true;
      return;
    }
    const kept = chunk.length > room ? chunk.subarray(0, room) : chunk;
    if (kept !== chunk) this.truncated = true;
    this.chunks.push(kept);
    this.size += kept.length;
  }

  text(): string {
    return Buffer.concat(this.chunks).toString("utf8");
  }
}
