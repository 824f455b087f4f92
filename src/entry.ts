import { main } from "./cli.js";

// The executable's only job: run the edge and exit with its code once output is flushed.
main(process.argv.slice(2)).then(
  (code) => {
    // Exit once stdout is flushed, so no idle socket or child can keep a finished run alive.
    process.stdout.write("", () => process.exit(code));
  },
  (error: unknown) => {
    process.stderr.write(
      `north: internal error: ${error instanceof Error ? error.message : String(error)}\n`,
    );
    process.exitCode = 1;
  },
);
