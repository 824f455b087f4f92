import { defineChangeTool, ToolError, type Review, type ZodModule } from "../../agent/tool.js";
import type { Logger } from "../../log/logger.js";
import {
  type BackgroundJobs,
  DEFAULT_TIMEOUT_MS,
  detectDanger,
  detectWorkLoss,
  ShellError,
  type Restart,
  type ShellResult,
  type SandboxProfile,
  type ShellService,
  type StopReason,
} from "../../shell/index.js";
import type { Workspace } from "../../workspace/index.js";
import { atRisk } from "./uncommitted.js";
import description from "./description.md";
import {
  displayCwd,
  formatShellResult,
  sandboxDenial,
  sandboxDenialNote,
} from "./format-result.js";
import { maskForModel } from "../../log/secret-formats.js";
import { formatJobOutput } from "../shell-output/shell-output.js";

/** For renderers: what ran, where, and how it ended. The output itself is the result's content. */
export interface ShellRunDetails {
  command: string;
  /** Where it started, as in the review: `.`, relative to the root, or absolute outside it. */
  cwd: string;
  /** Where the shell is now, same form. */
  cwdAfter: string;
  /** `$?`; the shell's exit code when it exited; null when the shell was killed. */
  exitCode: number | null;
  durationMs: number;
  stopped?: StopReason;
  waitingForInput: boolean;
  restart?: Restart;
  /** Bytes of cleaned output before the cut. */
  outputBytes: number;
  /** Where it ran (see `Review.sandbox`). */
  sandbox: SandboxProfile;
  /** Files of the repository it changed (created, edited, deleted), as the checkpoint saw them. */
  changed?: readonly string[];
  /**
   * Set when it ran in the sandbox and failed the way the sandbox makes commands fail
   * (`sandboxDenial`: a guess from the output), so headless runs can report it.
   */
  sandboxDenied?: "write" | "network";
  /** Started in the background (`background: true`): the job's id. */
  background?: string;
}

/** What a hook is told about the command (`cwd` absolute). */
export interface ShellCommandInfo {
  command: string;
  cwd: string;
}

/**
 * A seam around every command that runs (after approval), e.g. for checkpoints: `before` takes a
 * snapshot, `after` records what changed since. `before` failing stops the command from running
 * (the error goes to the model); `after` runs however the command ended (exit, timeout, cancel,
 * shell restart) and its failures are logged, never reported.
 */
export interface ShellHooks<T = unknown> {
  before(info: ShellCommandInfo): Promise<T>;
  /** May say which files of the repository the command changed (`changed`, relative paths). */
  after(
    token: T,
    info: ShellCommandInfo,
    result: ShellResult,
  ): Promise<{ changed?: readonly string[] } | undefined | void>;
}

export interface ShellToolOptions<T = unknown> {
  /** Where commands run unless the model asks to leave the sandbox (`escalate`): read per call. */
  profile: () => SandboxProfile;
  hooks?: ShellHooks<T>;
  /** Output as it arrives, for a live view (see `RunOptions.onOutput`); one command at a time. */
  onOutput?: (text: string) => void;
  logger?: Logger;
  /**
   * `false`: nobody can allow a command outside the sandbox here (`north mcp serve`): a call with
   * `escalate` is refused before anything runs, and no result suggests it. Default true.
   */
  escalation?: boolean;
  /** Where `background: true` starts its job; absent: the argument is refused. */
  jobs?: BackgroundJobs;
}

/** The refusal of `escalate` where no person can allow it. */
export const NO_ESCALATION =
  "Refused: commands here run only in the OS sandbox (no network, writes only in the repository); `escalate` is not available and nothing ran. Run the command without escalate if it can work inside the sandbox; else tell the person what you wanted to run and why.";

const schema = (z: ZodModule) =>
  z.object({
    command: z.string().min(1).describe("The command (shell syntax; several lines allowed)"),
    timeout_seconds: z.number().int().min(1).max(600).optional().describe("Default 60, max 600"),
    escalate: z
      .string()
      .min(1)
      .optional()
      .describe("Why it must run outside the sandbox (network, writes outside the repo)"),
    background: z.boolean().optional().describe("Start a server/watcher; returns at once"),
  });

/**
 * The danger of a sandboxed command: the reason of `detectWorkLoss` and what git says it would
 * discard (`atRisk`), or undefined when it discards nothing uncommitted.
 */
async function workDanger(root: string, command: string, cwd: string) {
  const loss = detectWorkLoss(command, { root, cwd });
  if (!loss) return undefined;
  const lost = await atRisk(root, loss);
  if (lost === undefined && loss.loss !== "remote") return undefined;
  return lost ? `${loss.reason} ${lost}` : loss.reason;
}

/**
 * `shell_run`: proposes the command with the current cwd, where it would run (`review.sandbox`:
 * the session's profile, or "none" when the model asks to `escalate`, with its reason) and a
 * `danger` reason for commands that destroy what an undo cannot restore (advice, see
 * `detectDanger`); once allowed, runs it in `shells(review.sandbox)`, starting in the cwd of the
 * shell used last (so a `cd` carries over between the sandboxed and the unsandboxed shell), and
 * reports output, exit code and time, or why it was stopped — plus, when a sandboxed command
 * failed the way the sandbox makes commands fail, how to ask to run it outside.
 * `shells` must return the same service for the same profile; services cost nothing until their
 * first command, and the session disposes them at exit.
 * @throws ToolError when no shell can be started.
 */
export function createShellTool<T>(
  ws: Workspace,
  shells: (profile: SandboxProfile) => ShellService,
  options: ShellToolOptions<T>,
) {
  let last: ShellService | undefined;
  /** `background: true`: the job starts in the shell's cwd, in the profile the review named. */
  const startJob = async (command: string, cwd: string, sandbox: SandboxProfile) => {
    if (!options.jobs)
      throw new ToolError(
        "Background jobs are not available here; run the command without background.",
      );
    try {
      const out = await options.jobs.start(command, cwd, sandbox);
      const details: ShellRunDetails = {
        command,
        cwd: displayCwd(ws.root, cwd),
        cwdAfter: displayCwd(ws.root, cwd),
        exitCode: out.job.exitCode ?? null,
        durationMs: 0,
        waitingForInput: false,
        outputBytes: out.text.length,
        sandbox,
        background: out.job.id,
      };
      const started = `Started background job ${out.job.id}; read it with shell_output, stop it with shell_kill.`;
      return {
        content: `${started}\n\n${formatJobOutput(out)}`,
        details,
        truncated: out.truncated,
      };
    } catch (error) {
      if (error instanceof ShellError) throw new ToolError(error.message);
      throw error;
    }
  };
  return defineChangeTool({
    name: "shell_run",
    kind: "shell",
    description,
    schema,
    async prepare(args) {
      if (args.escalate !== undefined && options.escalation === false)
        throw new ToolError(NO_ESCALATION);
      const cwd = last?.cwd ?? ws.root;
      const sandbox: SandboxProfile = args.escalate ? "none" : options.profile();
      // Outside the sandbox: anything an undo cannot restore. Inside it (which keeps everything
      // else out of reach): what it would discard of the person's uncommitted work.
      const danger =
        sandbox === "workspace-write"
          ? await workDanger(ws.root, args.command, cwd)
          : sandbox === "none"
            ? detectDanger(args.command, { root: ws.root, cwd })
            : undefined;
      const review: Review = {
        type: "command",
        command: args.command,
        cwd: displayCwd(ws.root, cwd),
        sandbox,
        ...(args.escalate ? { escalate: args.escalate } : {}),
        ...(danger ? { danger } : {}),
      };
      return {
        review,
        async apply(ctx) {
          if (args.background) return startJob(args.command, last?.cwd ?? ws.root, sandbox);
          const shell = shells(sandbox);
          const info = { command: args.command, cwd: last?.cwd ?? shell.cwd };
          const timeoutMs = (args.timeout_seconds ?? DEFAULT_TIMEOUT_MS / 1000) * 1000;
          const token = options.hooks ? await options.hooks.before(info) : undefined;
          let result: ShellResult;
          try {
            result = await shell.run(args.command, {
              timeoutMs,
              signal: ctx.signal,
              cwd: info.cwd,
              ...(options.onOutput ? { onOutput: options.onOutput } : {}),
            });
          } catch (error) {
            if (error instanceof ShellError) throw new ToolError(error.message);
            throw error;
          } finally {
            last = shell;
          }
          const after = options.hooks
            ? await options.hooks.after(token as T, info, result).catch((error: unknown) => {
                options.logger?.log("shell_hook_failed", { error: String(error) });
              })
            : undefined;
          const changed = after ? after.changed : undefined;
          const denied = sandbox === "none" ? undefined : sandboxDenial(result);
          const details: ShellRunDetails = {
            command: args.command,
            cwd: displayCwd(ws.root, info.cwd),
            cwdAfter: displayCwd(ws.root, result.cwd),
            exitCode: result.exitCode,
            durationMs: result.durationMs,
            waitingForInput: result.waitingForInput,
            outputBytes: result.totalBytes,
            sandbox,
            ...(changed && changed.length > 0 ? { changed } : {}),
            ...(result.stopped ? { stopped: result.stopped } : {}),
            ...(result.restart ? { restart: result.restart } : {}),
            ...(denied ? { sandboxDenied: denied } : {}),
          };
          const note =
            sandbox === "none" || options.escalation === false
              ? undefined
              : sandboxDenialNote(result, sandbox);
          const content = maskForModel(formatShellResult(result, ws.root, info.cwd, timeoutMs));
          return {
            content: note ? `${content} ${note}` : content,
            details,
            truncated: result.truncated,
          };
        },
      };
    },
  });
}
