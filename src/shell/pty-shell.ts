import { writeFileSync } from "node:fs";
import { join } from "node:path";
import type * as NodePty from "@lydell/node-pty";
import { type ShellDialect, shellQuote } from "./dialect.js";
import { ShellError } from "./errors.js";
import { FrameReader, newNonce } from "./framing.js";
import {
  jobGroups,
  sessionProcesses,
  shellAwaitsLine,
  signalGroups,
  terminalOf,
} from "./process-groups.js";

/** How a shell process ended. `signal` is set when a signal killed it. */
export interface ShellExit {
  exitCode: number;
  signal?: number;
}

export interface PtyShellOptions {
  dialect: ShellDialect;
  cwd: string;
  env: Record<string, string>;
  cols: number;
  rows: number;
  /** A private folder for the init script. */
  dir: string;
  startupTimeoutMs: number;
  /**
   * A program that starts the shell as its descendant (the sandbox): spawned instead of the
   * shell, with this environment. It leads the terminal's session; signals meant for the shell go
   * to the process `shellDepth` generations below it.
   */
  launcher?: { file: string; args: string[]; env: Record<string, string>; shellDepth: number };
}

/** How often a shell that asked for its nonce is looked at until it waits to read it. */
const NONCE_POLL_MS = 3;

/** Characters of start-up output kept for the error when a shell fails to start. */
const STARTUP_TEXT = 2000;

/**
 * One shell process in its own pseudo-terminal, ready for framed commands. The shell leads its
 * own session (node-pty makes it a session leader), which is what lets a command's processes be
 * found and killed as groups. The node-pty module is loaded on the first start, never before.
 */
export class PtyShell {
  /** Receives everything the terminal prints; set per command, undefined in between (dropped). */
  listener: ((data: string) => void) | undefined;
  /** Told when the shell process is gone; set per command like `listener`. */
  exitListener: ((exit: ShellExit) => void) | undefined;
  /** Resolves when the shell process is gone; never rejects. */
  readonly exited: Promise<ShellExit>;
  private ended: ShellExit | undefined;
  /** The terminal device (e.g. /dev/pts/3), when the system tells. */
  tty: string | undefined;
  /** The shell's own process: `pid`, or the launcher's descendant. */
  private shellPid: number;
  /** Generations between the launcher and the shell still to be looked up (0: found). */
  private shellDepth = 0;

  private constructor(private readonly pty: NodePty.IPty) {
    this.shellPid = pty.pid;
    this.exited = new Promise((resolve) => {
      pty.onExit(({ exitCode, signal }) => {
        const info = signal ? { exitCode, signal } : { exitCode };
        this.ended = info;
        resolve(info);
        this.exitListener?.(info);
      });
    });
    pty.onData((data) => this.listener?.(data));
  }

  /** The process leading the terminal's session: the shell, or the launcher that started it. */
  get pid(): number {
    return this.pty.pid;
  }

  get alive(): boolean {
    return this.ended === undefined;
  }

  /** How the shell ended; undefined while it runs. */
  get exitInfo(): ShellExit | undefined {
    return this.ended;
  }

  /**
   * Whether the shell waits for its next line (`shellAwaitsLine`): true where the system cannot
   * tell.
   */
  awaitsLine(): boolean {
    this.tty ??= terminalOf(this.pid);
    this.findShell();
    return this.tty === undefined || shellAwaitsLine(this.pid, this.shellPid, this.tty);
  }

  /**
   * Types `nonce` for the prompt hook as soon as the shell itself waits to read it (looked at
   * every few milliseconds), once. Returns a function that stops waiting.
   */
  giveNonce(nonce: string): () => void {
    let timer: NodeJS.Timeout | undefined;
    const check = () => {
      if (!this.alive) return;
      if (this.awaitsLine()) this.write(`${nonce}\n`);
      else timer = setTimeout(check, NONCE_POLL_MS);
    };
    check();
    return () => clearTimeout(timer);
  }

  /** Finds the shell below the launcher (once its processes exist). */
  private findShell(): void {
    if (this.shellDepth === 0) return;
    const procs = sessionProcesses(this.pid);
    let pid: number | undefined = this.pid;
    for (let i = 0; i < this.shellDepth && pid !== undefined; i++) {
      const parent: number = pid;
      pid = procs.find((p) => p.ppid === parent)?.pid;
    }
    if (pid === undefined) return;
    this.shellPid = pid;
    this.shellDepth = 0;
  }

  /** Types `text` into the terminal. */
  write(text: string): void {
    if (this.alive) this.pty.write(text);
  }

  /** Signals the shell process itself (not its jobs; SIGKILL: its launcher too). */
  signal(signal: NodeJS.Signals): void {
    const pids = signal === "SIGKILL" ? new Set([this.shellPid, this.pty.pid]) : [this.shellPid];
    for (const pid of pids) {
      try {
        if (this.alive) process.kill(pid, signal);
      } catch {
        // It is exiting.
      }
    }
  }

  /** Kills every job of the session, then the shell; resolves once the shell is gone. */
  async kill(): Promise<ShellExit> {
    if (this.alive) {
      signalGroups(jobGroups(sessionProcesses(this.pid), this.pid), "SIGKILL");
      this.signal("SIGKILL");
    }
    return this.exited;
  }

  /**
   * Starts `dialect` in a pseudo-terminal and waits until its init script has run.
   * @throws ShellError when node-pty cannot be loaded, the shell cannot be spawned, exits at
   *   once, or is not ready within `startupTimeoutMs`.
   */
  static async start(options: PtyShellOptions): Promise<PtyShell> {
    const { dialect } = options;
    let spawn: typeof NodePty.spawn;
    try {
      const mod = await import("@lydell/node-pty");
      spawn = mod.spawn ?? (mod as unknown as { default: typeof NodePty }).default.spawn;
    } catch (error) {
      throw new ShellError(
        `Shell commands are unavailable: the pseudo-terminal library could not be loaded (${describe(error)}).`,
      );
    }
    const readyNonce = newNonce();
    const initFile = join(options.dir, "init.sh");
    writeFileSync(initFile, dialect.init(), { mode: 0o600 });
    let pty: NodePty.IPty;
    try {
      const { launcher } = options;
      pty = spawn(launcher?.file ?? dialect.file, launcher?.args ?? dialect.args, {
        name: options.env.TERM ?? "dumb",
        cols: options.cols,
        rows: options.rows,
        cwd: options.cwd,
        env: launcher?.env ?? options.env,
        encoding: "utf8",
      });
    } catch (error) {
      const file = options.launcher?.file ?? dialect.file;
      throw new ShellError(`The shell ${file} could not be started: ${describe(error)}.`);
    }
    const shell = new PtyShell(pty);
    shell.shellDepth = options.launcher?.shellDepth ?? 0;
    let startupText = "";
    let stopGiving: (() => void) | undefined;
    const reader = new FrameReader(
      readyNonce,
      (text) => {
        startupText = (startupText + text).slice(-STARTUP_TEXT);
      },
      { onRequest: () => (stopGiving ??= shell.giveNonce(readyNonce)) },
    );
    const ready = new Promise<boolean>((resolve) => {
      shell.listener = (data) => {
        if (reader.push(data)) resolve(true);
      };
    });
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<false>((resolve) => {
      timer = setTimeout(() => resolve(false), options.startupTimeoutMs);
    });
    shell.write(`. ${shellQuote(initFile)}\n`);
    const outcome = await Promise.race([ready, shell.exited, timedOut]);
    clearTimeout(timer);
    stopGiving?.();
    shell.listener = undefined;
    if (outcome === true) {
      shell.tty ??= terminalOf(shell.pid);
      shell.findShell();
      return shell;
    }
    await shell.kill();
    const why =
      outcome === false
        ? `was not ready after ${options.startupTimeoutMs} ms`
        : `exited at start (code ${outcome.exitCode})`;
    const said = startupText.trim() ? `; it printed: ${startupText.trim().slice(-500)}` : "";
    throw new ShellError(`The shell ${dialect.file} ${why}${said}.`);
  }
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
