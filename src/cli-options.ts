// The command line's options, shared by cli.ts (which runs them) and the launcher (which only
// decides which build of North runs them: the interactive one or the headless one).
import { parseArgs, type ParseArgsConfig } from "node:util";

const OPTIONS = {
  print: { type: "boolean", short: "p" },
  "output-format": { type: "string" },
  "input-format": { type: "string" },
  "log-level": { type: "string" },
  model: { type: "string" },
  provider: { type: "string" },
  mode: { type: "string" },
  approve: { type: "string" },
  sandbox: { type: "string" },
  "max-steps": { type: "string" },
  effort: { type: "string" },
  path: { type: "string" },
  continue: { type: "boolean", short: "c" },
  resume: { type: "string" },
  all: { type: "boolean" },
  fork: { type: "boolean" },
  format: { type: "string" },
  "allow-changes": { type: "boolean" },
  "no-hooks": { type: "boolean" },
  "add-dir": { type: "string", multiple: true },
  version: { type: "boolean", short: "v" },
  help: { type: "boolean", short: "h" },
} satisfies ParseArgsConfig["options"];

/** Parses the arguments (after `node north.js`). @throws a TypeError on an unknown or malformed option. */
export function parseCommandLine(argv: string[]) {
  // `--resume` may come without an id (then North lists the saved conversations).
  const args = argv.flatMap((arg, i) =>
    arg === "--resume" && (argv[i + 1] === undefined || argv[i + 1]!.startsWith("-"))
      ? ["--resume="]
      : [arg],
  );
  return parseArgs({ args, options: OPTIONS, allowPositionals: true, strict: true });
}

/**
 * Whether these arguments open the interactive interface: no `-p`, no subcommand (`rpc`,
 * `acp`, `mcp serve`, `export`), and a terminal on both standard input and output (`terminal`, asked only when
 * the arguments leave it open; cli.ts refuses the interface without one). Arguments that do not
 * parse are not interactive: the headless build reports them.
 */
export function opensInterface(argv: string[], terminal: () => boolean): boolean {
  try {
    const { values, positionals } = parseCommandLine(argv);
    const subcommand = ["rpc", "mcp", "acp", "export"].includes(positionals[0] ?? "");
    if (values.print || values.help || values.version || subcommand) return false;
  } catch {
    return false;
  }
  return terminal();
}
