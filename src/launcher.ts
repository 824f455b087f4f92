// The executable, built as a tiny CommonJS file (dist/north.js): ESM start-up costs a bare run
// several milliseconds, so `--version` and `--help` are answered here and everything else is
// handed to the bundled ESM entry, loaded on demand.
import { writeSync } from "node:fs";
import { HELP } from "./help.js";

declare const __NORTH_VERSION__: string;

/** Writes straight to fd 1: `process.stdout` alone costs a run ~5 ms to set up. */
function print(text: string): void {
  try {
    writeSync(1, text);
  } catch {
    // A non-blocking pipe that is full (EAGAIN): the stream waits for it.
    process.stdout.write(text);
  }
}

const args = process.argv.slice(2);
if (args.length === 1 && (args[0] === "--version" || args[0] === "-v")) {
  print(`north ${__NORTH_VERSION__}\n`);
} else if (args.length === 1 && (args[0] === "--help" || args[0] === "-h")) {
  print(`${HELP}\n`);
} else {
  // Resolved at run time, beside this file in dist/; not bundled into the launcher.
  const program = "./chunks/main.mjs";
  void import(program);
}
