import { initMessage } from "./claude-compat.js";
import { runMessages, type Incoming } from "./print-messages.js";
import { noteWiderRun } from "./wider-run.js";
import { onEndSignals } from "./signals.js";
import {
  captureSdkWarnings,
  cleanDisplayText,
  createLogger,
  createSession,
  type SessionEvent,
  loadConfigFile,
  maskSecrets,
  type Approve,
  type Effort,
  type Mode,
} from "../session/index.js";

export type OutputFormat = "text" | "json" | "stream-json";

export interface PrintOptions {
  prompt: string;
  root: string;
  format: OutputFormat;
  model?: string;
  provider?: string;
  mode: Mode;
  approve: Approve;
  /** `--sandbox`: run commands in the OS sandbox where available (default on). */
  sandbox?: "on" | "off";
  /** `--no-hooks`: "off" runs no hooks (default on). */
  hooks?: "on" | "off";
  maxSteps?: number;
  /** `--effort`: how hard the model thinks (wins over the config's `effort`). */
  effort?: Effort;
  /** `--add-dir`: folders the tools may also use (real paths). */
  addDirs?: readonly string[];
  resume?: ({ continue: true } | { id: string; all?: boolean }) & { fork?: boolean };
  env: Record<string, string | undefined>;
  /**
   * `--input-format stream-json`: the messages, one turn each, in place of `prompt` (read from
   * standard input as they come); a result object follows each.
   */
  prompts?: AsyncIterable<Incoming>;
}

/**
 * One headless run. Writes the answer (or events) to stdout and notes to stderr; returns the
 * exit code: 0 done, 1 the run failed, 130 interrupted, 143/129 ended by SIGTERM/SIGHUP. Fatal setup errors are thrown to the edge.
 */
export async function runPrint(options: PrintOptions): Promise<number> {
  const started = Date.now();
  const logger = createLogger();
  logger.log("app_start", { mode: "print", format: options.format, cwd: options.root });
  // Key values are masked: a provider's error text may echo the key (`log/secrets.ts`).
  const stderr = (line: string) =>
    process.stderr.write(toTerminal(process.stderr, maskSecrets(`north: ${line}\n`)));
  const restoreWarn = captureSdkWarnings(logger, (message) => stderr(`note: ${message}`));
  const controller = new AbortController();
  const onSigint = () => {
    if (controller.signal.aborted) process.exit(130);
    controller.abort();
  };
  process.on("SIGINT", onSigint);
  // SIGTERM/SIGHUP: cancelled like Ctrl+C, then 143/129 (`signals.ts`).
  let signalled: number | undefined;
  const offEndSignals = onEndSignals((code) => {
    signalled = code;
    controller.abort();
  });
  try {
    // Said at once: the run goes on with the defaults, and may still fail for another reason.
    const { config, notice } = await loadConfigFile(options.env);
    if (notice) stderr(`note: ${notice}`);
    const session = await createSession({
      root: options.root,
      env: options.env,
      config,
      ...(options.model ? { model: options.model } : {}),
      ...(options.provider ? { provider: options.provider } : {}),
      mode: options.mode,
      maxSteps: options.maxSteps,
      ...(options.effort ? { effort: options.effort } : {}),
      ...(options.addDirs?.length ? { addDirs: options.addDirs } : {}),
      approvals: { approve: options.approve },
      sandbox: options.sandbox ?? "on",
      hooks: options.hooks ?? "on",
      ...(options.resume ? { resume: options.resume } : {}),
      logger,
    });
    // A run with tools leaves their code compiled for the next runs (see wider-run.ts).
    noteWiderRun(session);
    for (const notice of session.notices) stderr(`note: ${notice}`);
    const write = (line: string) => process.stdout.write(toTerminal(process.stdout, `${line}\n`));
    // First Claude Code's `system`/`init` (its tools once the MCP servers settled, as the first
    // request would); then what is said before anything runs (e.g. that undo is unavailable).
    if (options.format === "stream-json") {
      await session.mcp.settled();
      write(JSON.stringify(initMessage(session, options.approve)));
      for (const text of session.notices) write(JSON.stringify({ type: "notice", text }));
    }
    // A subscriber first gets the state it starts from: the context meter and the todo list;
    // a resumed conversation's todo list is printed, as the TUI shows it before the first turn.
    let opening = true;
    const off = session.subscribe((event) => {
      if (options.format === "stream-json") {
        if (opening && (event.type === "context" || (event.type === "todo" && !event.items.length)))
          return;
        write(JSON.stringify(event));
      } else if (event.type === "notice") stderr(`note: ${event.text}`);
      else if (options.format === "text") noteEvent(event, stderr);
    });
    opening = false;
    const stop = () => void session.cancel();
    if (controller.signal.aborted) stop();
    else controller.signal.addEventListener("abort", stop, { once: true });
    let code: number;
    try {
      const messages = options.prompts ?? [{ text: options.prompt }];
      const out = { format: options.format, write, stderr, approve: options.approve };
      code = await runMessages(session, messages, out, options.env, controller.signal);
    } finally {
      controller.signal.removeEventListener("abort", stop);
      off();
      await session.dispose();
    }
    code = signalled ?? code;
    logger.log("app_exit", { code, duration_ms: Math.round(Date.now() - started) });
    return code;
  } finally {
    process.off("SIGINT", onSigint);
    offEndSignals();
    restoreWarn();
    await logger.close();
  }
}

/**
 * What reaches a terminal is cleaned for display (`cleanDisplayText`: the model's escape
 * sequences show as text, never act). Output to a pipe or a file is left exact: a program or
 * a file gets the answer as the model wrote it (a generated script keeps its bytes), and the
 * JSON formats escape control characters themselves.
 */
const toTerminal = (stream: { isTTY?: boolean }, text: string) =>
  stream.isTTY ? cleanDisplayText(text) : text;

function noteEvent(event: SessionEvent, stderr: (line: string) => void): void {
  if (event.type === "retry") {
    const seconds = (event.delay_ms / 1000).toFixed(1);
    stderr(`${event.error.message} — retrying in ${seconds}s (attempt ${event.attempt + 1})`);
  }
  // A failed check (`checks` in the settings): the answer alone would not say it.
  if (event.type === "check_end" && !event.ok) {
    const how = event.skipped
      ? "not run (a repository's check runs only in the sandbox)"
      : (event.summary ?? (event.exit_code === null ? "stopped" : `exit ${event.exit_code}`));
    stderr(`check failed: ${event.command} — ${how}`);
  }
}
