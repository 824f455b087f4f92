import {
  chmodSync,
  closeSync,
  fchmodSync,
  openSync,
  mkdirSync,
  renameSync,
  statSync,
  writeSync,
} from "node:fs";
import { homedir } from "node:os";
import { basename, dirname, join } from "node:path";
import { maskSecrets } from "./secrets.js";
import { isoTime } from "./timestamp.js";

export interface Logger {
  /** Appends one JSON line. Never throws: a log that cannot be written is dropped silently. */
  log(event: string, fields?: Record<string, unknown>): void;
  /** Flushes and closes; resolves even if the file could not be written. */
  close(): Promise<void>;
}

const SECRET_KEY = /key|token|secret|authorization|password/i;
const SECRET_VALUE = /\b(sk-[A-Za-z0-9_-]{8,}|sk-ant-[A-Za-z0-9_-]{8,}|Bearer\s+\S+)/g;

/** `$XDG_STATE_HOME/north/north.log`, default `~/.local/state/north/north.log`. */
export function defaultLogPath(env: Record<string, string | undefined> = process.env): string {
  const state = env.XDG_STATE_HOME || join(homedir(), ".local", "state");
  return join(state, "north", "north.log");
}

export type LogLevel = "debug" | "info" | "warn" | "error" | "off";
export const LOG_LEVELS: readonly LogLevel[] = ["debug", "info", "warn", "error", "off"];
const RANK: Record<LogLevel, number> = { debug: 0, info: 1, warn: 2, error: 3, off: 4 };

/** The log is rotated when it passes this size: north.log → north.log.1 … .{@link LOG_KEEP}. */
export const LOG_ROTATE_BYTES = 5 * 1024 * 1024;
export const LOG_KEEP = 3;

/** The level of an event, by its name: failures are errors, refusals and retries warnings. */
export function levelOf(event: string): Exclude<LogLevel, "off"> {
  if (/error|failed|crash|fatal/.test(event)) return "error";
  if (/warn|refused|retry|denied|timeout|skipped/.test(event)) return "warn";
  if (/delta|tool_output|^usage$|^context$/.test(event)) return "debug";
  return "info";
}

export interface LoggerOptions {
  /** Lines below this level are not written (default: `NORTH_LOG_LEVEL`, else info). */
  level?: LogLevel;
  rotateBytes?: number;
}

/**
 * A JSON-lines logger on one file, opened for appending on the first line written; each line is
 * one synchronous append (a few microseconds for a local file, and no stream machinery for a
 * short headless run to load; a line is never lost to a crash or `process.exit`). Fields whose name
 * looks like a credential are replaced, key-shaped strings and every configured key value
 * (`secrets.ts`) are masked wherever they appear. The file is 0600 and its folder 0700 (both
 * are set again when they already exist with wider rights). Each line carries its `level`
 * ({@link levelOf}); a file past `rotateBytes` is rotated, keeping {@link LOG_KEEP} old ones.
 */
export function createLogger(path: string = defaultLogPath(), options: LoggerOptions = {}): Logger {
  const wanted = options.level ?? envLevel(process.env.NORTH_LOG_LEVEL);
  const limit = options.rotateBytes ?? LOG_ROTATE_BYTES;
  let fd: number | undefined;
  let broken = false;
  let written = 0;
  /** Each event name's level, decided once (deltas are logged thousands of times a turn). */
  const levels = new Map<string, Exclude<LogLevel, "off">>();
  const rotate = () => {
    for (let i = LOG_KEEP - 1; i >= 1; i--) renameQuietly(`${path}.${i}`, `${path}.${i + 1}`);
    renameQuietly(path, `${path}.1`);
    written = 0;
  };
  const shut = () => {
    if (fd === undefined) return;
    try {
      closeSync(fd);
    } catch {
      // Already closed.
    }
    fd = undefined;
  };
  const open = (): number | undefined => {
    if (fd !== undefined || broken) return fd;
    try {
      mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
      // Only North's own folder: a log put elsewhere must not change a shared folder's rights.
      if (basename(dirname(path)) === "north") chmodSync(dirname(path), 0o700);
      written = sizeOf(path);
      if (written > 0 && written >= limit) rotate();
      fd = openSync(path, "a", 0o600);
      fchmodSync(fd, 0o600);
    } catch {
      broken = true;
      shut();
    }
    return fd;
  };
  return {
    log(event, fields = {}) {
      let level = levels.get(event);
      if (level === undefined) levels.set(event, (level = levelOf(event)));
      if (RANK[level] < RANK[wanted]) return;
      try {
        const line = JSON.stringify(
          { ts: isoTime(), level, event, pid: process.pid, ...fields },
          redact,
        );
        const text = `${maskSecrets(line).replace(SECRET_VALUE, "[redacted]")}\n`;
        const bytes = Buffer.byteLength(text);
        // A line that would pass the limit goes to a new file: this one ends and moves aside.
        if (fd !== undefined && written > 0 && written + bytes > limit) {
          shut();
          rotate();
        }
        const out = open();
        if (out === undefined) return;
        writeSync(out, text);
        written += bytes;
      } catch {
        // A failure to log never stops a run (a full disk: this line is dropped).
      }
    },
    close() {
      shut();
      return Promise.resolve();
    },
  };
}

function envLevel(value: string | undefined): LogLevel {
  return LOG_LEVELS.includes(value as LogLevel) ? (value as LogLevel) : "info";
}

function sizeOf(path: string): number {
  try {
    return statSync(path).size;
  } catch {
    return 0;
  }
}

function renameQuietly(from: string, to: string): void {
  try {
    renameSync(from, to);
  } catch {
    // Nothing to move.
  }
}

function redact(key: string, value: unknown): unknown {
  if (key && SECRET_KEY.test(key) && typeof value === "string" && !/_tokens$|^tokens?$/.test(key)) {
    return "[redacted]";
  }
  return value;
}

/** A logger that writes nothing, for tests and `--no-log`-like situations. */
export const silentLogger: Logger = { log() {}, close: async () => {} };
