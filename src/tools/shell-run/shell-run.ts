import * as z from "zod";
import { defineChangeTool, ToolError, type Review } from "../../agent/tool.js";
import type { Logger } from "../../log/logger.js";
import {
  DEFAULT_TIMEOUT_MS,
  detectDanger,
  ShellError,
  type Restart,
  type ShellResult,
  type ShellService,
  type StopReason,
} from "../../shell/index.js";
import type { Workspace } from "../../workspace/index.js";
import description from "./description.md";
import { displayCwd, formatShellResult } from "./format-result.js";

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
  after(token: T, info: ShellCommandInfo, result: ShellResult): Promise<void>;
}

export interface ShellToolOptions<T = unknown> {
  hooks?: ShellHooks<T>;
  /** Output as it arrives, for a live view (see `RunOptions.onOutput`); one command at a time. */
  onOutput?: (text: string) => void;
  logger?: Logger;
}

const schema = z.object({
  command: z.string().min(1).describe("The command (shell syntax; several lines allowed)"),
  timeout_seconds: z.number().int().min(1).max(600).optional().describe("Default 60, max 600"),
});

/**
 * `shell_run`: proposes the command with the shell's current cwd (and a `danger` reason for
 * commands that destroy what an undo cannot restore, see `detectDanger`); once allowed, runs it
 * in `shell` and reports output, exit code and time, or why it was stopped.
 * `shell` costs nothing until its first command; the session disposes it at exit.
 * @throws ToolError when no shell can be started.
 */
export function createShellTool<T>(
  ws: Workspace,
  shell: ShellService,
  options: ShellToolOptions<T> = {},
) {
  return defineChangeTool({
    name: "shell_run",
    kind: "shell",
    description,
    schema,
    async prepare(args) {
      const cwd = shell.cwd;
      const danger = detectDanger(args.command, { root: ws.root, cwd });
      const review: Review = {
        type: "command",
        command: args.command,
        cwd: displayCwd(ws.root, cwd),
        ...(danger ? { danger } : {}),
      };
      return {
        review,
        async apply(ctx) {
          const info = { command: args.command, cwd: shell.cwd };
          const timeoutMs = (args.timeout_seconds ?? DEFAULT_TIMEOUT_MS / 1000) * 1000;
          const token = options.hooks ? await options.hooks.before(info) : undefined;
          let result: ShellResult;
          try {
            result = await shell.run(args.command, {
              timeoutMs,
              signal: ctx.signal,
              ...(options.onOutput ? { onOutput: options.onOutput } : {}),
            });
          } catch (error) {
            if (error instanceof ShellError) throw new ToolError(error.message);
            throw error;
          }
          if (options.hooks) {
            await options.hooks.after(token as T, info, result).catch((error: unknown) => {
              options.logger?.log("shell_hook_failed", { error: String(error) });
            });
          }
          const details: ShellRunDetails = {
            command: args.command,
            cwd: displayCwd(ws.root, info.cwd),
            cwdAfter: displayCwd(ws.root, result.cwd),
            exitCode: result.exitCode,
            durationMs: result.durationMs,
            waitingForInput: result.waitingForInput,
            outputBytes: result.totalBytes,
            ...(result.stopped ? { stopped: result.stopped } : {}),
            ...(result.restart ? { restart: result.restart } : {}),
          };
          return {
            content: formatShellResult(result, ws.root, info.cwd, timeoutMs),
            details,
            truncated: result.truncated,
          };
        },
      };
    },
  });
}
