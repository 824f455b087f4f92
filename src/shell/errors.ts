/**
 * The shell could not be started or used at all (no pseudo-terminal support, the shell binary
 * missing or exiting at once, the service disposed). Its message is written for the model and
 * the person: what failed and what it means for running commands.
 */
export class ShellError extends Error {
  override name = "ShellError";
}
