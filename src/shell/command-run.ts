import { BoundedOutput, type BoundedText } from "./output-buffer.js";
import type { ShellDialect } from "./dialect.js";
import { FrameReader, newNonce, type Frame } from "./framing.js";
import { isReadingTerminal, jobGroups, sessionProcesses, signalGroups } from "./process-groups.js";
import type { PtyShell, ShellExit } from "./pty-shell.js";
import { TerminalTextCleaner } from "./terminal-text.js";

/** Why a command was stopped before it ended by itself. */
export type StopReason = "timeout" | "cancel" | "input";

export interface CommandRunOptions {
  dialect: ShellDialect;
  /** The file holding the command's text; the shell sources it. */
  commandFile: string;
  /** A folder to change to before the command (absolute). */
  cwd?: string;
  resetTerminal: boolean;
  timeoutMs: number;
  signal?: AbortSignal;
  onOutput?: (text: string) => void;
  killGraceMs: number;
  /** A command silent this long while blocked reading the terminal is stopped; 0: never. */
  inputWaitMs: number;
  headChars: number;
  tailChars: number;
}

/** What happened to one command; exactly one of `frame` and `exit` is set. */
export interface CommandOutcome {
  /** The shell's report: it came back to its prompt. */
  frame?: Frame;
  /** The shell exited instead (`exit`, `exec`, or killed by us: `killedShell`). */
  exit?: ShellExit;
  killedShell: boolean;
  stopped?: StopReason;
  /** Blocked reading the terminal when stopped, or its last line looked like a question. */
  waitingForInput: boolean;
  output: BoundedText;
}

/** How often the shell is looked at after a frame, until it waits for its next line. */
const CONFIRM_POLL_MS = 2;
/** How often a silent command is checked for a read of the terminal. */
const INPUT_POLL_MS = 250;
/** How long killed process groups are waited for before the result is given anyway. */
const REAP_MS = 2000;
const PROMPT_LIKE = /(?:[?:>\]]|\(y\/n\)|\[y\/n\])\s*$/i;

/**
 * Runs the command in `options.commandFile` in `shell` (which must be idle), framed by a fresh
 * nonce. On timeout, cancel or a read of the terminal with no output for `inputWaitMs`, it is
 * stopped: SIGINT to the shell (an interactive shell then abandons the rest of the command list
 * once the running job ends) and SIGTERM to every process group started since the command
 * began; after `killGraceMs`, SIGKILL to those groups; after another `killGraceMs` without the
 * shell's marker, the shell itself is killed. Background jobs that existed before the command are
 * left alone. The caller checks `signal` before: an already aborted signal is not noticed.
 * Never rejects.
 *
 * Why process groups can be found: the shell leads its own session and has job control, so each
 * pipeline it starts (`cmd`, `cmd &`, `a | b`) gets a group of its own, and everything those
 * start stays in it unless it calls setsid/setpgid itself (daemons escape, by design).
 */
export function runCommand(shell: PtyShell, options: CommandRunOptions): Promise<CommandOutcome> {
  const { dialect, killGraceMs } = options;
  const beginId = newNonce();
  const line = dialect.controlLine(
    beginId,
    options.commandFile,
    options.resetTerminal,
    options.cwd,
  );
  const before = jobGroups(sessionProcesses(shell.pid), shell.pid);
  const newGroups = () =>
    [...jobGroups(sessionProcesses(shell.pid), shell.pid)].filter((g) => !before.has(g));
  const cleaner = new TerminalTextCleaner();
  const buffer = new BoundedOutput(options.headChars, options.tailChars);
  let lastData = Date.now();
  const take = (text: string) => {
    if (!text) return;
    buffer.push(text);
    options.onOutput?.(text);
  };
  // The end marker's nonce is typed for the hook only when the shell waits to read it; a frame
  // counts once the shell then waits for its next line without asking again (see MARK_FUNCTION
  // in dialect.ts). Text after a frame is kept apart: it is the command's only if the frame was
  // not the shell's.
  let candidate: Frame | undefined;
  let afterCandidate = "";
  let stopGiving: (() => void) | undefined;
  const readerFor = (begin: boolean): FrameReader => {
    const nonce = newNonce();
    let given = false;
    return new FrameReader(
      nonce,
      (raw) => {
        if (candidate) afterCandidate += raw;
        else take(cleaner.push(raw));
      },
      {
        ...(begin ? { begin: beginId } : {}),
        onRequest: () => {
          if (candidate) {
            // The shell asks again: that frame was printed by the command, not by the hook.
            candidate = undefined;
            take(cleaner.push(afterCandidate));
            afterCandidate = "";
          }
          if (given) return;
          given = true;
          stopGiving?.();
          stopGiving = shell.giveNonce(nonce);
        },
      },
    );
  };
  let reader = readerFor(true);

  return new Promise((resolve) => {
    const timers: NodeJS.Timeout[] = [];
    let stopped: StopReason | undefined;
    let stoppedAt = 0;
    let waitingForInput = false;
    let killedShell = false;
    let settled = false;

    const finish = async (frame?: Frame, exit?: ShellExit) => {
      if (settled) return;
      settled = true;
      shell.listener = undefined;
      shell.exitListener = undefined;
      stopGiving?.();
      timers.forEach(clearTimeout);
      options.signal?.removeEventListener("abort", onAbort);
      if (!frame) {
        if (candidate) take(cleaner.push(afterCandidate));
        reader.flush();
      }
      take(cleaner.flush());
      if (stopped && frame) await reap(newGroups, stoppedAt + killGraceMs);
      const outcome = { killedShell, waitingForInput, output: buffer.finish() };
      resolve({ ...outcome, ...(frame ? { frame } : {}), ...(exit ? { exit } : {}), stopped });
    };

    const stop = (reason: StopReason) => {
      if (stopped || settled) return;
      stopped = reason;
      stoppedAt = Date.now();
      const procs = sessionProcesses(shell.pid);
      const reading = shell.tty !== undefined && isReadingTerminal(procs, shell.tty);
      waitingForInput =
        reason === "input" ||
        (reason === "timeout" && (reading || PROMPT_LIKE.test(buffer.lastLine())));
      shell.signal("SIGINT");
      signalGroups(newGroups(), "SIGTERM");
      timers.push(
        setTimeout(() => {
          signalGroups(newGroups(), "SIGKILL");
          timers.push(
            setTimeout(() => {
              killedShell = true;
              void shell.kill();
            }, killGraceMs),
          );
        }, killGraceMs),
      );
    };
    const onAbort = () => stop("cancel");

    /** Takes `frame` once the shell waits for its next line twice in a row, not asking again. */
    const confirm = (frame: Frame) => {
      let streak = 0;
      const look = () => {
        if (settled || candidate !== frame) return;
        streak = shell.awaitsLine() ? streak + 1 : 0;
        // Then once more after pending output was read (a request may be on its way).
        if (streak >= 2) return void setImmediate(() => candidate === frame && finish(frame));
        timers.push(setTimeout(look, CONFIRM_POLL_MS));
      };
      look();
    };
    shell.listener = (data) => {
      lastData = Date.now();
      const frame = reader.push(data);
      if (!frame) return;
      const rest = reader.rest;
      candidate = frame;
      afterCandidate = "";
      reader = readerFor(false);
      if (rest) reader.push(rest);
      if (candidate === frame) confirm(frame);
    };
    shell.exitListener = (exit) => void finish(undefined, exit);
    if (shell.exitInfo) return void finish(undefined, shell.exitInfo); // died just before
    timers.push(setTimeout(() => stop("timeout"), options.timeoutMs));
    if (options.inputWaitMs > 0 && shell.tty !== undefined) {
      let streak = 0;
      const tty = shell.tty;
      const poll = setInterval(() => {
        if (stopped || settled) return clearInterval(poll);
        const silent = Date.now() - lastData >= options.inputWaitMs;
        // Two reads in a row, so that a marker already on its way is not taken for a wait.
        streak = silent && isReadingTerminal(sessionProcesses(shell.pid), tty) ? streak + 1 : 0;
        if (streak >= 2) stop("input");
      }, INPUT_POLL_MS);
      timers.push(poll);
    }
    options.signal?.addEventListener("abort", onAbort, { once: true });
    shell.write(`${line}\n`);
  });
}

/**
 * Waits until the groups `groups()` lists are gone: SIGKILL for what is left at `killAt`, and
 * the result is given anyway `REAP_MS` later (a process stuck in the kernel cannot be waited for).
 */
async function reap(groups: () => number[], killAt: number): Promise<void> {
  const giveUpAt = Math.max(killAt, Date.now()) + REAP_MS;
  let killed = false;
  for (;;) {
    const left = groups();
    if (left.length === 0) return;
    const now = Date.now();
    if (!killed && now >= killAt) {
      signalGroups(left, "SIGKILL");
      killed = true;
    }
    if (now >= giveUpAt) return;
    await new Promise((r) => setTimeout(r, 20));
  }
}
