/** The command line was wrong: exit 2 with the message and the usage line. */
export class UsageError extends Error {
  override name = "UsageError";
}

/** North cannot start the run as configured (no key, unknown provider): exit 1, one line. */
export class SetupError extends Error {
  override name = "SetupError";
}
