/**
 * The persistent shell: one interactive shell per project in a pseudo-terminal, framed commands,
 * timeouts and cancellation that kill a command's process groups, bounded clean output; and the
 * table of commands too destructive to run without a person's approval.
 */
export {
  createShellService,
  DEFAULT_TIMEOUT_MS,
  MAX_TIMEOUT_MS,
  type Restart,
  type RunOptions,
  type ShellResult,
  type ShellService,
  type ShellServiceOptions,
} from "./shell-service.js";
export type { StopReason } from "./command-run.js";
export {
  BackgroundJobs,
  type BackgroundJobsOptions,
  type JobOutput,
  type JobView,
} from "./background-jobs.js";
export { ShellError } from "./errors.js";
export { NON_INTERACTIVE_ENV, PROVIDER_KEY_ENV, shellEnvironment } from "./shell-env.js";
export {
  detectSandbox,
  sandboxCommand,
  type SandboxMemory,
  type SandboxProfile,
  type SandboxStatus,
} from "./sandbox/index.js";
export { cleanDisplayText, cleanTerminalText } from "./terminal-text.js";
export {
  DANGER_RULES,
  detectDanger,
  detectWorkLoss,
  WORK_RULES,
  type WorkLoss,
  type DangerContext,
  type DangerRule,
  type Invocation,
} from "./danger.js";
export {
  GitRefused,
  OWN_GIT_OPTIONS,
  gitRedirect,
  ownProgramEnv,
  startOwnGit,
  startOwnProgram,
  type OwnProgramOptions,
  type StartedProgram,
} from "./own-programs.js";
