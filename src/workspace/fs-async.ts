/**
 * The promise forms of the `node:fs` calls North makes, over `node:fs`'s callbacks. Import them
 * from here, not from `node:fs/promises`: loading that module (and the thirteen it brings,
 * readline's among them) costs every run ~1.3 ms before its first request, and a plain answer
 * needs none of it. Same arguments, results and errors (`code`, `syscall`, `path`) as
 * `node:fs/promises`; `open` gives a `FileHandleLite` with the methods North uses.
 */
import * as fs from "node:fs";
import type * as Fsp from "node:fs/promises";
import { promisify } from "node:util";

export const stat = promisify(fs.stat) as typeof Fsp.stat;
export const lstat = promisify(fs.lstat) as typeof Fsp.lstat;
/** The system's realpath(3), as `node:fs/promises` uses (not the JavaScript walk of `fs.realpath`). */
export const realpath = promisify(fs.realpath.native) as typeof Fsp.realpath;
export const readdir = promisify(fs.readdir) as typeof Fsp.readdir;
export const readFile = promisify(fs.readFile) as typeof Fsp.readFile;
export const writeFile = promisify(fs.writeFile) as typeof Fsp.writeFile;
export const appendFile = promisify(fs.appendFile) as typeof Fsp.appendFile;
export const readlink = promisify(fs.readlink) as typeof Fsp.readlink;
export const mkdir = promisify(fs.mkdir) as typeof Fsp.mkdir;
export const rename = promisify(fs.rename) as typeof Fsp.rename;
export const copyFile = promisify(fs.copyFile) as typeof Fsp.copyFile;
export const link = promisify(fs.link) as typeof Fsp.link;
export const unlink = promisify(fs.unlink) as typeof Fsp.unlink;
export const rm = promisify(fs.rm) as typeof Fsp.rm;
export const rmdir = promisify(fs.rmdir) as typeof Fsp.rmdir;
export const access = promisify(fs.access) as typeof Fsp.access;

const openFd = promisify(fs.open);
const fstat = promisify(fs.fstat);
const close = promisify(fs.close);
const fchmod = promisify(fs.fchmod);
const fsync = promisify(fs.fsync);
const writeAll = promisify(fs.writeFile);

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
  stat(): Promise<fs.Stats>;
  /** Writes all of `data` from the current position. */
  writeFile(data: string | Uint8Array): Promise<void>;
  chmod(mode: number): Promise<void>;
  sync(): Promise<void>;
  close(): Promise<void>;
}

export async function open(
  path: fs.PathLike,
  flags: string | number = "r",
  mode?: fs.Mode,
): Promise<FileHandleLite> {
  const fd = await openFd(path, flags, mode);
  return {
    fd,
    read: (buffer, offset, length, position = null) =>
      new Promise((resolve, reject) =>
        fs.read(fd, buffer, offset, length, position, (error, bytesRead) =>
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
