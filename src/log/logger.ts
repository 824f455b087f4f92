import { chmodSync, createWriteStream, fchmod, mkdirSync, type WriteStream } from "node:fs";
import { homedir } from "node:os";
import { basename, dirname, join } from "node:path";
import { maskSecrets } from "./secrets.js";

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

/**
 * A JSON-lines logger on one append stream, opened on the first line written. Fields whose name
 * looks like a credential are replaced, key-shaped strings and every configured key value
 * (`secrets.ts`) are masked wherever they appear. The file is 0600 and its folder 0700 (both
 * are set again when they already exist with wider rights).
 */
export function createLogger(path: string = defaultLogPath()): Logger {
  let stream: WriteStream | undefined;
  let broken = false;
  const open = (): WriteStream | undefined => {
    if (stream || broken) return stream;
    try {
      mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
      // Only North's own folder: a log put elsewhere must not change a shared folder's rights.
      if (basename(dirname(path)) === "north") chmodSync(dirname(path), 0o700);
      stream = createWriteStream(path, { flags: "a", mode: 0o600 });
      stream.on("open", (fd: number) => fchmod(fd, 0o600, () => {}));
      stream.on("error", () => {
        broken = true;
      });
    } catch {
      broken = true;
    }
    return stream;
  };
  return {
    log(event, fields = {}) {
      try {
        const line = JSON.stringify(
          { ts: new Date().toISOString(), event, pid: process.pid, ...fields },
          redact,
        );
        open()?.write(`${maskSecrets(line).replace(SECRET_VALUE, "[redacted]")}\n`);
      } catch {
        // A failure to log never stops a run.
      }
    },
    close() {
      return new Promise((resolve) => {
        if (!stream || broken) return resolve();
        stream.end(() => resolve());
      });
    },
  };
}

function redact(key: string, value: unknown): unknown {
  if (key && SECRET_KEY.test(key) && typeof value === "string" && !/_tokens$|^tokens?$/.test(key)) {
    return "[redacted]";
  }
  return value;
}

/** A logger that writes nothing, for tests and `--no-log`-like situations. */
export const silentLogger: Logger = { log() {}, close: async () => {} };
