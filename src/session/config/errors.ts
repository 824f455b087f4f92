/** The command line was wrong: exit 2 with the message and the usage line. */
export class UsageError extends Error {
  override name = "UsageError";
}

/** North cannot start the run as configured (no key, unknown provider): exit 1, one line. */
export class SetupError extends Error {
  override name = "SetupError";
}

/**
 * The conversation asked for cannot be resumed (none saved to continue, no such id, another
 * project's): headless stops with it; the TUI says so and starts a new conversation.
 */
export class ResumeError extends SetupError {}
