/**
 * The promise forms of the `node:fs` calls North makes, over `node:fs`'s callbacks. Import them
 * from here, not from `node:fs/promises`: loading that module (and the thirteen it brings,
 * readline's among them) costs every run ~1.3 ms before its first request, and a plain answer
 * needs none of it. Same arguments, results and errors (`code`, `syscall`, `path`) as
 * `node:fs/promises`; `open` gives a `FileHandleLite` with the methods North uses.
 */
import {
  access as fsAccess,
  appendFile as fsAppendFile,
  close as fsClose,
  copyFile as fsCopyFile,
  fchmod as fsFchmod,
  fstat as fsFstat,
  fsync as fsFsync,
  link as fsLink,
  lstat as fsLstat,
  mkdir as fsMkdir,
  open as fsOpen,
  read as fsRead,
  readdir as fsReaddir,
  readlink as fsReadlink,
  realpath as fsRealpath,
  rename as fsRename,
  rm as fsRm,
  rmdir as fsRmdir,
  stat as fsStat,
  writeFile as fsWriteFile,
  type Mode,
  type PathLike,
  type Stats,
} from "node:fs";
import type * as Fsp from "node:fs/promises";

/**
 * `fn`'s promise form: `fn(...args, callback)`, settled by the callback's error or value. Not
 * `util.promisify`, which copies each function's properties (~10 µs apiece at start-up).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
function promised(fn: (...args: any[]) => void): (...args: unknown[]) => Promise<any> {
  return (...args) =>
    new Promise((resolve, reject) =>
      fn(...args, (error: Error | null, value?: unknown) =>
        error ? reject(error) : resolve(value),
      ),
    );
}

export const stat = promised(fsStat) as typeof Fsp.stat;
export const lstat = promised(fsLstat) as typeof Fsp.lstat;
/** The system's realpath(3), as `node:fs/promises` uses (not the JavaScript walk of `fs.realpath`). */
export const realpath = promised(fsRealpath.native) as typeof Fsp.realpath;
export const readdir = promised(fsReaddir) as typeof Fsp.readdir;
export const writeFile = promised(fsWriteFile) as typeof Fsp.writeFile;
export const appendFile = promised(fsAppendFile) as typeof Fsp.appendFile;
export const readlink = promised(fsReadlink) as typeof Fsp.readlink;
export const mkdir = promised(fsMkdir) as typeof Fsp.mkdir;
export const rename = promised(fsRename) as typeof Fsp.rename;
export const copyFile = promised(fsCopyFile) as typeof Fsp.copyFile;
export const link = promised(fsLink) as typeof Fsp.link;
export const rm = promised(fsRm) as typeof Fsp.rm;
export const rmdir = promised(fsRmdir) as typeof Fsp.rmdir;
export const access = promised(fsAccess) as typeof Fsp.access;

const openFd = promised(fsOpen) as (
  path: PathLike,
  flags: string | number,
  mode?: Mode,
) => Promise<number>;
const fstat = promised(fsFstat) as (fd: number) => Promise<Stats>;
const close = promised(fsClose) as (fd: number) => Promise<void>;
const fchmod = promised(fsFchmod) as (fd: number, mode: Mode) => Promise<void>;
const fsync = promised(fsFsync) as (fd: number) => Promise<void>;
const writeAll = promised(fsWriteFile) as (fd: number, data: string | Uint8Array) => Promise<void>;

/** An open file: the part of `node:fs/promises`' `FileHandle` North uses. Close it once. */
export interface FileHandleLite {
  readonly fd: number;
  /** Reads into `buffer` at `offset`; from `position`, or from the current one when null or left out. */
  read(
    buffer: Uint8Array,
    offset: number,
    length: number,
    position?: number | null,
  ): Promise<{ bytesRead: number }>;
  stat(): Promise<Stats>;
  /** Writes all of `data` from the current position. */
  writeFile(data: string | Uint8Array): Promise<void>;
  chmod(mode: number): Promise<void>;
  sync(): Promise<void>;
  close(): Promise<void>;
}

export async function open(
  path: PathLike,
  flags: string | number = "r",
  mode?: Mode,
): Promise<FileHandleLite> {
  const fd = await openFd(path, flags, mode);
  return {
    fd,
    read: (buffer, offset, length, position = null) =>
      new Promise((resolve, reject) =>
        fsRead(fd, buffer, offset, length, position, (error, bytesRead) =>
          error ? reject(error) : resolve({ bytesRead }),
        ),
      ),
    stat: () => fstat(fd),
    writeFile: (data) => writeAll(fd, data),
    chmod: (mode) => fchmod(fd, mode),
    sync: () => fsync(fd),
    close: () => close(fd),
  };
}

/** Bytes asked for at a time where the size is not known (a FIFO, a /proc file). */
const PIECE_BYTES = 16 * 1024;

/**
 * A whole file, as `node:fs/promises`' `readFile` gives it (a string with an encoding), read
 * through `open` — not `fs.readFile`, whose reader is one more of Node's modules to load, and
 * after the heap cap (src/modes/heap.ts) Node compiles it from source.
 */
export async function readFile(
  path: PathLike,
  options: BufferEncoding | (ReadOptions & { encoding: BufferEncoding }),
): Promise<string>;
export async function readFile(
  path: PathLike,
  options?: ReadOptions & { encoding?: null },
): Promise<Buffer>;
export async function readFile(
  path: PathLike,
  options?: BufferEncoding | ReadOptions,
): Promise<Buffer | string> {
  const { encoding, flag } = typeof options === "string" ? { encoding: options } : (options ?? {});
  const handle = await open(path, flag ?? "r");
  try {
    const data = await readWhole(handle);
    return encoding ? data.toString(encoding) : data;
  } finally {
    await handle.close();
  }
}

/**
 * What `handle` holds, read as `node:fs/promises` reads it: a regular file up to the size it had
 * when looked at (one still being written is not followed), anything else to its end.
 */
export async function readWhole(handle: FileHandleLite): Promise<Buffer> {
  const info = await handle.stat();
  const size = info.isFile() && info.size > 0 ? info.size : undefined;
  const chunks: Buffer[] = [];
  let total = 0;
  for (;;) {
    const want = size === undefined ? PIECE_BYTES : size - total;
    if (want === 0) break;
    const buffer = Buffer.allocUnsafe(want);
    const { bytesRead } = await handle.read(buffer, 0, want, null);
    if (bytesRead === 0) break;
    chunks.push(bytesRead === want ? buffer : buffer.subarray(0, bytesRead));
    total += bytesRead;
  }
  return chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, total);
}

interface ReadOptions {
  encoding?: BufferEncoding | null;
  flag?: string | number;
}
