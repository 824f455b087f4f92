import type { AgentEvent } from "../../agent/events.js";
import type { AnyTool } from "../../agent/tool.js";
import type { Logger } from "../../log/logger.js";
import type { SandboxProfile } from "../../shell/index.js";
import {
  createEditTools,
  createExitPlanModeTool,
  createReadTools,
  createShellKillTool,
  createShellOutputTool,
  createShellTool,
} from "../../tools/index.js";
import {
  createReadTracker,
  type Checkpoints,
  type FileDelegate,
  type Workspace,
} from "../../workspace/index.js";
import { createShellSet, type ShellSet } from "./shell-set.js";

/** The tools of background jobs, offered once the session started one (`ToolSetDeps.withheld`). */
export const JOB_TOOLS: readonly string[] = ["shell_output", "shell_kill"];

/** Where a running shell command's output goes: the current turn's events, under its call id. */
export interface LiveOutput {
  emit: (event: AgentEvent) => void;
  shellCall?: string;
}

/**
 * Every tool of a session, sharing one read tracker (edits need prior reads), the persistent
 * shells (one per sandbox profile, each started on its first command; the caller disposes them)
 * and the checkpoints for undo (opened on the first change).
 */
export function createSessionTools(deps: {
  workspace: Workspace;
  env: Record<string, string | undefined>;
  logger: Logger;
  checkpoints: () => Promise<Checkpoints>;
  live: LiveOutput;
  /** The repository's write-journal folder (crash-safe edit batches); none when unwritable. */
  journal?: string | undefined;
  /** Where commands run now unless the model asks to `escalate` (read per call). */
  profile: () => SandboxProfile;
  /** Variable names removed from every shell's environment: every provider key variable. */
  secretEnv: readonly string[];
  /** Absolute paths hidden inside the sandbox (`sandboxMasks`); none when absent. */
  mask?: readonly string[];
  /** `false`: `shell_run` refuses `escalate` (nobody here may allow leaving the sandbox). */
  escalation?: boolean;
  /** Where the file tools read and write text instead of the disk (an editor's buffers). */
  files?: FileDelegate;
  /** Background jobs running at once at most (config `shell.maxBackground`). */
  maxBackground?: number;
  /** Told when a background job started or ended (the status line's count). */
  jobsChanged?: () => void;
}): { tools: AnyTool[]; shells: ShellSet } {
  const { workspace, logger, checkpoints, live } = deps;
  const tracker = createReadTracker();
  const shells = createShellSet({
    root: workspace.root,
    env: deps.env,
    logger,
    secretEnv: deps.secretEnv,
    mask: deps.mask ?? [],
    extraRoots: workspace.extraRoots,
    ...(deps.maxBackground ? { maxBackground: deps.maxBackground } : {}),
    ...(deps.jobsChanged ? { jobsChanged: deps.jobsChanged } : {}),
  });
  const tools: AnyTool[] = [
    ...createReadTools(workspace, tracker, deps.files),
    ...createEditTools(workspace, {
      tracker,
      ...(deps.files ? { files: deps.files } : {}),
      checkpoints: { record: async (change) => (await checkpoints()).record(change) },
      ...(deps.journal ? { journal: deps.journal } : {}),
    }),
    createShellTool(workspace, (profile) => shells.get(profile), {
      profile: deps.profile,
      // A checkpoint before each command, so undo covers what it changed in the repository; none
      // for the read-only sandbox (ask, plan before acceptance), where nothing can change.
      hooks: {
        before: async () =>
          deps.profile() === "read-only" ? undefined : (await checkpoints()).snapshot(),
        after: async (snapshot) => {
          if (snapshot === undefined) return undefined;
          const entry = await (await checkpoints()).recordSince(snapshot, { tool: "shell_run" });
          return entry ? { changed: entry.files.map((file) => file.path) } : undefined;
        },
      },
      // Only one command runs at a time, so its output belongs to the latest shell_run call.
      onOutput: (text) =>
        live.shellCall && live.emit({ type: "tool_output", id: live.shellCall, text }),
      logger,
      ...(deps.escalation === false ? { escalation: false } : {}),
      jobs: shells.jobs,
    }),
    createShellOutputTool(shells.jobs),
    createShellKillTool(shells.jobs),
    createExitPlanModeTool(),
  ];
  return { tools, shells };
}

/**
 * Points a running command's output at the call that started it: a `shell_run` of the main agent
 * reports under its own id; one of a sub-agent inside that sub-agent's `subagent` events.
 */
export function routeShellOutput(
  live: LiveOutput,
  emit: (event: AgentEvent) => void,
  event: AgentEvent,
): void {
  if (event.type === "tool_call" && event.name === "shell_run") {
    live.shellCall = event.id;
    live.emit = emit;
  } else if (
    event.type === "subagent" &&
    event.event.type === "tool_call" &&
    event.event.name === "shell_run"
  ) {
    live.shellCall = event.event.id;
    live.emit = (inner) => emit({ ...event, event: inner });
  }
}
