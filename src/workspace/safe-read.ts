/**
 * The one way North itself reads a file to build a prompt (rules, the project card, manifests,
 * custom commands, `@` mentions, `.env`): the file's real path (symlinks resolved) must be inside
 * the repository, it must be a regular file, it is opened without blocking (a FIFO is refused,
 * never waited on; the type is checked again on the open descriptor, so a swap between the check
 * and the open cannot slip a FIFO or a device in) and read with a size cap.
 * Real paths come from the system's `realpath` (`realpathSync.native`, as `fs/promises` does):
 * Node's own `realpathSync` walks the path in JavaScript, a `lstat` per folder.
 *
 * One read path, synchronous: most of its callers run before a run's first request (config and
 * settings through json-file.ts, `.env`, the rules block, the project card's own file, the MCP
 * project file, custom commands and agent definitions, the legacy permission file, git's HEAD),
 * where each trip through libuv's thread pool leaves the main thread waiting. The others (`@`
 * mentions, read_readme, the card's README, ignore files) read files under the same caps (2 MiB at most), for
 * which the thread pool buys nothing; a FIFO swapped in never blocks (opened O_NONBLOCK).
 */
import {
  closeSync,
  constants,
  fstatSync,
  openSync,
  readSync,
  realpathSync,
  statSync,
  type Stats,
} from "node:fs";
import { resolve } from "node:path";
import { isInside } from "./sandbox.js";

export interface SafeReadOptions {
  /** Bytes read at most; a longer file is cut there (`truncated`). */
  maxBytes: number;
}

/** A file read within the rules, or why it was not. */
export type SafeReadResult =
  | {
      ok: true;
      /** The bytes read, decoded as UTF-8 (a character cut by the cap is dropped). */
      text: string;
      /** The bytes read (at most `maxBytes`). */
      bytes: Buffer;
      /** The file is longer than `maxBytes`. */
      truncated: boolean;
      /** Size and modification time of the file read (fstat of the open descriptor). */
      size: number;
      mtimeMs: number;
    }
  | {
      ok: false;
      /** A clause for the person, e.g. "it leads outside the repository (to /etc/passwd)". */
      reason: string;
      /** Nothing is there: callers that look for optional files skip it without a word. */
      missing: boolean;
    };

type Failure = Extract<SafeReadResult, { ok: false }>;

/**
 * `flag` for reading a repository file that was checked to be a regular file: should a FIFO have
 * been swapped in since (a process the model started can do that), it reads as empty instead of
 * waiting for a writer — a blocked read would hold one of libuv's four threads for good.
 */
export const NONBLOCKING_READ = constants.O_RDONLY | (constants.O_NONBLOCK ?? 0);

/** Opened read-only and never blocking; the final component must not be a symlink (it was resolved). */
const OPEN_FLAGS = constants.O_RDONLY | (constants.O_NONBLOCK ?? 0) | (constants.O_NOFOLLOW ?? 0);
const CHUNK = 64 * 1024;

/** `relPath` (relative to `root`, or absolute) read within the repository rules; never throws. */
export function readRepoFileSync(
  root: string,
  relPath: string,
  options: SafeReadOptions,
): SafeReadResult {
  let realRoot: string;
  try {
    realRoot = realpathSync.native(root);
  } catch (error) {
    return failure(error);
  }
  return readCheckedSync(resolve(realRoot, relPath), realRoot, options);
}

/**
 * A file outside any repository that is still the person's own (a parent folder's CLAUDE.md, the
 * config folder's AGENTS.md): symlinks may lead anywhere, but it must be a regular file, is opened
 * without blocking and read with the cap.
 */
export function readBoundedFileSync(absolute: string, options: SafeReadOptions): SafeReadResult {
  return readCheckedSync(absolute, undefined, options);
}

/**
 * Whether `relPath` could be read by `readRepoFileSync`, without reading it: `undefined` when it can
 * or when nothing is there, else the reason. For notices about files read later in the background.
 */
export function repoFileProblem(root: string, relPath: string): string | undefined {
  try {
    const realRoot = realpathSync.native(root);
    const real = realpathSync.native(resolve(realRoot, relPath));
    return checkReal(real, realRoot, statSync(real))?.reason;
  } catch (error) {
    const failed = failure(error);
    return failed.missing ? undefined : failed.reason;
  }
}

function readCheckedSync(
  absolute: string,
  root: string | undefined,
  options: SafeReadOptions,
): SafeReadResult {
  let real: string;
  let fd: number;
  try {
    real = realpathSync.native(absolute);
    const problem = checkReal(real, root, statSync(real));
    if (problem) return problem;
    fd = openSync(real, OPEN_FLAGS);
  } catch (error) {
    return failure(error);
  }
  try {
    const info = fstatSync(fd);
    const problem = checkReal(real, root, info);
    if (problem) return problem;
    const chunks: Buffer[] = [];
    let total = 0;
    for (;;) {
      const want = Math.min(CHUNK, options.maxBytes + 1 - total);
      if (want <= 0) break;
      const buffer = Buffer.alloc(want);
      const bytesRead = readSync(fd, buffer, 0, want, null);
      if (bytesRead === 0) break;
      chunks.push(buffer.subarray(0, bytesRead));
      total += bytesRead;
    }
    return success(Buffer.concat(chunks), options.maxBytes, info);
  } catch (error) {
    return failure(error);
  } finally {
    closeSync(fd);
  }
}

function checkReal(real: string, root: string | undefined, info: Stats): Failure | undefined {
  if (root !== undefined && !isInside(root, real)) {
    return { ok: false, reason: `it leads outside the repository (to ${real})`, missing: false };
  }
  if (!info.isFile()) {
    return { ok: false, reason: `it is ${kindOf(info)}, not a regular file`, missing: false };
  }
  return undefined;
}

function success(read: Buffer, maxBytes: number, info: Stats): SafeReadResult {
  const truncated = read.length > maxBytes;
  const bytes = truncated ? read.subarray(0, maxBytes) : read;
  let text = bytes.toString("utf8");
  if (truncated) text = text.replace(/\uFFFD+$/, "");
  return { ok: true, text, bytes, truncated, size: info.size, mtimeMs: info.mtimeMs };
}

function failure(error: unknown): Failure {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === "ENOENT" || code === "ENOTDIR") {
    return { ok: false, reason: "it does not exist", missing: true };
  }
  if (code === "ELOOP") return { ok: false, reason: "it is a symlink loop", missing: false };
  return {
    ok: false,
    reason: `it cannot be read (${code ?? (error as Error).message})`,
    missing: false,
  };
}

function kindOf(info: Stats): string {
  if (info.isDirectory()) return "a folder";
  if (info.isFIFO()) return "a named pipe (FIFO)";
  if (info.isCharacterDevice() || info.isBlockDevice()) return "a device";
  if (info.isSocket()) return "a socket";
  return "not a plain file";
}
