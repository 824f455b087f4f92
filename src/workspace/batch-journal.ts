import { lstat, mkdir, open, readFile, rename, rm, rmdir } from "node:fs/promises";
import { readdirSync } from "node:fs";
import { dirname, join, sep } from "node:path";
import { crypto, sha256Hex } from "../platform/lazy-builtins.js";

/**
 * The journal of one `writeFilesAtomic` call, so that a batch stays all or nothing even when the
 * process is killed midway. It lives in North's data dir (a folder per repository, files 0600)
 * and is written, fsynced, before anything in the repository changes:
 * - `staging`: the targets and the sidecar names (temporaries, backups) about to be made, and the
 *   folders about to be created. Nothing is renamed yet.
 * - `renaming`: every temporary is written and every old file has its backup; renames follow.
 * - `rollback`: a rename failed and the writer is putting the old files back.
 * It is removed when the call ends either way. `recoverJournals` handles those of dead processes.
 */

export interface JournalFile {
  target: string;
  temp: string;
  /** A hard link (or copy) of the old file, made before the renames. */
  backup: string;
  /** Whether the target existed when the batch was staged (only set from `renaming` on). */
  existed: boolean;
}

export interface JournalData {
  version: 1;
  pid: number;
  phase: "staging" | "renaming" | "rollback";
  files: JournalFile[];
  /** Folders the batch creates (the topmost missing one of each target), removed on roll-back. */
  dirs: string[];
}

/** The journal folder of the repository at `root` (real path) in North's data dir. */
export function journalFolder(dataDir: string, root: string): string {
  const hash = sha256Hex(root).slice(0, 16);
  return join(dataDir, "journals", hash);
}

/** Journals this process is writing now (recovery leaves them alone). */
const active = new Set<string>();

/** An open journal; `write` replaces its content durably. */
export class BatchJournal {
  private constructor(
    readonly file: string,
    private data: JournalData,
  ) {}

  /** Creates a journal in `dir` (made 0700) in phase `staging`. */
  static async create(dir: string, data: Omit<JournalData, "version" | "pid" | "phase">) {
    await mkdir(dir, { recursive: true, mode: 0o700 });
    const name = `${process.pid}-${crypto().randomBytes(6).toString("hex")}.json`;
    const journal = new BatchJournal(join(dir, name), {
      version: 1,
      pid: process.pid,
      phase: "staging",
      ...data,
    });
    active.add(journal.file);
    await journal.write({});
    return journal;
  }

  /** Updates fields (a phase, the `existed` flags) and makes the update durable. */
  async write(change: Partial<JournalData>): Promise<void> {
    this.data = { ...this.data, ...change };
    const temp = `${this.file}.${crypto().randomBytes(4).toString("hex")}.tmp`;
    const handle = await open(temp, "wx", 0o600);
    try {
      await handle.writeFile(JSON.stringify(this.data));
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(temp, this.file);
  }

  async remove(): Promise<void> {
    await rm(this.file, { force: true });
    active.delete(this.file);
  }
}

/** What recovery did with one interrupted batch. */
export interface RecoveredBatch {
  /** `rolled-back`: the old files are back; `finished`: every file had its new content already. */
  outcome: "rolled-back" | "finished";
  /** The batch's files (absolute). */
  files: string[];
}

/**
 * Finishes or rolls back the batches of processes that died while writing (journals in `dir`
 * whose pid is not running). A batch whose every rename had happened is finished (its backups
 * removed); any other is rolled back to the old contents. Sidecar files of the batch are removed.
 * Journals of live processes (and this process's own) are left alone. Never throws.
 */
export async function recoverJournals(
  dir: string,
  isRunning: (pid: number) => boolean,
): Promise<RecoveredBatch[]> {
  let all: string[];
  try {
    // Synchronous: every run lists the folder before its first request (see `findRepoRoot`).
    all = readdirSync(dir);
  } catch {
    return [];
  }
  // A journal update cut short leaves its temporary (`<pid>-<hex>.json.<hex>.tmp`).
  for (const name of all.filter((n) => n.endsWith(".tmp"))) {
    const pid = Number(name.split("-")[0]);
    if (pid === process.pid || isRunning(pid)) continue;
    await rm(join(dir, name), { force: true }).catch(() => undefined);
  }
  const names = all.filter((n) => n.endsWith(".json"));
  const out: RecoveredBatch[] = [];
  for (const name of names) {
    const file = join(dir, name);
    let data: JournalData;
    try {
      data = JSON.parse(await readFile(file, "utf8")) as JournalData;
    } catch {
      await rm(file, { force: true }).catch(() => undefined);
      continue;
    }
    // Our own pid on a journal we are not writing: left by an earlier process with that pid.
    if (data.pid === process.pid ? active.has(file) : isRunning(data.pid)) continue;
    const recovered = await recover(data).catch(() => undefined);
    if (recovered) out.push(recovered);
    await rm(file, { force: true }).catch(() => undefined);
  }
  return out;
}

async function recover(data: JournalData): Promise<RecoveredBatch | undefined> {
  const exists = (p: string) =>
    lstat(p).then(
      () => true,
      () => false,
    );
  const files = data.files.map((f) => f.target);
  const attempt = (work: () => Promise<unknown>) => work().catch(() => undefined);
  if (data.phase === "renaming") {
    const pending = await Promise.all(data.files.map((f) => exists(f.temp)));
    if (!pending.some(Boolean)) {
      for (const f of data.files) await attempt(() => rm(f.backup, { force: true }));
      return { outcome: "finished", files };
    }
  }
  for (const f of data.files) {
    if (data.phase !== "staging") {
      if (f.existed && (await exists(f.backup))) await attempt(() => rename(f.backup, f.target));
      else if (!f.existed) await attempt(() => rm(f.target, { force: true }));
    }
    await attempt(() => rm(f.temp, { force: true }));
    await attempt(() => rm(f.backup, { force: true }));
  }
  for (const f of data.files) await removeMadeDirs(dirname(f.target), data.dirs);
  return data.phase === "staging" ? undefined : { outcome: "rolled-back", files };
}

/** Removes `from` and its parents up to one of `made`, while they are empty. */
async function removeMadeDirs(from: string, made: readonly string[]): Promise<void> {
  const top = made.find((d) => from === d || from.startsWith(d + sep));
  if (!top) return;
  for (let dir = from; dir.length >= top.length; dir = dirname(dir)) {
    try {
      await rmdir(dir);
    } catch {
      return;
    }
  }
}
