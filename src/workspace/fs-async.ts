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
  readFile as fsReadFile,
  readdir as fsReaddir,
  readlink as fsReadlink,
  realpath as fsRealpath,
  rename as fsRename,
  rm as fsRm,
  rmdir as fsRmdir,
  stat as fsStat,
  unlink as fsUnlink,
  writeFile as fsWriteFile,
  type Mode,
  type PathLike,
  type Stats,
} from "node:fs";
import type * as Fsp from "node:fs/promises";
import { promisify } from "node:util";

export const stat = promisify(fsStat) as typeof Fsp.stat;
export const lstat = promisify(fsLstat) as typeof Fsp.lstat;
/** The system's realpath(3), as `node:fs/promises` uses (not the JavaScript walk of `fs.realpath`). */
export const realpath = promisify(fsRealpath.native) as typeof Fsp.realpath;
export const readdir = promisify(fsReaddir) as typeof Fsp.readdir;
export const readFile = promisify(fsReadFile) as typeof Fsp.readFile;
export const writeFile = promisify(fsWriteFile) as typeof Fsp.writeFile;
export const appendFile = promisify(fsAppendFile) as typeof Fsp.appendFile;
export const readlink = promisify(fsReadlink) as typeof Fsp.readlink;
export const mkdir = promisify(fsMkdir) as typeof Fsp.mkdir;
export const rename = promisify(fsRename) as typeof Fsp.rename;
export const copyFile = promisify(fsCopyFile) as typeof Fsp.copyFile;
export const link = promisify(fsLink) as typeof Fsp.link;
export const unlink = promisify(fsUnlink) as typeof Fsp.unlink;
export const rm = promisify(fsRm) as typeof Fsp.rm;
export const rmdir = promisify(fsRmdir) as typeof Fsp.rmdir;
export const access = promisify(fsAccess) as typeof Fsp.access;

const openFd = promisify(fsOpen);
const fstat = promisify(fsFstat);
const close = promisify(fsClose);
const fchmod = promisify(fsFchmod);
const fsync = promisify(fsFsync);
const writeAll = promisify(fsWriteFile);

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
