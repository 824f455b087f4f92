/** The repository on disk: root discovery, the path sandbox, ignore rules, the walk, binary sniffing. */
export { createWorkspace, type DirEntry, type Workspace } from "./workspace.js";
export { findRepoRoot } from "./repo-root.js";
export { WorkspaceError } from "./errors.js";
export {
  isInside,
  resolveInRoot,
  staysInsideSync,
  toPosixRelative,
  type ResolvedPath,
} from "./sandbox.js";
export { ALWAYS_SKIPPED } from "./ignore-rules.js";
export type { WalkOptions } from "./walk.js";
export { BINARY_SNIFF_BYTES, isBinaryBuffer, isBinaryFile } from "./binary.js";
export { TextDoc, toLf, type Eol } from "./text-format.js";
export { diffText, type TextDiff } from "./diff.js";
export {
  contentHash,
  countLines,
  covers,
  createReadTracker,
  MAX_TRACKED_BYTES,
  mergeSpans,
  ReadTracker,
  spansAfterEdit,
  type LineEdit,
  type LineSpan,
  type ReadState,
} from "./read-tracker.js";
export { resolveWriteTarget, type WriteTarget } from "./write-target.js";
export type { FileDelegate } from "./file-delegate.js";
export {
  NONBLOCKING_READ,
  readBoundedFileSync,
  readRepoFileSync,
  repoFileProblem,
  type SafeReadOptions,
  type SafeReadResult,
} from "./safe-read.js";
export {
  SECRET_FILE_PATTERNS,
  secretNameReason,
  secretReason,
  setSecretFilePatterns,
} from "./secret-files.js";
export { compileGlob } from "./glob-match.js";
export { repoOwnDir } from "./repo-dir.js";
export {
  writeFileAtomic,
  replaceCacheFileSync,
  writeFilesAtomic,
  type FileWrite,
  type WriteOps,
  type WriteOptions,
} from "./atomic-write.js";
export { journalFolder, recoverJournals, type RecoveredBatch } from "./batch-journal.js";
export {
  Checkpoints,
  openCheckpoints,
  readCheckpointEntries,
  type CheckpointEntry,
  type CheckpointFile,
  type CheckpointsOptions,
  type Snapshot,
  type StoredFile,
  type UndoResult,
} from "./checkpoints.js";
export { formatSize } from "./format-size.js";
export { HeldByFifo, stopIfHeldByFifo } from "./fifo-wait.js";
