import { isAbsolute, relative as relativePath, sep } from "node:path";
import type { ShellResult } from "../../shell/index.js";

const NON_INTERACTIVE =
  "run it non-interactively (e.g. pipe input into it, or use a --yes / --non-interactive flag)";

/** `cwd` as shown to people and the model: `.` for the root, relative inside it, else absolute. */
export function displayCwd(root: string, cwd: string): string {
  const rel = relativePath(root, cwd);
  if (rel === "") return ".";
  if (rel.startsWith("..") || isAbsolute(rel)) return cwd;
  return rel.split(sep).join("/");
}

function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(ms < 10_000 ? 1 : 0)} s`;
}

/**
 * The tool result the model reads: the output, then one status paragraph — exit code and time,
 * or why the command was stopped and what to do instead; a cwd change; a shell restart.
 */
export function formatShellResult(
  result: ShellResult,
  root: string,
  cwdBefore: string,
  timeoutMs: number,
): string {
  const notes: string[] = [];
  const took = seconds(result.durationMs);
  if (result.restart === "before") {
    notes.push(
      "The shell had exited since the last command and was restarted before this one: cwd and variables were reset.",
    );
  }
  if (result.stopped === "timeout") {
    notes.push(
      `The command timed out after ${seconds(timeoutMs)} and was stopped (its processes were killed).`,
    );
    notes.push(
      result.waitingForInput
        ? `It was still running and seemed to wait for input (it reads from the terminal); ${NON_INTERACTIVE}.`
        : "If it needs longer, pass timeout_seconds (at most 600); start servers and watchers with background: true.",
    );
  } else if (result.stopped === "input") {
    notes.push(
      `The command was stopped after ${took}: it was waiting for input from the terminal, which nobody can type into; ${NON_INTERACTIVE}.`,
    );
  } else if (result.stopped === "cancel") {
    notes.push(`The person cancelled the command; it was stopped after ${took}.`);
  } else if (result.restart === "exited") {
    notes.push(`The shell exited with code ${result.exitCode} after ${took}.`);
  } else {
    notes.push(`Exit code ${result.exitCode} (${took}).`);
  }
  if (result.restart === "exited" || result.restart === "killed") {
    const why = result.restart === "killed" ? "It did not respond after the stop, so t" : "T";
    notes.push(
      `${why}he shell was restarted; cwd and variables were reset (cwd is the repository root).`,
    );
  } else if (result.cwd !== cwdBefore) {
    notes.push(`cwd is now ${displayCwd(root, result.cwd)}.`);
  }
  if (result.truncated) {
    notes.push(
      "The middle of the output was cut; to see more, redirect it to a file and search or read that file.",
    );
  }
  const output = result.output || "(no output)";
  return `${output}\n\n${notes.join(" ")}`;
}

/**
 * How commands fail when the sandbox stops them: a read-only file system, a permission refused
 * (`WRITE_DENIAL`), no network (names do not resolve, no route, nothing listening on the
 * sandbox's own loopback).
 */
const WRITE_DENIAL =
  /read-only file system|\bEROFS\b|permission denied|operation not permitted|\bEACCES\b|\bEPERM\b/i;
const SANDBOX_DENIAL =
  /read-only file system|\bEROFS\b|permission denied|operation not permitted|\bEACCES\b|\bEPERM\b|could not resolve|temporary failure in name resolution|name or service not known|\bEAI_AGAIN\b|\bENOTFOUND\b|getaddrinfo|network is unreachable|\bENETUNREACH\b|connection refused|\bECONNREFUSED\b|failed to connect|no route to host/i;

/**
 * How the sandbox seems to have stopped a command that failed: `write` (a write refused, which
 * the read-only profile does to every write) or `network`; undefined when it succeeded, was
 * stopped, or failed otherwise. Read from the output, so a guess: for reports, never for a
 * decision about what may run.
 */
export function sandboxDenial(result: ShellResult): "write" | "network" | undefined {
  if (result.exitCode === 0 || result.stopped || !SANDBOX_DENIAL.test(result.output)) {
    return undefined;
  }
  return WRITE_DENIAL.test(result.output) ? "write" : "network";
}

/**
 * One line for the model when a sandboxed command failed the way the sandbox makes commands
 * fail: it may ask to run it outside. Undefined when it succeeded, was stopped, or failed
 * otherwise.
 */
export function sandboxDenialNote(
  result: ShellResult,
  profile: "workspace-write" | "read-only",
): string | undefined {
  if (!sandboxDenial(result)) return undefined;
  const allows = profile === "read-only" ? "writes nothing" : "writes only in the repository";
  return `The sandbox may have blocked this (no network; it ${allows}): if it must run outside, call shell_run again with \`escalate\` giving the reason, for the person to allow.`;
}
