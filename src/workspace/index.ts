/** The repository on disk: root discovery, the path sandbox, ignore rules, the walk, binary sniffing. */
export { createWorkspace, type DirEntry, type Workspace } from "./workspace.js";
export { findRepoRoot } from "./repo-root.js";
export { WorkspaceError } from "./errors.js";
export { isInside, resolveInRoot, toPosixRelative, type ResolvedPath } from "./sandbox.js";
export { ALWAYS_SKIPPED } from "./ignore-rules.js";
export type { WalkOptions } from "./walk.js";
export { BINARY_SNIFF_BYTES, isBinaryBuffer, isBinaryFile } from "./binary.js";
