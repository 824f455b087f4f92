import { join } from "node:path";
import { CheckpointStore, type CheckpointEntry, type StoredFile } from "./checkpoint-store.js";
import { scanChanges, scanSnapshot, type ScanSnapshot } from "./scan-snapshot.js";
import { ShadowGit, type StartProgram } from "./shadow-git.js";
import { planEntries, planUndo, runUndo, type UndoPlan, type UndoResult } from "./undo.js";
import type { Workspace } from "./workspace.js";
import { isoTime } from "../log/timestamp.js";
import { crypto, sha256Hex } from "../platform/lazy-builtins.js";

export type { CheckpointEntry, StoredFile } from "./checkpoint-store.js";
export type { UndoResult } from "./undo.js";

/** One file a change touched: its bytes before and after (null: it did not exist). */
export interface CheckpointFile {
  /** POSIX, relative to the root. */
  path: string;
  /** `"unknown"` when the content before could not be known (a scan without git). */
  before: Uint8Array | null | "unknown";
  after: Uint8Array | null;
  /** `after` is a symlink (its target's text), made by a command in place of a file or nothing. */
  afterLink?: true;
}

/** What `snapshot` returns; pass it back to `changesSince`. Opaque to callers. */
export type Snapshot = { kind: "git"; tree: string } | { kind: "scan"; files: ScanSnapshot };

export interface CheckpointsOptions {
  ws: Workspace;
  /** North's data dir (`$XDG_DATA_HOME/north`); data goes to `checkpoints/<hash of root>/` in it. */
  dataDir: string;
  /** Names this session's turns apart from earlier sessions' in the same store. */
  session?: string;
  /** Use git for snapshots when available (default true); false forces the mtime/size scan. */
  git?: boolean;
  /** The repository's write-journal folder, for undo's writes (see `writeFilesAtomic`). */
  journal?: string | undefined;
  /** How North's own programs start (the session gives shell/own-programs.ts's, confined). */
  startProgram?: StartProgram;
}

/**
 * The change history of one repository, for undo. Edits record exactly what they wrote
 * (`record`); a shell command is bracketed by `snapshot()` and `recordSince()` (or
 * `changesSince()` + `record()`). Entries persist under the data dir and are reloaded by
 * `openCheckpoints`. Calls are expected one at a time (tools that change things run in order).
 */
export class Checkpoints {
  private turn = 0;

  private constructor(
    private readonly ws: Workspace,
    private readonly store: CheckpointStore,
    private readonly git: ShadowGit | null,
    readonly session: string,
    private readonly entries: CheckpointEntry[],
    private readonly undone: Set<string>,
    private readonly journal: string | undefined,
  ) {}

  /** Opens (or creates) the store of `options.ws.root`, reloading earlier entries. */
  static async open(options: CheckpointsOptions): Promise<Checkpoints> {
    const rootHash = sha256Hex(options.ws.root).slice(0, 16);
    const dir = join(options.dataDir, "checkpoints", rootHash);
    const session = options.session ?? crypto().randomUUID();
    const useGit = options.git !== false && (await ShadowGit.available());
    const git = useGit
      ? new ShadowGit(
          join(dir, "git"),
          options.ws.root,
          join(dir, `index-${session}`),
          options.startProgram,
        )
      : null;
    const store = new CheckpointStore(dir);
    const { entries, undone } = await store.load();
    return new Checkpoints(options.ws, store, git, session, entries, undone, options.journal);
  }

  /** Where the data lives. */
  get dir(): string {
    return this.store.dir;
  }

  /** Whether shell snapshots know contents before a change (git available). */
  get exact(): boolean {
    return this.git !== null;
  }

  /** Sets the turn that following records belong to (the session calls it as a turn starts). */
  setTurn(turn: number): void {
    this.turn = turn;
  }

  /** Entries not undone, oldest first. */
  list(): readonly CheckpointEntry[] {
    return this.entries.filter((e) => !this.undone.has(e.id));
  }

  /**
   * Records the files one tool call changed; files whose before and after are equal are left
   * out, and nothing is recorded when none is left (returns null).
   */
  async record(change: {
    tool: string;
    files: readonly CheckpointFile[];
    turn?: number;
  }): Promise<CheckpointEntry | null> {
    const files: StoredFile[] = [];
    for (const file of change.files) {
      if (file.before !== "unknown" && sameBytes(file.before, file.after)) continue;
      files.push({
        path: file.path,
        before:
          file.before === "unknown" || file.before === null
            ? file.before
            : await this.store.putBlob(file.before),
        after: file.after === null ? null : await this.store.putBlob(file.after),
        ...(file.afterLink ? { afterLink: true as const } : {}),
      });
    }
    if (files.length === 0) return null;
    const mine = this.entries.filter((e) => e.session === this.session).length;
    const entry: CheckpointEntry = {
      id: `${this.session}:${mine + 1}`,
      session: this.session,
      turn: change.turn ?? this.turn,
      tool: change.tool,
      time: isoTime(),
      files,
    };
    await this.store.append({ entry });
    this.entries.push(entry);
    return entry;
  }

  /**
   * The state of the work tree now (ignore rules honoured), for `changesSince`. Should the shadow
   * repository fail (git stopped on a FIFO the work tree holds), a scan serves instead, so the
   * command still runs.
   */
  async snapshot(): Promise<Snapshot> {
    if (this.git) {
      try {
        return { kind: "git", tree: await this.git.snapshot() };
      } catch {
        // Below: the walk reads no FIFO.
      }
    }
    return { kind: "scan", files: await scanSnapshot(this.ws) };
  }

  /** Files created, changed or deleted since `snapshot` (before unknown without git). */
  async changesSince(snapshot: Snapshot): Promise<CheckpointFile[]> {
    if (snapshot.kind === "git" && this.git) {
      return this.git.changes(snapshot.tree, await this.git.snapshot());
    }
    if (snapshot.kind === "scan") return scanChanges(this.ws, snapshot.files);
    throw new Error("snapshot was taken by another Checkpoints object");
  }

  /** `changesSince` + `record`: what a shell command changed, as one checkpoint (null if nothing). */
  async recordSince(
    snapshot: Snapshot,
    change: { tool: string; turn?: number },
  ): Promise<CheckpointEntry | null> {
    return this.record({ ...change, files: await this.changesSince(snapshot) });
  }

  /**
   * Restores the files of the last `turns` turns (that have checkpoints not yet undone) to their
   * state before those turns: edited files get their old bytes back, created files are deleted,
   * deleted files are recreated. A file whose content is no longer what the last checkpoint left
   * (changed since by the person or another program) is skipped and reported, unless its path is
   * in `overwrite`. Turns are marked undone only when no file was skipped for that reason, so a
   * second call (with `overwrite`) finishes the job.
   */
  /** The turns `undo(turns)` would undo, oldest first, without changing anything. */
  undoable(turns = 1): { session: string; turn: number }[] {
    return planUndo(this.list(), turns).turns;
  }

  async undo(turns = 1, options: { overwrite?: readonly string[] } = {}): Promise<UndoResult> {
    return this.runPlan(planUndo(this.list(), turns), options);
  }

  /**
   * The entries not undone that `sessions` recorded at `time` or later, oldest first: what
   * `/rewind` puts back to before a message saved at `time` (edits and commands alike).
   */
  since(time: string, sessions: readonly string[]): CheckpointEntry[] {
    return this.list().filter((e) => e.time >= time && sessions.includes(e.session));
  }

  /** Undoes exactly `entries` (see `undo` for what is skipped and when they count as undone). */
  undoEntries(
    entries: readonly CheckpointEntry[],
    options: { overwrite?: readonly string[] } = {},
  ): Promise<UndoResult> {
    return this.runPlan(planEntries(entries), options);
  }

  private async runPlan(
    plan: UndoPlan,
    options: { overwrite?: readonly string[] },
  ): Promise<UndoResult> {
    const overwrite = options.overwrite ?? [];
    const result = await runUndo(
      this.ws.root,
      this.store,
      plan,
      overwrite,
      this.journal,
      this.ws.extraRoots,
    );
    if (result.complete && plan.ids.length > 0) {
      await this.store.append({ undone: plan.ids, time: isoTime() });
      for (const id of plan.ids) this.undone.add(id);
    }
    return result;
  }
}

/**
 * The entries not undone of the store of `root` under `dataDir`, read at once (no git, no
 * blobs): enough to say which files changed when (the `/rewind` picker). Empty when none.
 */
export function readCheckpointEntries(dataDir: string, root: string): CheckpointEntry[] {
  return CheckpointStore.readSync(join(dataDir, "checkpoints", sha256Hex(root).slice(0, 16)));
}

/** Opens the checkpoints of a workspace; see `Checkpoints.open`. */
export function openCheckpoints(options: CheckpointsOptions): Promise<Checkpoints> {
  return Checkpoints.open(options);
}

function sameBytes(a: Uint8Array | null, b: Uint8Array | null): boolean {
  if (a === null || b === null) return a === b;
  return Buffer.from(a.buffer, a.byteOffset, a.byteLength).equals(b);
}
