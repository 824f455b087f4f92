import { mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import type { Logger } from "../log/logger.js";
import { runCommand, type CommandOutcome, type StopReason } from "./command-run.js";
import { chooseShell, type ShellDialect } from "./dialect.js";
import { ShellError } from "./errors.js";
import type { BoundedText } from "./output-buffer.js";
import { jobGroups, sessionProcesses, signalGroups } from "./process-groups.js";
import { PtyShell } from "./pty-shell.js";
import {
  detectSandbox,
  forgetSandboxSuccess,
  sandboxCommand,
  type SandboxCommand,
} from "./sandbox/index.js";
import { MOVED_ASIDE } from "./sandbox/git-dir-guard.js";
import { shellEnvironment } from "./shell-env.js";

function isFolder(dir: string): boolean {
  try {
    return statSync(dir).isDirectory();
  } catch {
    return false;
  }
}

export const DEFAULT_TIMEOUT_MS = 60_000;
export const MAX_TIMEOUT_MS = 600_000;

export interface ShellServiceOptions {
  /** The repository root: the shell starts there (and starts there again after a restart). */
  root: string;
  /**
   * The same git-directory check for what else runs sandboxed meanwhile (running background
   * jobs, `BackgroundJobs.guardGitDirs`), done after each command too; returns the paths moved.
   */
  guardJobs?: () => string[];
  /** The person's environment, before the non-interactive settings; default `process.env`. */
  env?: Record<string, string | undefined>;
  /** A shell executable to use instead of $SHELL (bash or zsh) / bash / /bin/sh. */
  shell?: string;
  /** Terminal width: wide, so that tools wrap or truncate less. Default 200. */
  cols?: number;
  logger?: Logger;
  /** Between SIGTERM and SIGKILL, and before the shell itself is replaced. Default 1000 ms. */
  killGraceMs?: number;
  /** A command silent this long while blocked reading the terminal is stopped. Default 3000 ms; 0: only the timeout stops it. */
  inputWaitMs?: number;
  /** Characters of output kept at the start and at the end. Default 10,000 and 20,000. */
  headChars?: number;
  tailChars?: number;
  startupTimeoutMs?: number;
  /**
   * Run the shell in the OS sandbox (see `sandbox/`): "workspace-write" (only the repository
   * writable) or "read-only". Absent: no sandbox. When the sandbox cannot start, `run` throws.
   */
  sandbox?: "workspace-write" | "read-only";
  /** Variables removed from the shell's environment, on top of `PROVIDER_KEY_ENV` (always). */
  secretEnv?: readonly string[];
  /** Absolute paths hidden inside the sandbox, those that exist when the shell starts. */
  mask?: readonly string[];
  /** Folders the person added (`--add-dir`): mounted like the repository (read per start). */
  extraRoots?: readonly string[];
}

export interface RunOptions {
  /** Default 60 s, at most 600 s. */
  timeoutMs?: number;
  /** Aborting it stops the command (its process groups are killed) and resolves the run. */
  signal?: AbortSignal;
  /**
   * Output as it arrives, for a live view: escape sequences removed, CR LF turned to LF; a lone
   * `\r` (the line is being rewritten) and `\b` are left in. Frame markers never reach it.
   */
  onOutput?: (text: string) => void;
  /**
   * The absolute folder the command starts in: when the shell is elsewhere, it changes there
   * first (and stays, like a `cd`). Ignored when it is not a folder any more.
   */
  cwd?: string;
}

/**
 * Why cwd and variables were reset: the command ended the shell (`exit`, `exec`…: "exited"), the
 * shell did not come back after the command was stopped and was killed ("killed"), or it had
 * died since the previous command and this one ran in a new shell ("before").
 */
export type Restart = "exited" | "killed" | "before";

/** The result of one command. */
export interface ShellResult {
  /** Cleaned (no escape sequences, progress rewrites applied) and bounded: head, cut mark, tail. */
  output: string;
  truncated: boolean;
  /** Bytes of cleaned output, before the cut. */
  totalBytes: number;
  /** `$?` (128 + n after signal n); the shell's own exit code when it exited; null when it was killed. */
  exitCode: number | null;
  durationMs: number;
  /** The absolute working directory for the next command. */
  cwd: string;
  stopped?: StopReason;
  /** It was blocked reading the terminal (or printed what looks like a question) when stopped. */
  waitingForInput: boolean;
  restart?: Restart;
}

/**
 * The persistent shell of one project: commands run one at a time in the same shell, so `cd`,
 * exported variables and functions persist between them. Creating the service costs nothing;
 * the shell starts on the first `run` and again after it died.
 */
export interface ShellService {
  readonly root: string;
  /** The absolute working directory the next command starts in. */
  readonly cwd: string;
  /** Whether a shell process is up now (false before the first command and after it died). */
  readonly running: boolean;
  /**
   * Runs `command` (any shell text, several lines too). Calls queue behind each other. Output is
   * stdout and stderr merged, as a terminal shows them. Never rejects for what the command does.
   * @throws ShellError when no shell can be started, or after `dispose`.
   */
  run(command: string, options?: RunOptions): Promise<ShellResult>;
  /** Kills the shell, its jobs and a running command; removes its temporary files. Idempotent. */
  dispose(): Promise<void>;
}

export function createShellService(options: ShellServiceOptions): ShellService {
  return new PersistentShell(options);
}

class PersistentShell implements ShellService {
  readonly root: string;
  cwd: string;
  private shell: PtyShell | undefined;
  private dialect: ShellDialect | undefined;
  private dir: string | undefined;
  private queue: Promise<unknown> = Promise.resolve();
  private started = false;
  private resetTerminal = false;
  private disposed = false;

  constructor(private readonly options: ShellServiceOptions) {
    this.root = resolve(options.root);
    this.cwd = this.root;
  }

  get running(): boolean {
    return this.shell?.alive ?? false;
  }

  run(command: string, options: RunOptions = {}): Promise<ShellResult> {
    const next = this.queue.then(() => this.runNow(command, options));
    this.queue = next.catch(() => undefined);
    return next;
  }

  async dispose(): Promise<void> {
    this.disposed = true;
    const shell = this.shell;
    this.shell = undefined;
    if (shell) await shell.kill();
    this.checkGitDirs(); // what a background job planted after the last command
    if (this.dir) rmSync(this.dir, { recursive: true, force: true });
  }

  private async runNow(command: string, options: RunOptions): Promise<ShellResult> {
    const startedAt = Date.now(); // not `performance` (see runTool)
    if (this.disposed) throw new ShellError("The shell was closed; commands can no longer run.");
    let restart: Restart | undefined;
    if (this.shell && !this.shell.alive) {
      this.dropShell();
      restart = "before";
    }
    if (options.signal?.aborted) {
      return this.result({ text: "", truncated: false, totalBytes: 0 }, startedAt, {
        exitCode: null,
        stopped: "cancel",
      });
    }
    const shell = (this.shell ??= await this.startShell());
    if (this.disposed) {
      await this.dispose(); // closed while the shell was starting
      throw new ShellError("The shell was closed; commands can no longer run.");
    }
    const dir = this.tempDir();
    const commandFile = join(dir, "command");
    writeFileSync(commandFile, command.endsWith("\n") ? command : `${command}\n`, { mode: 0o600 });
    const timeoutMs = Math.min(
      Math.max(options.timeoutMs ?? DEFAULT_TIMEOUT_MS, 1),
      MAX_TIMEOUT_MS,
    );
    const outcome = await runCommand(shell, {
      dialect: this.dialect!,
      commandFile,
      ...(options.cwd && options.cwd !== this.cwd && isFolder(options.cwd)
        ? { cwd: options.cwd }
        : {}),
      resetTerminal: this.resetTerminal,
      timeoutMs,
      ...(options.signal ? { signal: options.signal } : {}),
      ...(options.onOutput ? { onOutput: options.onOutput } : {}),
      killGraceMs: this.options.killGraceMs ?? 1000,
      inputWaitMs: this.options.inputWaitMs ?? 3000,
      headChars: this.options.headChars ?? 10_000,
      tailChars: this.options.tailChars ?? 20_000,
    });
    this.resetTerminal = outcome.stopped !== undefined;
    const result = this.settle(outcome, startedAt, restart);
    const note = this.checkGitDirs();
    return note
      ? { ...result, output: result.output ? `${result.output}\n${note}` : note }
      : result;
  }

  /** What `sandboxCommand` checks after each command (git-dir-guard.ts); unset outside it. */
  private guardGitDirs: (() => string[]) | undefined;

  /** Moves aside what a command planted at the top of a git directory; the line that says so. */
  private checkGitDirs(): string | undefined {
    const moved = [...(this.guardGitDirs?.() ?? []), ...(this.options.guardJobs?.() ?? [])];
    if (moved.length === 0) return undefined;
    this.options.logger?.log("git_dir_moved_aside", { moved });
    return `[North moved ${moved.join(", ")} into ${MOVED_ASIDE}/ of its git directory: git does not need it to record work, and it could make git run a program or read another config.]`;
  }

  private settle(outcome: CommandOutcome, startedAt: number, before?: Restart): ShellResult {
    const extra = { stopped: outcome.stopped, waitingForInput: outcome.waitingForInput };
    if (outcome.frame) {
      this.cwd = outcome.frame.cwd;
      return this.result(outcome.output, startedAt, {
        exitCode: outcome.frame.status,
        ...extra,
        restart: before,
      });
    }
    this.dropShell();
    this.options.logger?.log("shell_exit", { killed: outcome.killedShell, ...outcome.exit });
    const exit = outcome.exit;
    const code = exit?.signal ? 128 + exit.signal : exit?.exitCode;
    return this.result(outcome.output, startedAt, {
      exitCode: outcome.killedShell ? null : (code ?? null),
      ...extra,
      restart: outcome.killedShell ? "killed" : "exited",
    });
  }

  private result(
    output: BoundedText,
    startedAt: number,
    fields: Partial<ShellResult> & { exitCode: number | null },
  ): ShellResult {
    const result: ShellResult = {
      output: output.text,
      truncated: output.truncated,
      totalBytes: output.totalBytes,
      exitCode: fields.exitCode,
      durationMs: Date.now() - startedAt,
      cwd: this.cwd,
      waitingForInput: fields.waitingForInput ?? false,
    };
    if (fields.stopped) result.stopped = fields.stopped;
    if (fields.restart) result.restart = fields.restart;
    return result;
  }

  /** Forgets a dead shell: the jobs it left get SIGHUP (as when a terminal closes). */
  private dropShell(): void {
    const pid = this.shell?.pid;
    if (pid !== undefined) signalGroups(jobGroups(sessionProcesses(pid), pid), "SIGHUP");
    this.shell = undefined;
    this.cwd = this.root;
    this.resetTerminal = false;
  }

  private tempDir(): string {
    this.dir ??= mkdtempSync(join(tmpdir(), "north-shell-"));
    mkdirSync(this.dir, { recursive: true, mode: 0o700 }); // a command may have removed it
    return this.dir;
  }

  private async startShell(): Promise<PtyShell> {
    const env = shellEnvironment(this.options.env ?? process.env, {}, this.options.secretEnv);
    const dialect = (this.dialect ??= chooseShell(
      this.options.env ?? process.env,
      this.options.shell,
    ));
    const dir = this.tempDir();
    const profile = this.options.sandbox;
    let launcher: SandboxCommand | undefined;
    if (profile) {
      const status = await detectSandbox();
      if (!status.available) {
        throw new ShellError(
          `Commands cannot run in the sandbox: ${status.reason}. ${status.hint}`,
        );
      }
      const { file, args } = dialect;
      launcher = sandboxCommand({
        file,
        args,
        env,
        root: this.root,
        profile,
        privateDirs: [dir],
        filterDir: dir,
        ...(this.options.mask ? { masks: this.options.mask } : {}),
        extraRoots: this.options.extraRoots ?? [],
      });
      this.guardGitDirs = launcher.afterCommand;
    }
    let shell: PtyShell;
    try {
      shell = await PtyShell.start({
        dialect,
        cwd: this.root,
        env,
        cols: this.options.cols ?? 200,
        rows: 50,
        dir,
        startupTimeoutMs: this.options.startupTimeoutMs ?? 10_000,
        ...(launcher ? { launcher } : {}),
      });
    } catch (error) {
      // A sandbox that worked on an earlier run may not any more: the next run probes again.
      if (launcher) forgetSandboxSuccess();
      throw error;
    }
    this.options.logger?.log("shell_start", {
      shell: dialect.file,
      pid: shell.pid,
      restart: this.started,
      sandbox: profile ?? "none",
    });
    this.started = true;
    return shell;
  }
}
