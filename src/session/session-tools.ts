import type { AgentEvent } from "../agent/events.js";
import type { AnyTool } from "../agent/tool.js";
import type { Logger } from "../log/logger.js";
import { createShellService, type ShellService } from "../shell/index.js";
import {
  createEditTools,
  createExitPlanModeTool,
  createReadTools,
  createShellTool,
} from "../tools/index.js";
import { createReadTracker, type Checkpoints, type Workspace } from "../workspace/index.js";

/** Where a running shell command's output goes: the current turn's events, under its call id. */
export interface LiveOutput {
  emit: (event: AgentEvent) => void;
  shellCall?: string;
}

/**
 * Every tool of a session, sharing one read tracker (edits need prior reads), one persistent
 * shell (started on the first command; the caller disposes it) and the checkpoints for undo
 * (opened on the first change).
 */
export function createSessionTools(deps: {
  workspace: Workspace;
  env: Record<string, string | undefined>;
  logger: Logger;
  checkpoints: () => Promise<Checkpoints>;
  live: LiveOutput;
}): { tools: AnyTool[]; shell: ShellService } {
  const { workspace, logger, checkpoints, live } = deps;
  const tracker = createReadTracker();
  // One persistent shell per session, started on the first command and ended by `dispose`.
  const shell = createShellService({ root: workspace.root, env: deps.env, logger });
  const tools: AnyTool[] = [
    ...createReadTools(workspace, tracker),
    ...createEditTools(workspace, {
      tracker,
      checkpoints: { record: async (change) => (await checkpoints()).record(change) },
    }),
    createShellTool(workspace, shell, {
      hooks: {
        before: async () => (await checkpoints()).snapshot(),
        after: async (snapshot) =>
          void (await (await checkpoints()).recordSince(snapshot, { tool: "shell_run" })),
      },
      // Only one command runs at a time, so its output belongs to the latest shell_run call.
      onOutput: (text) =>
        live.shellCall && live.emit({ type: "tool_output", id: live.shellCall, text }),
      logger,
    }),
    createExitPlanModeTool(),
  ];
  return { tools, shell };
}
