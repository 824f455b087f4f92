/**
 * Background jobs: long-running commands (a dev server, a watcher) that the model starts with
 * `shell_run` `background: true` and reads or stops later. Each runs in a process of its own,
 * never in the persistent shell (which runs one command at a time): the dialect's shell with
 * `-c`, in the OS sandbox of the profile the review named (the same bubblewrap command line as
 * the persistent shell, `sandboxCommand`), in a process group of its own.
 *
 * None outlives the session: `dispose` stops every one (TERM, then KILL after a grace), and a
 * process `exit` handler kills what is left with SIGKILL should North end without disposing. A
 * sandboxed job is also bwrap's `--die-with-parent` and PID namespace: it ends when North's
 * process does, even by SIGKILL, and everything it started (`setsid` included) with it.
 */
import type { ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { constants, tmpdir } from "node:os";
import { join } from "node:path";
import type { Logger } from "../log/logger.js";
import { childProcess } from "../platform/lazy-builtins.js";
import { chooseShell, shellQuote } from "./dialect.js";
import { ShellError } from "./errors.js";
import { BoundedOutput } from "./output-buffer.js";
import { sessionProcesses, signalGroups } from "./process-groups.js";
import { detectSandbox, sandboxCommand, type SandboxProfile } from "./sandbox/index.js";
import { shellEnvironment } from "./shell-env.js";
import { TerminalTextCleaner } from "./terminal-text.js";

export interface BackgroundJobsOptions {
  root: string;
  env: Record<string, string | undefined>;
  /** Variables removed from every job's environment (provider keys). */
  secretEnv?: readonly string[];
  /** Absolute paths hidden inside the sandbox (`sandboxMasks`). */
  mask?: readonly string[];
  /** Folders the person added (`--add-dir`): mounted like the repository. */
  extraRoots?: readonly string[];
  logger?: Logger;
  /** Jobs running at once at most; `start` refuses one more. Default 4. */
  max?: number;
  /** Between SIGTERM and SIGKILL. Default 1000 ms. */
  killGraceMs?: number;
  /** Called after a job started, exited or was stopped (the status line's count). */
  onChange?: () => void;
  /** How long `start` waits for the first output. Default 3000 ms. */
  firstOutputMs?: number;
}

/** One job as lists show it. */
export interface JobView {
  id: string;
  command: string;
  /** Where it started (absolute). */
  cwd: string;
  sandbox: SandboxProfile;
  startedAt: number;
  /** Set once it ended: its exit code, or 128 + n when signal n killed it. */
  exitCode?: number;
  /** It ended because `kill` (or the session's end) stopped it. */
  killed: boolean;
  /** The last lines it printed (at most 5, cleaned). */
  lastLines: string[];
}

/** New output of a job since the last look, bounded like a command's (head and tail). */
export interface JobOutput {
  job: JobView;
  text: string;
  truncated: boolean;
}

/** Characters of unread output kept: the first and the last. */
const HEAD_CHARS = 10_000;
const TAIL_CHARS = 20_000;
/** Characters kept for `lastLines`. */
const RECENT_CHARS = 2000;
/** Ended jobs kept for `list` and a last `read`; older ones are forgotten. */
const KEEP_ENDED = 10;

interface Job {
  view: JobView;
  /** What the sandbox checks in git directories after a command (unset outside it). */
  guard?: () => string[];
  child: ChildProcess;
  cleaner: TerminalTextCleaner;
  unread: BoundedOutput;
  recent: string;
  /** Resolves once the process exited. */
  exited: Promise<void>;
  cleanup: () => void;
}

export class BackgroundJobs {
  private readonly jobs = new Map<string, Job>();
  private next = 1;
  private disposed = false;
  private exitHook: (() => void) | undefined;

  constructor(private readonly options: BackgroundJobsOptions) {}

  /** Whether a job was ever started (the job tools are offered from then on). */
  get started(): boolean {
    return this.next > 1;
  }

  /** Jobs running now. */
  get running(): number {
    return [...this.jobs.values()].filter((job) => job.view.exitCode === undefined).length;
  }

  /**
   * Moves aside what running sandboxed jobs planted at the top of a git directory so far
   * (git-dir-guard.ts) — a job may run for hours, so this is not left to its end; the shell
   * service runs it after each command. Returns the paths moved.
   */
  guardGitDirs(): string[] {
    return [...this.jobs.values()].flatMap((job) =>
      job.view.exitCode === undefined && job.guard ? job.guard() : [],
    );
  }

  /** Every job known, oldest first (running and recently ended). */
  list(): JobView[] {
    return [...this.jobs.values()].map((job) => this.view(job));
  }

  /**
   * Starts `command` in `cwd` under `profile` and resolves with its first output: once it
   * printed and then went quiet briefly, once it exited, or after `firstOutputMs`.
   * @throws ShellError when `max` jobs run already, the sandbox cannot start, or after dispose.
   */
  async start(command: string, cwd: string, profile: SandboxProfile): Promise<JobOutput> {
    if (this.disposed) throw new ShellError("The session is ending; no job can start.");
    const max = this.options.max ?? 4;
    if (this.running >= max) {
      throw new ShellError(
        `${max} background jobs run already (the most allowed, config shell.maxBackground). Stop one with shell_kill, or read them with shell_output, then start this again.`,
      );
    }
    const env = shellEnvironment(this.options.env, {}, this.options.secretEnv);
    const dialect = chooseShell(this.options.env);
    const script = `\\cd -- ${shellQuote(cwd)} || exit 1\n${command}`;
    let dir: string | undefined;
    let child: ChildProcess;
    let afterEnd: (() => string[]) | undefined;
    if (profile !== "none") {
      const status = await detectSandbox();
      if (!status.available) {
        throw new ShellError(
          `Commands cannot run in the sandbox: ${status.reason}. ${status.hint}`,
        );
      }
      dir = mkdtempSync(join(tmpdir(), "north-job-"));
      const launch = sandboxCommand({
        file: dialect.file,
        args: ["-c", script],
        env,
        root: this.options.root,
        profile,
        privateDirs: [],
        filterDir: dir,
        masks: this.options.mask ?? [],
        extraRoots: this.options.extraRoots ?? [],
      });
      afterEnd = launch.afterCommand;
      child = childProcess().spawn(launch.file, launch.args, {
        cwd: this.options.root,
        env: launch.env,
        detached: true,
        stdio: ["ignore", "pipe", "pipe"],
      });
    } else {
      child = childProcess().spawn(dialect.file, ["-c", script], {
        cwd,
        env,
        detached: true,
        stdio: ["ignore", "pipe", "pipe"],
      });
    }
    await new Promise<void>((started, failed) => {
      child.once("spawn", started);
      child.once("error", (error) => failed(new ShellError(`The job did not start: ${error}`)));
    }).catch((error: unknown) => {
      if (dir) rmSync(dir, { recursive: true, force: true });
      throw error;
    });
    const id = `job${this.next++}`;
    const job: Job = {
      view: {
        id,
        command,
        cwd,
        sandbox: profile,
        startedAt: Date.now(),
        killed: false,
        lastLines: [],
      },
      child,
      cleaner: new TerminalTextCleaner(),
      unread: new BoundedOutput(HEAD_CHARS, TAIL_CHARS),
      recent: "",
      exited: new Promise((ended) => {
        let code: number | undefined;
        let draining: NodeJS.Timeout | undefined;
        const end = () => {
          if (job.view.exitCode !== undefined) return;
          clearTimeout(draining);
          job.view.exitCode = code ?? 0;
          this.options.logger?.log("job_end", { id, exitCode: code });
          job.cleanup();
          this.options.onChange?.();
          ended();
        };
        const codeOf = (value: number | null, signal: NodeJS.Signals | null) =>
          (code ??= value ?? 128 + signalNumber(signal));
        // What is still in the pipes comes before "close"; a process that left the group
        // (outside the sandbox) may hold them open, so the job ends soon after "exit" anyway.
        child.once("exit", (value, signal) => {
          codeOf(value, signal);
          draining = setTimeout(end, 500);
        });
        child.once("close", (value, signal) => {
          codeOf(value, signal);
          end();
        });
      }),
      ...(afterEnd ? { guard: afterEnd } : {}),
      cleanup: () => {
        const moved = afterEnd?.() ?? [];
        if (moved.length > 0) this.options.logger?.log("git_dir_moved_aside", { moved });
        if (dir) rmSync(dir, { recursive: true, force: true });
      },
    };
    const take = (data: Buffer) => {
      const text = job.cleaner.push(data.toString("utf8"));
      job.unread.push(text);
      job.recent = (job.recent + text).slice(-RECENT_CHARS);
    };
    child.stdout?.on("data", take);
    child.stderr?.on("data", take);
    this.jobs.set(id, job);
    this.forgetOldEnded();
    this.hookExit();
    this.options.logger?.log("job_start", { id, pid: child.pid, sandbox: profile });
    this.options.onChange?.();
    await this.firstOutput(job);
    return this.read(id)!;
  }

  /** The output since the last look (or the start), and whether it ended; undefined: no such job. */
  read(id: string): JobOutput | undefined {
    const job = this.jobs.get(id);
    if (!job) return undefined;
    const out = job.unread.finish();
    job.unread = new BoundedOutput(HEAD_CHARS, TAIL_CHARS);
    return { job: this.view(job), text: out.text, truncated: out.truncated };
  }

  /**
   * Stops job `id` and everything in its process group: SIGTERM, then SIGKILL after the grace.
   * Resolves with its view once it exited; undefined when there is no such job.
   */
  async kill(id: string): Promise<JobView | undefined> {
    const job = this.jobs.get(id);
    if (!job) return undefined;
    await this.stop(job);
    return this.view(job);
  }

  /** Stops every job; later `start`s are refused. Idempotent. */
  async dispose(): Promise<void> {
    this.disposed = true;
    await Promise.all([...this.jobs.values()].map((job) => this.stop(job)));
    if (this.exitHook) process.off("exit", this.exitHook);
    this.exitHook = undefined;
  }

  private async stop(job: Job): Promise<void> {
    if (job.view.exitCode !== undefined) return;
    const pid = job.child.pid;
    if (pid === undefined) return;
    job.view.killed = true;
    if (job.view.sandbox === "none") signalGroups([pid], "SIGTERM");
    else {
      // Not bwrap itself, which would die of it and take the job down with SIGKILL: the job's
      // own processes get the TERM, may clean up, and bwrap ends with its shell.
      for (const p of sessionProcesses(pid)) {
        if (p.pid !== pid) signalProcess(p.pid, "SIGTERM");
      }
    }
    let timer: NodeJS.Timeout | undefined;
    const grace = new Promise<"late">((late) => {
      timer = setTimeout(() => late("late"), this.options.killGraceMs ?? 1000);
    });
    const how = await Promise.race([job.exited, grace]);
    clearTimeout(timer);
    if (how === "late") {
      signalGroups([pid], "SIGKILL");
      await job.exited;
    }
  }

  /**
   * Resolves once the job printed and then stayed quiet for 200 ms (or 1 s passed since its
   * first output), once it exited, or after `firstOutputMs`.
   */
  private firstOutput(job: Job): Promise<void> {
    const limit = this.options.firstOutputMs ?? 3000;
    return new Promise((done) => {
      let quiet: NodeJS.Timeout | undefined;
      let settle: NodeJS.Timeout | undefined;
      const finish = () => {
        clearTimeout(quiet);
        clearTimeout(settle);
        clearTimeout(cap);
        job.child.stdout?.off("data", onData);
        job.child.stderr?.off("data", onData);
        done();
      };
      const onData = () => {
        clearTimeout(quiet);
        quiet = setTimeout(finish, 200);
        settle ??= setTimeout(finish, 1000);
      };
      const cap = setTimeout(finish, limit);
      job.child.stdout?.on("data", onData);
      job.child.stderr?.on("data", onData);
      void job.exited.then(finish);
    });
  }

  private view(job: Job): JobView {
    const lines = job.recent
      .replace(/\r/g, "\n")
      .split("\n")
      .filter((line) => line.trim());
    return { ...job.view, lastLines: lines.slice(-5) };
  }

  private forgetOldEnded(): void {
    const ended = [...this.jobs.values()].filter((job) => job.view.exitCode !== undefined);
    for (const job of ended.slice(0, Math.max(0, ended.length - KEEP_ENDED))) {
      this.jobs.delete(job.view.id);
    }
  }

  /** On the process's exit (a crash, `process.exit`), SIGKILL every job left: synchronous. */
  private hookExit(): void {
    if (this.exitHook) return;
    this.exitHook = () => {
      for (const job of this.jobs.values()) {
        if (job.view.exitCode === undefined && job.child.pid !== undefined) {
          signalGroups([job.child.pid], "SIGKILL");
        }
      }
    };
    process.on("exit", this.exitHook);
  }
}

function signalProcess(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(pid, signal);
  } catch {
    // Gone already.
  }
}

function signalNumber(signal: NodeJS.Signals | null): number {
  return signal ? (constants.signals[signal] ?? 0) : 0;
}
