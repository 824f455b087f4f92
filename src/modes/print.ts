import type { AgentEvent } from "../agent/events.js";
import type { TurnResult } from "../agent/loop.js";
import type { ModelInfo } from "../ai/index.js";
import { existsSync } from "node:fs";
import { onEndSignals } from "./signals.js";
import { join } from "node:path";
import {
  captureSdkWarnings,
  costOf,
  createLogger,
  createSession,
  expandMentions,
  type Session,
  loadConfigFile,
  maskSecrets,
  roundCost,
  type Approve,
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
  maxSteps?: number;
  resume?: { continue: true } | { id: string; all?: boolean };
  env: Record<string, string | undefined>;
}

/**
 * One headless run. Writes the answer (or events) to stdout and notes to stderr; returns the
 * exit code: 0 done, 1 the run failed, 130 interrupted, 143/129 ended by SIGTERM/SIGHUP. Fatal setup errors are thrown to the edge.
 */
export async function runPrint(options: PrintOptions): Promise<number> {
  const started = performance.now();
  const logger = createLogger();
  logger.log("app_start", { mode: "print", format: options.format, cwd: options.root });
  // Key values are masked: a provider's error text may echo the key (`log/secrets.ts`).
  const stderr = (line: string) => process.stderr.write(maskSecrets(`north: ${line}\n`));
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
      maxSteps: options.maxSteps ?? config.maxSteps ?? 50,
      approvals: { approve: options.approve },
      sandbox: options.sandbox ?? "on",
      ...(options.resume ? { resume: options.resume } : {}),
      logger,
    });
    for (const notice of session.notices) stderr(`note: ${notice}`);
    const write = (line: string) => process.stdout.write(`${line}\n`);
    // Said before anything runs (e.g. that undo is unavailable), in the machine-read outputs too.
    if (options.format === "stream-json") {
      for (const text of session.notices) write(JSON.stringify({ type: "notice", text }));
      // A resumed conversation's todo list, as the TUI shows it before the first turn.
      if (session.todos.length > 0) write(JSON.stringify({ type: "todo", items: session.todos }));
    }
    const onEvent = (event: AgentEvent) => {
      if (options.format === "stream-json") write(JSON.stringify(event));
      else if (options.format === "text") noteEvent(event, stderr);
    };
    let result;
    try {
      const secrets = options.approve === "all" ? "attach" : "refuse";
      const prompt = await attachMentions(session, options.prompt, stderr, secrets);
      result = await session.send(prompt, { signal: controller.signal, onEvent });
    } finally {
      await session.dispose();
    }
    const summary = {
      ...resultObject(result, session.model, performance.now() - started),
      session_id: session.id,
      ...(session.notices.length > 0 ? { notices: [...session.notices] } : {}),
    };
    if (options.format === "text") {
      if (result.text) write(result.text);
    } else {
      write(JSON.stringify(summary));
    }
    const code = signalled ?? exitCode(result);
    if (options.format === "text" && code === 1) stderr(failureLine(result));
    logger.log("app_exit", { code, duration_ms: summary.duration_ms });
    return code;
  } finally {
    process.off("SIGINT", onSigint);
    offEndSignals();
    restoreWarn();
    await logger.close();
  }
}

/**
 * `@path` words naming a file or folder of the repository attach it, as in the interactive
 * composer: its contents follow the prompt as a `<file>` block, fitted into the context left.
 */
async function attachMentions(
  session: Session,
  text: string,
  note: (line: string) => void,
  secrets: "attach" | "refuse",
) {
  const paths = [...text.matchAll(/(?:^|\s)@([^\s@]+)/g)]
    .map((m) => m[1]!.replace(/[.,;:!?)'"]+$/, ""))
    .filter((p) => existsSync(join(session.root, p)));
  if (paths.length === 0) return text;
  const report = session.context();
  const budget = Math.floor(report.window * 0.8) - report.used;
  const { prompt, notes } = await expandMentions(session.root, text, [...new Set(paths)], budget, {
    secrets,
  });
  for (const line of notes) note(`note: ${line}`);
  return prompt;
}

function noteEvent(event: AgentEvent, stderr: (line: string) => void): void {
  if (event.type === "retry") {
    const seconds = (event.delay_ms / 1000).toFixed(1);
    stderr(`${event.error.message} — retrying in ${seconds}s (attempt ${event.attempt + 1})`);
  }
}

function resultObject(result: TurnResult, model: ModelInfo, durationMs: number) {
  const cost = costOf(result.usage, model);
  return {
    type: "result" as const,
    text: result.text,
    stop_reason: result.stopReason,
    usage: result.usage,
    steps: result.steps,
    tool_calls: result.toolCalls,
    duration_ms: Math.round(durationMs),
    model: model.id,
    ...(cost === undefined ? {} : { cost_usd: roundCost(cost) }),
    ...(result.error ? { error: { kind: result.error.kind, message: result.error.message } } : {}),
  };
}

function exitCode(result: TurnResult): number {
  if (result.stopReason === "aborted") return 130;
  if (result.stopReason === "error" || result.stopReason === "max_steps") return 1;
  return 0;
}

function failureLine(result: TurnResult): string {
  if (result.stopReason === "max_steps") {
    return `stopped after ${result.steps} steps (the step cap); raise it with --max-steps.`;
  }
  return result.error?.message ?? "the run failed.";
}
