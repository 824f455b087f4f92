import { stat } from "node:fs/promises";
import {
  ToolError,
  type FileChange,
  type Proposal,
  type ToolContext,
  type ToolOutput,
} from "../../agent/tool.js";
import {
  diffText,
  resolveWriteTarget,
  WorkspaceError,
  writeFilesAtomic,
  type CheckpointEntry,
  type CheckpointFile,
  type FileDelegate,
  type ReadTracker,
  type Workspace,
} from "../../workspace/index.js";
import { readText, type WorkingFile } from "./working-set.js";

/** Where applied edits are recorded for undo (`Checkpoints` fits). */
export interface CheckpointRecorder {
  record(change: { tool: string; files: CheckpointFile[] }): Promise<CheckpointEntry | null>;
}

/** What the edit tools share: one per session. */
export interface EditToolOptions {
  /** The read tracker `read_file` records into. */
  tracker: ReadTracker;
  /** Records applied edits for undo; without it nothing is recorded. */
  checkpoints?: CheckpointRecorder;
  /**
   * The folder of this repository's write journals (North's data dir): a change killed midway
   * is then finished or rolled back on the next start (`recoverJournals`).
   */
  journal?: string;
  /**
   * Reads and writes through an editor instead of the disk (its unsaved buffers, its undo
   * history); the rules and checkpoints are the same.
   */
  files?: FileDelegate;
}

/** For renderers: the files changed, as reviewed. */
export interface EditDetails {
  files: FileChange[];
  /** Set when the change could not be recorded for undo (the edit itself was applied). */
  checkpointError?: string;
}

/**
 * The proposal of a prepared change: the diff of every file, and an `apply` that re-checks each
 * file (same real path, same bytes as when prepared), writes them all or none, then records the
 * new state in the tracker and a checkpoint.
 * @throws ToolError when nothing would change.
 */
export function buildProposal(
  tool: string,
  ws: Workspace,
  files: readonly WorkingFile[],
  options: EditToolOptions,
  /** The change is one edit: the summary can say where its new text is. */
  singleEdit = true,
): Proposal<EditDetails> {
  const planned = files
    .map((file) => ({ file, bytes: file.doc!.encode(), after: file.doc!.encodedText() }))
    .filter((p) => p.file.original === null || !p.file.original.equals(p.bytes));
  if (planned.length === 0) {
    throw new ToolError("The edit leaves the file exactly as it is; nothing was written.");
  }
  const changes: FileChange[] = planned.map(({ file, after }) => ({
    path: file.relative,
    ...diffText(file.relative, file.originalText, after),
    created: file.original === null,
  }));
  return {
    review: { type: "edit", files: changes },
    async apply(ctx: ToolContext): Promise<ToolOutput<EditDetails>> {
      ctx.signal.throwIfAborted();
      for (const { file } of planned) await recheck(ws, file, options.files);
      try {
        const write = options.files?.write?.bind(options.files);
        if (write) {
          // The editor writes each file (into its buffer and undo history).
          for (const p of planned) await write(p.file.real, p.bytes.toString("utf8"));
        } else {
          await writeFilesAtomic(
            planned.map((p) => ({ absolute: p.file.real, data: p.bytes })),
            { journal: options.journal },
          );
        }
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        throw new ToolError(`Nothing was written: ${message}`);
      }
      const details: EditDetails = { files: changes };
      for (const { file, bytes } of planned) {
        const mtimeMs = await stat(file.real).then(
          (s) => s.mtimeMs,
          () => 0,
        );
        options.tracker.recordWrite(file.real, bytes, { mtimeMs, ...file.known });
      }
      try {
        await options.checkpoints?.record({
          tool,
          files: planned.map((p) => ({
            path: p.file.relative,
            before: p.file.original,
            after: p.bytes,
          })),
        });
      } catch (error) {
        details.checkpointError = error instanceof Error ? error.message : String(error);
      }
      return {
        content: summary(
          planned.map((p) => p.file),
          changes,
          singleEdit,
        ),
        details,
      };
    },
  };
}

/** Refuses to write when the file moved, became a symlink elsewhere, or changed since prepared. */
async function recheck(ws: Workspace, file: WorkingFile, files?: FileDelegate): Promise<void> {
  let real: string;
  try {
    real = (await resolveWriteTarget(ws.root, file.relative, ws.extraRoots)).real;
  } catch (error) {
    if (!(error instanceof WorkspaceError)) throw error;
    throw new ToolError(`Nothing was written: ${error.message}.`);
  }
  if (real !== file.real) {
    throw new ToolError(
      `Nothing was written: ${file.relative} now leads to another file (a symlink changed) since the edit was prepared. Read it again and redo the edit.`,
    );
  }
  const now = await readText(real, files).catch(() => null);
  const same = now === null ? file.original === null : file.original?.equals(now) === true;
  if (!same) {
    throw new ToolError(
      `Nothing was written: ${file.relative} changed on disk while the edit awaited approval. Read it again with read_file and redo the edit.`,
    );
  }
}

/** One line per file: what changed and where the new text now is. */
function summary(
  files: readonly WorkingFile[],
  changes: readonly FileChange[],
  singleEdit: boolean,
): string {
  return files
    .map((file, i) => {
      const c = changes[i]!;
      const counts = `+${c.added} -${c.removed}`;
      const lines = file.doc!.lineCount;
      if (c.created) return `Created ${file.relative} (${lines} line${lines === 1 ? "" : "s"}).`;
      const where =
        singleEdit && file.lastSpan
          ? `; the new text is at lines ${file.lastSpan[0]}-${file.lastSpan[1]}`
          : "";
      return `Edited ${file.relative} (${counts})${where}.`;
    })
    .join("\n");
}
