import { NONBLOCKING_READ } from "./safe-read.js";
import { lstat, readFile, readlink, realpath, rm, rmdir } from "node:fs/promises";
import { dirname, join, sep } from "node:path";
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
  files: Map<
    string,
    { before: BlobRef | null | "unknown"; after: BlobRef | null; afterLink?: true | undefined }
  >;
  /** Content that left a path in one of these entries (its before there), with those paths. */
  leftFrom: Map<BlobRef, Set<string>>;
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
  return planEntries(active.filter((e) => chosen.has(`${e.session}\0${e.turn}`)));
}

/** The plan that undoes exactly `picked` (oldest first): `/rewind`'s code, `planUndo`'s core. */
export function planEntries(picked: readonly CheckpointEntry[]): UndoPlan {
  const chosen = new Set(picked.map((e) => `${e.session}\0${e.turn}`));
  const files: UndoPlan["files"] = new Map();
  const leftFrom: UndoPlan["leftFrom"] = new Map();
  for (const entry of picked) {
    for (const file of entry.files) {
      if (file.before !== null && file.before !== "unknown" && file.before !== file.after) {
        const paths = leftFrom.get(file.before) ?? new Set<string>();
        leftFrom.set(file.before, paths.add(file.path));
      }
      const known = files.get(file.path);
      files.set(file.path, {
        before: known ? known.before : file.before,
        after: file.after,
        afterLink: file.afterLink,
      });
    }
  }
  return {
    ids: picked.map((e) => e.id),
    turns: [...chosen].map((key) => {
      const [session, turn] = key.split("\0");
      return { session: session!, turn: Number(turn) };
    }),
    files,
    leftFrom,
  };
}

/**
 * Applies a plan; see `Checkpoints.undo`. A symlink the undone turns made (a command's
 * `ln -s`, in place of a file or a folder) is removed first — the link itself, never what it
 * leads to, and only while it still leads where it did — so the file or folder it replaced can
 * come back. A file the turns created is deleted only when its content is not the only copy of
 * a file they removed (`mv d d.real`: `d.real/b.txt` is `d/b.txt` moved): it goes only once that
 * content is back at its old path, else it is kept and said.
 */
export async function runUndo(
  root: string,
  store: CheckpointStore,
  plan: UndoPlan,
  overwrite: readonly string[],
  /** The repository's write-journal folder: an undo killed midway is rolled back on next start. */
  journal?: string,
  /** Folders the person added (`--add-dir`): edits made there are undone by the same rules. */
  extraRoots: readonly string[] = [],
): Promise<UndoResult> {
  const result: UndoResult = { turns: plan.turns, restored: [], skipped: [], complete: true };
  const writes: FileWrite[] = [];
  const deletions: string[] = [];
  const done: UndoResult["restored"] = [];
  const skipOf = (rel: string) => (reason: UndoResult["skipped"][number]["reason"], m: string) =>
    result.skipped.push({ path: rel, reason, message: m });
  // Links first: the paths below them must be folders again before anything is written there.
  const links = new Set<string>();
  const freed = new Set<string>();
  for (const [rel, file] of plan.files) {
    if (!file.afterLink || file.after === null) continue;
    links.add(rel);
    const removed = await removeOwnLink(root, rel, await store.getBlob(file.after));
    if (removed !== true) {
      if (removed === "missing" && file.before === null) {
        result.restored.push({ path: rel, action: "unchanged" });
      } else {
        skipOf(rel)(
          "changed",
          `${rel}: ${removed === "missing" ? "it is gone" : removed}; left as it is`,
        );
        if (removed !== "missing") result.complete = false;
      }
      continue;
    }
    if (file.before === null) done.push({ path: rel, action: "deleted" });
    else {
      links.delete(rel); // its old content is written below, like any file's
      freed.add(rel);
    }
  }
  // Paths whose content is back (written, or still in place) after this undo.
  const back = new Set<string>();
  const created: { rel: string; real: string; content: BlobRef }[] = [];
  for (const [rel, { before, after }] of plan.files) {
    if (links.has(rel)) continue;
    const skip = skipOf(rel);
    if (before === "unknown") {
      skip("unknown", `${rel}: its content before the change is unknown (no git to snapshot it)`);
      continue;
    }
    let real: string;
    let old: Buffer | null;
    try {
      real = (await resolveWriteTarget(root, rel, extraRoots)).real;
      old = before === null ? null : await store.getBlob(before);
    } catch (error) {
      skip("refused", `${rel}: ${error instanceof Error ? error.message : String(error)}`);
      continue;
    }
    const current = await readFile(real, { flag: NONBLOCKING_READ }).catch(() => null);
    const currentRef = current === null ? null : contentHash(current);
    if (currentRef === before) {
      back.add(rel);
      result.restored.push({ path: rel, action: "unchanged" });
    } else if (currentRef === after || freed.has(rel) || overwrite.includes(rel)) {
      if (old === null) {
        // Content that left another path in these turns: maybe that file, moved here.
        if (currentRef !== null && plan.leftFrom.has(currentRef)) {
          created.push({ rel, real, content: currentRef });
          continue;
        }
        deletions.push(real);
      } else {
        writes.push({ absolute: real, data: old });
        back.add(rel);
      }
      const action = old === null ? "deleted" : current === null ? "recreated" : "restored";
      done.push({ path: rel, action });
    } else {
      skip("changed", `${rel} was changed since (not by North); it was not overwritten`);
      result.complete = false;
    }
  }
  // A moved original goes only when its content is back where it was (written above).
  for (const file of created) {
    const from = [...plan.leftFrom.get(file.content)!];
    if (from.some((rel) => back.has(rel))) {
      deletions.push(file.real);
      done.push({ path: file.rel, action: "deleted" });
    } else {
      skipOf(file.rel)(
        "refused",
        `${file.rel} was kept: it holds the only copy of ${from.join(", ")}, which could not be put back`,
      );
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
 * Removes the symlink at `rel` when it is still the one a command made (it leads to `target`),
 * through no symlinked folder above it: true, `"missing"`, or why it was left.
 */
async function removeOwnLink(root: string, rel: string, target: Buffer): Promise<true | string> {
  const top = await realpath(root).catch(() => root);
  const path = join(top, ...rel.split("/"));
  const parent = await realpath(dirname(path)).catch(() => undefined);
  if (parent !== dirname(path)) return "a folder above it is not the one the command worked in";
  const info = await lstat(path).catch(() => undefined);
  if (!info) return "missing";
  if (!info.isSymbolicLink()) return "it is no longer the symlink the command made";
  const now = await readlink(path).catch(() => undefined);
  if (now !== target.toString("utf8")) return "the symlink was changed since";
  await rm(path); // the link itself: rm never follows it
  return true;
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
