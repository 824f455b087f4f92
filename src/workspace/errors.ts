/**
 * A refusal or failure the model can act on (a path outside the root, a missing file). Its message
 * is written for the model. `workspace/` cannot import `agent/`, so tools map this error to their
 * own `ToolError` in one place (`tools/tool-path.ts`).
 */
export class WorkspaceError extends Error {
  override name = "WorkspaceError";
}
