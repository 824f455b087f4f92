import { addDirsOption } from "./add-dirs.js";
import { parseCommandLine } from "./cli-options.js";
import { HELP, USAGE } from "./help.js";
import { failedRunResult } from "./modes/result-fields.js";

declare const __NORTH_VERSION__: string;
const VERSION = typeof __NORTH_VERSION__ === "string" ? __NORTH_VERSION__ : "0.0.0-dev";

/**
 * Set for `-p --output-format json|stream-json`: a run that fails before its session answers
 * still prints one result object on stdout (`failedRunResult`), beside the line on stderr.
 */
let resultOnFailure: { started: number } | undefined;

/** The edge: every error that reaches here becomes one line on stderr and an exit code. */
export async function main(argv: string[]): Promise<number> {
  const started = Date.now();
  let parsed;
  try {
    parsed = parseCommandLine(argv);
  } catch (error) {
    return usageError((error as Error).message);
  }
  const { values, positionals } = parsed;
  if (values.version) {
    process.stdout.write(`north ${VERSION}\n`);
    return 0;
  }
  if (values.help) {
    process.stdout.write(`${HELP}\n`);
    return 0;
  }
  const format = values["output-format"];
  if (values.print && (format === "json" || format === "stream-json")) {
    resultOnFailure = { started };
  }
  try {
    return await run(values, positionals);
  } catch (error) {
    const name = (error as Error | undefined)?.name;
    if (name === "UsageError") return usageError((error as Error).message);
    const known = ["SetupError", "ProviderSetupError", "WorkspaceError"];
    const message = error instanceof Error ? error.message : String(error);
    const isKnown = known.includes(name ?? "");
    printFailure(isKnown ? "setup" : "internal", message);
    process.stderr.write(`north: ${isKnown ? message : `internal error: ${message}`}\n`);
    return 1;
  } finally {
    resultOnFailure = undefined;
  }
}

/** The result object of a failed run, when the run prints results (`resultOnFailure`). */
function printFailure(kind: string, message: string): void {
  if (!resultOnFailure) return;
  const result = failedRunResult(kind, message, Date.now() - resultOnFailure.started);
  process.stdout.write(`${JSON.stringify(result)}\n`);
}

async function run(
  values: Record<string, string | boolean | string[] | undefined>,
  positionals: string[],
): Promise<number> {
  const format =
    choice(values["output-format"], ["text", "json", "stream-json"], "--output-format") ?? "text";
  const modeFlag = choice(values.mode, ["ask", "agent", "plan"], "--mode");
  const approve = choice(values.approve, ["none", "edits", "all"], "--approve") ?? "none";
  const sandbox = choice(values.sandbox, ["on", "off"], "--sandbox") ?? "on";
  const effort = choice(values.effort, ["low", "medium", "high"], "--effort");
  const addDirs = addDirsOption(values["add-dir"]);
  if (typeof addDirs === "string") return usageError(addDirs);
  const hooks = values["no-hooks"] === true ? ("off" as const) : ("on" as const);
  const maxSteps = values["max-steps"] === undefined ? undefined : Number(values["max-steps"]);
  if (maxSteps !== undefined && (!Number.isInteger(maxSteps) || maxSteps < 1)) {
    return usageError(
      `--max-steps takes a whole number of at least 1, not "${String(values["max-steps"])}"`,
    );
  }
  const cwd = typeof values.path === "string" ? values.path : process.cwd();
  const logLevel = choice(
    values["log-level"],
    ["debug", "info", "warn", "error", "off"],
    "--log-level",
  );
  // Read by every logger North creates (`log/logger.ts`).
  if (logLevel) process.env.NORTH_LOG_LEVEL = logLevel;
  const inputFormat = choice(values["input-format"], ["text", "stream-json"], "--input-format");
  if (positionals[0] === "rpc" && !values.print) {
    if (positionals.length > 1) return usageError(`north rpc takes no arguments`);
    const [{ runRpc }, session] = await Promise.all([
      import("./modes/rpc/index.js"),
      import("./session/index.js"),
    ]);
    const root = await session.findRepoRoot(cwd);
    return runRpc({ root, env: process.env, mode: modeFlag ?? (await projectMode(session, root)) });
  }
  if (positionals[0] === "acp" && !values.print) {
    if (positionals.length > 1) return usageError(`north acp takes no arguments`);
    const { runAcp } = await import("./modes/acp/index.js");
    return runAcp({
      env: process.env,
      cwd,
      version: VERSION,
      ...(modeFlag ? { mode: modeFlag } : {}),
    });
  }
  if (positionals[0] === "mcp" && !values.print) {
    if (positionals[1] !== "serve" || positionals.length > 2) {
      return usageError("north mcp takes one command: north mcp serve [--allow-changes]");
    }
    const [{ runMcpServe }, session] = await Promise.all([
      import("./modes/mcp-serve.js"),
      import("./session/index.js"),
    ]);
    const root = await session.findRepoRoot(cwd);
    return runMcpServe({ root, env: process.env, allowChanges: values["allow-changes"] === true });
  }
  if (positionals[0] === "export" && !values.print) {
    if (positionals.length > 2) return usageError("north export takes one session id");
    const exportFormat = choice(values.format, ["md", "json"], "--format") ?? "md";
    const [{ runExport }, session] = await Promise.all([
      import("./modes/export-session.js"),
      import("./session/index.js"),
    ]);
    const root = await session.findRepoRoot(cwd);
    const id = positionals[1];
    return runExport({
      id,
      format: exportFormat,
      root,
      env: process.env,
      all: values.all === true,
    });
  }
  if (values.resume === "" && !values.print && !process.stdout.isTTY) {
    // `north --resume | …`: the list, for a script, instead of a picker.
    const [{ printSessions }, session] = await Promise.all([
      import("./modes/session-list.js"),
      import("./session/index.js"),
    ]);
    const root = await session.findRepoRoot(cwd);
    return printSessions({
      root,
      env: process.env,
      all: values.all === true,
      json: format === "json",
    });
  }
  if (!values.print) {
    if (!process.stdin.isTTY || !process.stdout.isTTY) {
      return usageError("the interactive interface needs a terminal; use -p for a headless run");
    }
    const [{ runInteractive }, session] = await Promise.all([
      import("./modes/interactive/index.js"),
      import("./session/index.js"),
    ]);
    const root = await session.findRepoRoot(cwd);
    return runInteractive({
      root,
      mode: modeFlag ?? (await projectMode(session, root)),
      env: process.env,
      ...(typeof values.model === "string" ? { model: values.model } : {}),
      ...(typeof values.provider === "string" ? { provider: values.provider } : {}),
      ...(maxSteps !== undefined ? { maxSteps } : {}),
      ...(effort ? { effort } : {}),
      ...(addDirs.length ? { addDirs } : {}),
      ...resumeOption(values, session.isSessionId),
      sandbox,
      hooks,
    });
  }
  const streamed = inputFormat === "stream-json";
  if (streamed && format !== "stream-json") {
    return usageError("--input-format stream-json needs --output-format stream-json");
  }
  if (streamed && positionals.length > 0) {
    return usageError("with --input-format stream-json the messages come on standard input");
  }
  let prompt = positionals.join(" ").trim();
  if (!streamed && !prompt && !process.stdin.isTTY) prompt = (await readStdin()).trim();
  if (!streamed && !prompt) {
    return usageError("-p needs a prompt, as an argument or on standard input");
  }

  const [{ runPrint }, session] = await Promise.all([
    import("./modes/print.js"),
    import("./session/index.js"),
  ]);
  const root = await session.findRepoRoot(cwd);
  const resume = resumeOption(values, session.isSessionId);
  if (resume.resume && "pick" in resume.resume) {
    return usageError("a headless run resumes by id: --resume ID (`north --resume` lists them)");
  }
  const prompts = streamed
    ? (await import("./modes/stream-input.js")).userMessages(process.stdin, (line, why) =>
        process.stderr.write(`north: note: input line ${line} ${why}\n`),
      )
    : undefined;
  return runPrint({
    prompt,
    ...(prompts ? { prompts } : {}),
    root,
    format,
    mode: modeFlag ?? (await projectMode(session, root)),
    approve,
    sandbox,
    hooks,
    env: process.env,
    ...(typeof values.model === "string" ? { model: values.model } : {}),
    ...(typeof values.provider === "string" ? { provider: values.provider } : {}),
    ...(maxSteps !== undefined ? { maxSteps } : {}),
    ...(effort ? { effort } : {}),
    ...(addDirs.length ? { addDirs } : {}),
    ...(resume.resume ? { resume: resume.resume } : {}),
  });
}

/** The mode `.north/settings.json` chooses, else agent (a broken file is reported later). */
async function projectMode(
  session: { loadProjectSettings: (root: string) => Promise<{ settings: { mode?: Mode } }> },
  root: string,
): Promise<Mode> {
  return (await session.loadProjectSettings(root)).settings.mode ?? "agent";
}

type Mode = "ask" | "agent" | "plan";

function resumeOption(
  values: Record<string, string | boolean | string[] | undefined>,
  isSessionId: (id: string) => boolean,
) {
  if (values.continue && values.resume !== undefined) {
    throw Object.assign(new Error("--continue and --resume cannot be used together"), {
      name: "UsageError",
    });
  }
  const fork = values.fork === true ? { fork: true } : {};
  if (values.fork && (values.resume === "" || (!values.continue && values.resume === undefined))) {
    throw Object.assign(new Error("--fork goes with --resume ID or --continue"), {
      name: "UsageError",
    });
  }
  if (values.resume === "") return { resume: { pick: true as const, all: values.all === true } };
  if (typeof values.resume === "string") {
    // An id names a file in the sessions folder: nothing that could be a path elsewhere.
    if (!isSessionId(values.resume)) {
      throw Object.assign(
        new Error(
          `--resume takes a session id like 2026-11-05-09-30-12-a1b2c3 (\`north --resume\` lists them), not "${values.resume}"`,
        ),
        { name: "UsageError" },
      );
    }
    return { resume: { id: values.resume, all: values.all === true, ...fork } };
  }
  return values.continue ? { resume: { continue: true as const, ...fork } } : {};
}

function choice<T extends string>(
  value: unknown,
  allowed: readonly T[],
  flag: string,
): T | undefined {
  if (value === undefined) return undefined;
  if (allowed.includes(value as T)) return value as T;
  throw Object.assign(
    new Error(`${flag} must be one of ${allowed.join(", ")}, not "${String(value)}"`),
    {
      name: "UsageError",
    },
  );
}

function usageError(message: string): number {
  printFailure("usage", message);
  process.stderr.write(`north: ${message}\n${USAGE}\n`);
  return 2;
}

function readStdin(): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = "";
    process.stdin.setEncoding("utf8");
    process.stdin.on("data", (chunk: string) => (text += chunk));
    process.stdin.on("end", () => resolve(text));
    process.stdin.on("error", reject);
  });
}
