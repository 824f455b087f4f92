import { randomBytes } from "node:crypto";
import * as fsp from "node:fs/promises";
import path from "node:path";

/** One file to write: its real path and its new bytes. */
export interface FileWrite {
  absolute: string;
  data: Uint8Array;
}

/** The fs calls that can fail midway; tests inject failures through them. */
export interface WriteOps {
  rename(from: string, to: string): Promise<void>;
}

const defaultOps: WriteOps = { rename: fsp.rename };

/** `.name.north-<random>.<suffix>` beside `file`. */
function sidecar(file: string, suffix: string): string {
  const tag = randomBytes(6).toString("hex");
  return path.join(path.dirname(file), `.${path.basename(file)}.north-${tag}.${suffix}`);
}

/** Writes one file atomically; see `writeFilesAtomic`. */
export async function writeFileAtomic(absolute: string, data: Uint8Array): Promise<void> {
  await writeFilesAtomic([{ absolute, data }]);
}

interface Staged {
  target: string;
  temp: string;
  /** Hard link (or copy) of the old file, made just before the rename; null for a new file. */
  backup: string | null;
  existed: boolean;
  renamed: boolean;
  copied: boolean;
}

/**
 * Writes several files all or nothing. Each file goes to a temporary file in its own folder
 * (`.name.north-<random>.tmp`: written, fsynced, given the old file's mode), then every old file
 * is hard-linked to a backup, then the temporaries are renamed over their targets. A failure
 * before the renames writes nothing; a failed rename puts back the files already renamed from
 * their backups (and removes the ones created), so nothing on disk changes. A killed process
 * leaves each file whole, old or new (a rename is atomic), plus possibly stray sidecar files.
 * Where a rename crosses filesystems (EXDEV, EBUSY: a bind-mounted file), the new bytes are
 * copied over the target instead — not atomic, but never leaving the target missing.
 * Missing parent folders are created (and removed again on failure).
 * @throws the first fs error, after cleaning up.
 */
export async function writeFilesAtomic(
  writes: readonly FileWrite[],
  ops: WriteOps = defaultOps,
): Promise<void> {
  const staged: Staged[] = [];
  const madeDirs: string[] = [];
  try {
    for (const write of writes) staged.push(await stage(write, madeDirs));
    for (const item of staged) {
      if (!item.existed) continue;
      item.backup = sidecar(item.target, "bak");
      await fsp.link(item.target, item.backup).catch(() => fsp.copyFile(item.target, item.backup!));
    }
    for (const item of staged) await swapIn(item, ops);
  } catch (error) {
    await rollBack(staged, madeDirs);
    throw error;
  }
  await Promise.all(staged.map((s) => (s.backup ? fsp.rm(s.backup, { force: true }) : null)));
  await Promise.all([...new Set(staged.map((s) => path.dirname(s.target)))].map(syncDir));
}

async function stage(write: FileWrite, madeDirs: string[]): Promise<Staged> {
  const target = write.absolute;
  let mode: number | undefined;
  try {
    const info = await fsp.lstat(target);
    if (!info.isFile()) throw new Error(`${target} is not a regular file`);
    mode = info.mode & 0o7777;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
    const made = await fsp.mkdir(path.dirname(target), { recursive: true });
    if (made) madeDirs.push(made);
  }
  const temp = sidecar(target, "tmp");
  const item: Staged = {
    target,
    temp,
    backup: null,
    existed: mode !== undefined,
    renamed: false,
    copied: false,
  };
  const handle = await fsp.open(temp, "wx", 0o666);
  try {
    await handle.writeFile(write.data);
    if (mode !== undefined) await handle.chmod(mode);
    await handle.sync();
  } catch (error) {
    await handle.close();
    await fsp.rm(temp, { force: true });
    throw error;
  }
  await handle.close();
  return item;
}

async function swapIn(item: Staged, ops: WriteOps): Promise<void> {
  try {
    await ops.rename(item.temp, item.target);
    item.renamed = true;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== "EXDEV" && code !== "EBUSY") throw error;
    await fsp.copyFile(item.temp, item.target);
    item.copied = true;
    await fsp.rm(item.temp, { force: true });
  }
}

/**
 * Undoes what was done: old files back from their backups, created files and folders removed.
 * Never throws (the caller rethrows the error that caused the roll-back); each step is tried.
 */
async function rollBack(staged: Staged[], madeDirs: string[]): Promise<void> {
  const attempt = (work: () => Promise<unknown>) => work().catch(() => undefined);
  for (const item of staged) {
    if (item.renamed || item.copied) {
      if (item.backup) await attempt(() => putBack(item));
      else await attempt(() => fsp.rm(item.target, { force: true }));
    }
    await attempt(() => fsp.rm(item.temp, { force: true }));
    if (item.backup) await attempt(() => fsp.rm(item.backup!, { force: true }));
  }
  for (const dir of madeDirs.reverse()) {
    await attempt(() => fsp.rm(dir, { recursive: true, force: true }));
  }
}

async function putBack(item: Staged): Promise<void> {
  try {
    await fsp.rename(item.backup!, item.target);
    item.backup = null;
  } catch {
    await fsp.copyFile(item.backup!, item.target);
  }
}

/** Makes renames in `dir` durable; best effort (some filesystems refuse to open folders). */
async function syncDir(dir: string): Promise<void> {
  try {
    const handle = await fsp.open(dir, "r");
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
  } catch {
    // Not supported here: the data itself was fsynced.
  }
}
