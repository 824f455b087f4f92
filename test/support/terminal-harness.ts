/**
 * Drives the built CLI in a real pseudo-terminal (node-pty) and reads the screen back through a
 * headless terminal emulator (@xterm/headless): type keys, wait for what a person would see.
 *
 * ```ts
 * const term = await startTerminal({ cwd: repo, env });
 * await term.waitFor("Ask North");
 * term.type("hello"); term.press("enter");
 * await term.waitFor(/north\s+Hi/);
 * ```
 * Waits re-check the screen after every chunk of output is parsed; they never sleep.
 */
import { closeSync, constants, openSync, readFileSync, writeSync } from "node:fs";
import { spawn, type IPty } from "@lydell/node-pty";
import xterm from "@xterm/headless";
import { CLI } from "./cli-runner.js";
import { untilTestDeadline } from "./test-deadline.js";

const { Terminal } = xterm;

/** Key names for {@link TuiTerminal.press}. */
export const KEYS = {
  enter: "\r",
  escape: "\x1b",
  backspace: "\x7f",
  tab: "\t",
  up: "\x1b[A",
  down: "\x1b[B",
  right: "\x1b[C",
  left: "\x1b[D",
  home: "\x1b[H",
  end: "\x1b[F",
  delete: "\x1b[3~",
  "alt+left": "\x1b[1;3D",
  "alt+right": "\x1b[1;3C",
  "ctrl+a": "\x01",
  "ctrl+c": "\x03",
  "ctrl+d": "\x04",
  "ctrl+e": "\x05",
  "ctrl+g": "\x07",
  "ctrl+j": "\n",
  "ctrl+k": "\x0b",
  "ctrl+s": "\x13",
  "ctrl+t": "\x14",
  "ctrl+u": "\x15",
  "ctrl+w": "\x17",
  "ctrl+x": "\x18",
} as const;

export type KeyName = keyof typeof KEYS;

/** Variables a terminal test must not inherit (CI=true makes Ink draw nothing). */
const SCRUB = [
  "ANTHROPIC_API_KEY",
  "ANTHROPIC_BASE_URL",
  "OPENAI_API_KEY",
  "OPENAI_BASE_URL",
  "CI",
  "NO_COLOR",
  "FORCE_COLOR",
  // The interface follows the locale: tests run in English unless they set one.
  "LC_ALL",
  "LC_MESSAGES",
];

export interface TerminalOptions {
  cwd: string;
  env: Record<string, string>;
  args?: string[];
  cols?: number;
  rows?: number;
  /** Where to find the CLI; default the built `dist/north.js`. */
  cli?: string;
  /**
   * Answer the program's OSC 11 query (its terminal's background colour) with this colour, as
   * `rgb:ffff/ffff/ffff`; ended by BEL, or by ST with `backgroundEnd: "st"`. Without it the
   * query goes unanswered, as in a terminal that does not support it.
   */
  background?: string;
  backgroundEnd?: "bel" | "st";
}

/** An OSC number no terminal uses: the marker `resizeWhenQuiet` sends itself. */
const SYNC_OSC = 7770;

/** The `/proc` state letter of `pid` (T: stopped), or "" once it is gone. */
function processState(pid: number): string {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "latin1");
    return stat.slice(stat.lastIndexOf(")") + 2, stat.lastIndexOf(")") + 3);
  } catch {
    return "";
  }
}

/** The OSC 11 query, ended by BEL or ST. */
const BACKGROUND_QUERY = /\x1b\]11;\?(?:\x07|\x1b\\)/g;

interface Waiter {
  check: () => boolean;
  resolve: () => void;
}

/** Synchronized output (DEC mode 2026): what comes between them is shown at once. */
const SYNC_BEGIN = "\x1b[?2026h";
const SYNC_END = "\x1b[?2026l";

export class TuiTerminal {
  readonly term: InstanceType<typeof Terminal>;
  /** Everything the program wrote, as received. */
  raw = "";
  /** Bytes written by the program. */
  bytes = 0;
  exited: Promise<{ exitCode: number; signal?: number }>;
  private waiters = new Set<Waiter>();
  /** Whether the output so far ends inside a synchronized update, and its last few characters. */
  private inSync = false;
  private syncTail = "";
  /**
   * The screen as of the last chunk parsed outside a synchronized update. xterm may go on parsing
   * the next chunks (half a frame) before a test that a waiter released runs: the test must see
   * what a terminal would show, the last whole frame.
   */
  private shown: string[] | undefined;
  private exitInfo: { exitCode: number; signal?: number } | undefined;
  private syncs = 0;

  /** OSC 11 queries seen (and answered, with a background). */
  backgroundQueries = 0;
  private queryTail = "";

  constructor(
    readonly pty: IPty,
    cols: number,
    rows: number,
    background?: { color: string; end: "bel" | "st" },
  ) {
    this.term = new Terminal({ cols, rows, scrollback: 10_000, allowProposedApi: true });
    pty.onData((data) => {
      this.raw += data;
      this.bytes += Buffer.byteLength(data);
      // A query may be cut across chunks: the end of the last one is looked at again.
      const window = this.queryTail + data;
      let after = 0;
      for (const match of window.matchAll(BACKGROUND_QUERY)) {
        after = match.index + match[0].length;
        this.backgroundQueries++;
        if (background)
          pty.write(`\x1b]11;${background.color}${background.end === "st" ? "\x1b\\" : "\x07"}`);
      }
      this.queryTail = window.slice(Math.max(after, window.length - 7));
      // Inside a synchronized update (ESC[?2026h … ESC[?2026l, as Ink writes each frame) a
      // terminal shows nothing new until the update ends: neither do the waiters look.
      const seen = this.syncTail + data;
      const begin = seen.lastIndexOf(SYNC_BEGIN);
      const end = seen.lastIndexOf(SYNC_END);
      if (begin !== -1 || end !== -1) this.inSync = begin > end;
      this.syncTail = seen.slice(-(SYNC_BEGIN.length - 1));
      const settled = !this.inSync;
      this.term.write(data, () => {
        if (!settled) return;
        this.shown = this.parsedLines();
        this.check();
      });
    });
    this.exited = new Promise((resolve) => {
      pty.onExit((info) => {
        this.exitInfo = info;
        // Let the last output be parsed before anyone looks at the screen.
        this.term.write("", () => {
          this.shown = this.parsedLines();
          this.check();
          resolve(info);
        });
      });
    });
  }

  /** The visible screen, one string per row, right-trimmed: the last whole frame (see `shown`). */
  lines(): string[] {
    return [...(this.shown ?? this.parsedLines())];
  }

  /**
   * Forgets the output received so far (`raw`, `bytes`): for a terminal kept across tests
   * (`useSharedTui`), once the program has cleared its screen and scrollback.
   */
  forgetOutput(): void {
    this.raw = "";
    this.bytes = 0;
  }

  /** Whether the program has not exited yet. */
  get running(): boolean {
    return this.exitInfo === undefined;
  }

  /** What xterm has parsed so far, which may end halfway through a frame. */
  private parsedLines(): string[] {
    const buffer = this.term.buffer.active;
    const out: string[] = [];
    for (let y = 0; y < this.term.rows; y++)
      out.push(buffer.getLine(buffer.viewportY + y)?.translateToString(true) ?? "");
    return out;
  }

  screen(): string {
    return this.lines().join("\n");
  }

  /** Scrollback and screen together. */
  all(): string {
    const buffer = this.term.buffer.active;
    const out: string[] = [];
    for (let y = 0; y < buffer.length; y++)
      out.push(buffer.getLine(y)?.translateToString(true) ?? "");
    return out.join("\n");
  }

  write(data: string): void {
    this.pty.write(data);
  }

  type(text: string): void {
    this.pty.write(text);
  }

  press(...keys: KeyName[]): void {
    for (const key of keys) this.pty.write(KEYS[key]);
  }

  /** Resizes the terminal: the program gets SIGWINCH; the screen reflows as xterm's does. */
  resize(cols: number, rows: number): void {
    this.pty.resize(cols, rows);
    this.term.resize(cols, rows);
    // xterm reflows what it shows at once; the program's next frame follows.
    this.shown = this.parsedLines();
  }

  /**
   * Resizes the terminal at a moment when none of the program's output is on its way: the
   * program is stopped (SIGSTOP), everything it wrote is parsed (a marker written to the pty's
   * other end after it comes back through the same queue), then the terminal resizes and the
   * program goes on (SIGCONT) and gets SIGWINCH. A plain `resize` while the program draws (a
   * spinner ticks every 80 ms) lets a frame drawn for the old width reach the resized terminal —
   * a race no program can win, which a test of what resizing leaves behind must not depend on.
   */
  async resizeWhenQuiet(cols: number, rows: number): Promise<void> {
    const pid = this.pty.pid;
    process.kill(pid, "SIGSTOP");
    const deadline = Date.now() + untilTestDeadline();
    while (processState(pid) !== "T") {
      if (Date.now() > deadline) throw new Error("the program did not stop on SIGSTOP");
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
    const token = `sync-${++this.syncs}`;
    const parsed = new Promise<void>((resolve) => {
      const handler = this.term.parser.registerOscHandler(SYNC_OSC, (data) => {
        if (data !== token) return false;
        handler.dispose();
        resolve();
        return true;
      });
    });
    const ptsName = (this.pty as unknown as { ptsName: string }).ptsName;
    const fd = openSync(ptsName, constants.O_WRONLY | constants.O_NOCTTY);
    try {
      writeSync(fd, `\x1b]${SYNC_OSC};${token}\x07`);
    } finally {
      closeSync(fd);
    }
    await parsed;
    this.resize(cols, rows);
    process.kill(pid, "SIGCONT");
  }

  /** Sends `text` as a bracketed paste. */
  paste(text: string): void {
    this.pty.write(`\x1b[200~${text}\x1b[201~`);
  }

  /**
   * Resolves once the screen (or, with `where: "all"`, the scrollback too) matches. Rejects
   * after `timeoutMs` (default: just before the test's own timeout, `untilTestDeadline`) with
   * the screen in the message.
   */
  waitFor(
    expected: string | RegExp | ((screen: string) => boolean),
    {
      timeoutMs = untilTestDeadline(),
      where = "screen",
    }: { timeoutMs?: number; where?: "screen" | "all" } = {},
  ): Promise<void> {
    const read = () => (where === "all" ? this.all() : this.screen());
    const matches = () => {
      const text = read();
      if (typeof expected === "string") return text.includes(expected);
      if (expected instanceof RegExp) return expected.test(text);
      return expected(text);
    };
    return new Promise((resolve, reject) => {
      if (matches()) return resolve();
      const waiter: Waiter = { check: matches, resolve };
      this.waiters.add(waiter);
      const timer = setTimeout(() => {
        this.waiters.delete(waiter);
        const state = this.exitInfo ? ` (exited with ${this.exitInfo.exitCode})` : "";
        reject(
          new Error(`timed out waiting for ${String(expected)}${state}; screen:\n${this.screen()}`),
        );
      }, timeoutMs);
      waiter.resolve = () => {
        clearTimeout(timer);
        resolve();
      };
    });
  }

  /** Ends the program if it still runs. */
  kill(): void {
    if (!this.exitInfo) {
      try {
        this.pty.kill();
      } catch {
        // Already gone.
      }
    }
    this.term.dispose();
  }

  private check(): void {
    for (const waiter of [...this.waiters]) {
      if (waiter.check()) {
        this.waiters.delete(waiter);
        waiter.resolve();
      }
    }
  }
}

/** Starts `north` (or `options.args`) in a fresh pseudo-terminal. */
export function startTerminal(options: TerminalOptions): TuiTerminal {
  const env: Record<string, string> = {};
  for (const [name, value] of Object.entries(process.env))
    if (value !== undefined) env[name] = value;
  for (const name of SCRUB) delete env[name];
  Object.assign(env, { TERM: "xterm-256color", LANG: "C.UTF-8" }, options.env);
  const cols = options.cols ?? 100;
  const rows = options.rows ?? 30;
  const pty = spawn(process.execPath, [options.cli ?? CLI, ...(options.args ?? [])], {
    name: "xterm-256color",
    cols,
    rows,
    cwd: options.cwd,
    env,
  });
  const background = options.background
    ? { color: options.background, end: options.backgroundEnd ?? "bel" }
    : undefined;
  return new TuiTerminal(pty, cols, rows, background);
}
