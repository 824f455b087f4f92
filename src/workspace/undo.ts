import { NONBLOCKING_READ } from "./safe-read.js";
import { readFile, realpath, rm, rmdir } from "node:fs/promises";
import { dirname, sep } from "node:path";
import { writeFilesAtomic, type FileWrite } from "./atomic-write.js";
import type { BlobRef, CheckpointEntry, CheckpointStore } from "./checkpoint-store.js";
import { contentHash } from "./read-tracker.js";
import { resolveWriteTarget } from "./write-target.js";

/** What an undo did, per file. */
export interface UndoResult {
  /** The turns undone, oldest first (empty when there was nothing to undo). */
  turns: { session: string; turn: number }[];
  /**
   * Files put back: `restored` (old content), `deleted` (it was created), `recreated` (it was
   * deleted), `unchanged` (already in its old state).
   */
  restored: { path: string; action: "restored" | "deleted" | "recreated" | "unchanged" }[];
  /**
   * Files left alone: `changed` (changed since the checkpoint; pass it in `overwrite` to restore
   * anyway), `unknown` (its content before is not known), `refused` (the path is refused now, or
   * the checkpoint data is missing). `message` says it in a sentence.
   */
  skipped: { path: string; reason: "changed" | "unknown" | "refused"; message: string }[];
  /** No file was skipped as `changed`: the turns are marked undone. */
  complete: boolean;
}

/** The entries of the last turns and, per file, its state before the first and after the last. */
export interface UndoPlan {
  ids: string[];
  turns: { session: string; turn: number }[];
  files: Map<string, { before: BlobRef | null | "unknown"; after: BlobRef | null }>;
}

/** Chooses the entries of the last `turns` turns among `active` (oldest first). */
export function planUndo(active: readonly CheckpointEntry[], turns: number): UndoPlan {
  const keys: string[] = [];
  for (const entry of active) {
    const key = `${entry.session}\0${entry.turn}`;
    const at = keys.indexOf(key);
    if (at !== -1) keys.splice(at, 1);
    keys.push(key);
  }
  const chosen = new Set(keys.slice(Math.max(0, keys.length - turns)));
  const picked = active.filter((e) => chosen.has(`${e.session}\0${e.turn}`));
  const files: UndoPlan["files"] = new Map();
  for (const entry of picked) {
    for (const file of entry.files) {
      const known = files.get(file.path);
      files.set(file.path, { before: known ? known.before : file.before, after: file.after });
    }
  }
  return {
    ids: picked.map((e) => e.id),
    turns: [...chosen].map((key) => {
      const [session, turn] = key.split("\0");
      return { session: session!, turn: Number(turn) };
    }),
    files,
  };
}

/** Applies a plan; see `Checkpoints.undo`. */
export async function runUndo(
  root: string,
  store: CheckpointStore,
  plan: UndoPlan,
  overwrite: readonly string[],
  /** The repository's write-journal folder: an undo killed midway is rolled back on next start. */
  journal?: string,
): Promise<UndoResult> {
  const result: UndoResult = { turns: plan.turns, restored: [], skipped: [], complete: true };
  const writes: FileWrite[] = [];
  const deletions: string[] = [];
  const done: UndoResult["restored"] = [];
  for (const [rel, { before, after }] of plan.files) {
    const skip = (reason: UndoResult["skipped"][number]["reason"], message: string) =>
      result.skipped.push({ path: rel, reason, message });
    if (before === "unknown") {
      skip("unknown", `${rel}: its content before the change is unknown (no git to snapshot it)`);
      continue;
    }
    let real: string;
    let old: Buffer | null;
    try {
      real = (await resolveWriteTarget(root, rel)).real;
      old = before === null ? null : await store.getBlob(before);
    } catch (error) {
      skip("refused", `${rel}: ${error instanceof Error ? error.message : String(error)}`);
      continue;
    }
    const current = await readFile(real, { flag: NONBLOCKING_READ }).catch(() => null);
    const currentRef = current === null ? null : contentHash(current);
    if (currentRef === before) {
      result.restored.push({ path: rel, action: "unchanged" });
    } else if (currentRef === after || overwrite.includes(rel)) {
      if (old === null) deletions.push(real);
      else writes.push({ absolute: real, data: old });
      const action = old === null ? "deleted" : current === null ? "recreated" : "restored";
      done.push({ path: rel, action });
    } else {
      skip("changed", `${rel} was changed since (not by North); it was not overwritten`);
      result.complete = false;
    }
  }
  await writeFilesAtomic(writes, { journal });
  for (const real of deletions) {
    await rm(real, { force: true });
    await removeEmptyParents(real, root);
  }
  result.restored.push(...done);
  return result;
}

/**
 * The folders a deleted file leaves empty, removed up to (not including) the repository root:
 * an undone `edit_create_file docs/notes.md` takes `docs/` with it when nothing else is there.
 */
async function removeEmptyParents(file: string, root: string): Promise<void> {
  const top = await realpath(root).catch(() => root);
  for (let dir = dirname(file); dir !== top && dir.startsWith(`${top}${sep}`); dir = dirname(dir)) {
    try {
      await rmdir(dir); // fails on a folder that is not empty: then its parents are not either
    } catch {
      return;
    }
  }
}
