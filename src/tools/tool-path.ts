import { stat } from "node:fs/promises";
import { ToolError } from "../agent/tool.js";
import { WorkspaceError, type ResolvedPath, type Workspace } from "../workspace/index.js";

/** A sandbox-checked path and what is there (`"missing"` when nothing is). */
export interface ToolPath extends ResolvedPath {
  type: "file" | "dir" | "other" | "missing";
  size: number;
}

/**
 * Resolves a path argument through the workspace sandbox and stats it.
 * @throws ToolError when the path leaves the root (the workspace's message, for the model).
 */
export async function resolveToolPath(ws: Workspace, userPath: string): Promise<ToolPath> {
  const resolved = await asToolError(ws.resolve(userPath));
  try {
    const info = await stat(resolved.absolute);
    const type = info.isFile() ? "file" : info.isDirectory() ? "dir" : "other";
    return { ...resolved, type, size: info.size };
  } catch {
    return { ...resolved, type: "missing", size: 0 };
  }
}

/** Awaits `work`, turning a `WorkspaceError` into a `ToolError` with the same message. */
export async function asToolError<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (error instanceof WorkspaceError) throw new ToolError(error.message);
    throw error;
  }
}
