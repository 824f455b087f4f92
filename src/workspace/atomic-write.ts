import { renameSync, rmSync, writeFileSync } from "node:fs";
import { copyFile, link, lstat, mkdir, open, rename, rm, stat } from "node:fs/promises";
import { basename, dirname, join } from "node:path";
import { BatchJournal, type JournalFile } from "./batch-journal.js";
import { crypto } from "../platform/lazy-builtins.js";

/** One file to write: its real path and its new bytes. */
export interface FileWrite {
  absolute: string;
  data: Uint8Array;
}

/** The fs calls that can fail midway; tests inject failures through them. */
export interface WriteOps {
  rename(from: string, to: string): Promise<void>;
}

const defaultOps: WriteOps = { rename: rename };

/** `.name.north-<random>.<suffix>` beside `file`. */
function sidecar(
  file: string,
  suffix: string,
  tag = crypto().randomBytes(6).toString("hex"),
): string {
  return join(dirname(file), `.${basename(file)}.north-${tag}.${suffix}`);
}

/**
 * Replaces `file` with `data` at once, atomically for readers (a sidecar written whole, then
 * renamed over it) but without fsync: for a small cache that is rebuilt if a crash loses it.
 * Synchronous, so that nothing is left to wait for at exit. Its folder must exist.
 * @throws the fs error, the sidecar removed.
 */
export function replaceCacheFileSync(file: string, data: string | Uint8Array): void {
  // Created, never opened if there (a planted symlink is not followed): the name only has to
  // differ from other writers', so `Math.random` will do and `node:crypto` stays unloaded.
  const temp = sidecar(file, "tmp", Math.floor(Math.random() * 2 ** 48).toString(16));
  try {
    writeFileSync(temp, data, { flag: "wx" });
    renameSync(temp, file);
  } catch (error) {
    rmSync(temp, { force: true });
    throw error;
  }
}

/** How `writeFilesAtomic` writes: the fs calls tests replace, a journal folder, a file mode. */
export interface WriteOptions {
  ops?: WriteOps;
  /**
   * The folder of this repository's batch journals (see `batch-journal.ts`): with it, a batch
   * killed midway is finished or rolled back by `recoverJournals` on the next start. Without
   * it (or when the journal cannot be written) each file is still whole, old or new.
   */
  journal?: string | undefined;
  /** The mode of created files (default 0666 less the umask); replaced files keep theirs. */
  mode?: number;
  /**
   * false: no fsync of the data or the folder, for files that can be rebuilt (a cache). Still
   * atomic for readers: a crash can lose the write, never leave half of it. Default true.
   */
  durable?: boolean;
}

/** Writes one file atomically; see `writeFilesAtomic`. */
export async function writeFileAtomic(
  absolute: string,
  data: Uint8Array,
  options: WriteOptions = {},
): Promise<void> {
  await writeFilesAtomic([{ absolute, data }], options);
}

interface Staged {
  target: string;
  temp: string;
  /** Hard link (or copy) of the old file, made just before the rename; null for a new file. */
  backup: string | null;
  /** The backup's name, chosen before staging so that the journal can name it. */
  backupName: string;
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
 * Missing parent folders are created (and removed again on failure). With `options.journal`, a
 * journal makes the batch all or nothing across a crash too (see `batch-journal.ts`).
 * @throws the first fs error, after cleaning up.
 */
export async function writeFilesAtomic(
  writes: readonly FileWrite[],
  options: WriteOptions = {},
): Promise<void> {
  const ops = options.ops ?? defaultOps;
  const staged: Staged[] = [];
  const madeDirs: string[] = [];
  const names = writes.map((w) => ({
    temp: sidecar(w.absolute, "tmp"),
    backup: sidecar(w.absolute, "bak"),
  }));
  const journal = options.journal ? await openJournal(options.journal, writes, names) : undefined;
  try {
    for (const [i, write] of writes.entries()) {
      staged.push(await stage(write, names[i]!, madeDirs, options));
    }
    for (const item of staged) {
      if (!item.existed) continue;
      item.backup = item.backupName;
      await link(item.target, item.backup).catch(() => copyFile(item.target, item.backup!));
    }
    await journal?.write({
      phase: "renaming",
      files: staged.map((s) => ({ ...journalFile(s), existed: s.existed })),
    });
    for (const item of staged) await swapIn(item, ops);
  } catch (error) {
    await journal?.write({ phase: "rollback" }).catch(() => undefined);
    await rollBack(staged, madeDirs);
    await journal?.remove().catch(() => undefined);
    throw error;
  }
  await Promise.all(staged.map((s) => (s.backup ? rm(s.backup, { force: true }) : null)));
  if (options.durable !== false) {
    await Promise.all([...new Set(staged.map((s) => dirname(s.target)))].map(syncDir));
  }
  await journal?.remove().catch(() => undefined);
}

const journalFile = (s: { target: string; temp: string; backupName: string }): JournalFile => ({
  target: s.target,
  temp: s.temp,
  backup: s.backupName,
  existed: false,
});

/** The journal of this batch, or none when it cannot be written (the data dir is not writable). */
async function openJournal(
  dir: string,
  writes: readonly FileWrite[],
  names: readonly { temp: string; backup: string }[],
): Promise<BatchJournal | undefined> {
  const dirs = new Set<string>();
  for (const write of writes) {
    const top = await topMissingDir(dirname(write.absolute));
    if (top) dirs.add(top);
  }
  const files = writes.map((w, i) =>
    journalFile({ target: w.absolute, temp: names[i]!.temp, backupName: names[i]!.backup }),
  );
  return BatchJournal.create(dir, { files, dirs: [...dirs] }).catch(() => undefined);
}

/** The topmost folder of `dir`'s chain that does not exist yet (undefined when `dir` exists). */
async function topMissingDir(dir: string): Promise<string | undefined> {
  let missing: string | undefined;
  for (let d = dir; ; d = dirname(d)) {
    const found = await stat(d).then(
      () => true,
      () => false,
    );
    if (found || dirname(d) === d) return missing;
    missing = d;
  }
}

async function stage(
  write: FileWrite,
  names: { temp: string; backup: string },
  madeDirs: string[],
  { mode: createMode = 0o666, durable = true }: WriteOptions,
): Promise<Staged> {
  const target = write.absolute;
  let mode: number | undefined;
  try {
    const info = await lstat(target);
    if (!info.isFile()) throw new Error(`${target} is not a regular file`);
    mode = info.mode & 0o7777;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
    const made = await mkdir(dirname(target), { recursive: true });
    if (made) madeDirs.push(made);
  }
  const { temp } = names;
  const item: Staged = {
    target,
    temp,
    backup: null,
    backupName: names.backup,
    existed: mode !== undefined,
    renamed: false,
    copied: false,
  };
  const handle = await open(temp, "wx", createMode);
  try {
    await handle.writeFile(write.data);
    if (mode !== undefined) await handle.chmod(mode);
    if (durable) await handle.sync();
  } catch (error) {
    await handle.close();
    await rm(temp, { force: true });
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
    await copyFile(item.temp, item.target);
    item.copied = true;
    await rm(item.temp, { force: true });
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
      else await attempt(() => rm(item.target, { force: true }));
    }
    await attempt(() => rm(item.temp, { force: true }));
    if (item.backup) await attempt(() => rm(item.backup!, { force: true }));
  }
  for (const dir of madeDirs.reverse()) {
    await attempt(() => rm(dir, { recursive: true, force: true }));
  }
}

async function putBack(item: Staged): Promise<void> {
  try {
    await rename(item.backup!, item.target);
    item.backup = null;
  } catch {
    await copyFile(item.backup!, item.target);
  }
}

/** Makes renames in `dir` durable; best effort (some filesystems refuse to open folders). */
async function syncDir(dir: string): Promise<void> {
  try {
    const handle = await open(dir, "r");
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
  } catch {
    // Not supported here: the data itself was fsynced.
  }
}
