// The executable, built as a tiny CommonJS file (dist/north.js). It answers `--version` and
// `--help` alone, loading nothing, then hands the run to one of two builds of the same program
// (src/entry.ts), each run through V8's code cache (code-cache.ts): the interactive interface
// runs dist/tui.cjs (Ink and React included); every headless run (`-p`, `rpc`, a listing) runs
// dist/core.cjs, which leaves them out.
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

/** Loaded only here (bundled lazily), so that `--help` does not pay for what they import. */
async function start(args: string[]): Promise<void> {
  const [{ opensInterface }, { runCached }, { cacheDir }] = await Promise.all([
    import("./cli-options.js"),
    import("./code-cache.js"),
    import("./session/config/paths.js"),
  ]);
  const { join } = process.getBuiltinModule("node:path");
  // node:tty costs a headless run ~2 ms: asked only when the arguments leave the choice open.
  const terminal = () => {
    const { isatty } = process.getBuiltinModule("node:tty");
    return isatty(0) && isatty(1);
  };
  const build = opensInterface(args, terminal) ? "tui" : "core";
  // Beside this file in dist/ (not bundled into the launcher), so this file's `require` is theirs.
  runCached(
    join(__dirname, `${build}.cjs`),
    join(cacheDir(process.env), "code"),
    __NORTH_VERSION__,
    build,
    require,
  );
}

const args = process.argv.slice(2);
if (args.length === 1 && (args[0] === "--version" || args[0] === "-v")) {
  print(`north ${__NORTH_VERSION__}\n`);
} else if (args.length === 1 && (args[0] === "--help" || args[0] === "-h")) {
  print(`${HELP}\n`);
} else {
  void start(args);
}
