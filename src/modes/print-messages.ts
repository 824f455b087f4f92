import type { Approve, Session, ToolImage } from "../session/index.js";
import { controlResponse, type ControlRequest } from "./claude-compat.js";
import { headlessCommandList, runHeadlessCommands, submitInMode } from "./headless-commands.js";
import { ChecksRun, exitCode, failureLine, RefusedCalls, resultObject } from "./print-result.js";
import type { OutputFormat } from "./print.js";
import { withClaudeFields } from "./result-fields.js";

/** A message for a headless run: a turn of its own, or (`steer`) one for the running turn. */
export interface Incoming {
  text: string;
  steer?: boolean;
  /** The input could not be taken (a line over the cap): answered with an error result. */
  error?: string;
  /** A Claude Code `control_request`: answered at once with a `control_response` line. */
  control?: ControlRequest;
  /** Images sent with `text` (already checked: `imageProblem`). */
  images?: ToolImage[];
}

export interface MessageOutput {
  format: OutputFormat;
  write(line: string): void;
  stderr(line: string): void;
  /** `--approve`, for what a `control_request` `initialize` is told. */
  approve: Approve;
}

/**
 * Sends each message to the session as it arrives — a message arriving while a turn runs waits
 * in the session's queue, a steering one joins the running turn — and prints a result for each
 * in order (text: the answer; json and stream-json: the result object). A message starting with
 * a slash command waits until the session is idle and runs it (`headless-commands.ts`). A refused
 * command (or an `error` message) is answered with an error result in its place (text: a line on
 * stderr) and the run goes on with the next message. Returns the worst exit code: 2 for a refused
 * command or input, 130 when cancelled, 1 when a turn failed.
 */
export async function runMessages(
  session: Session,
  messages: AsyncIterable<Incoming> | Iterable<Incoming>,
  out: MessageOutput,
  env: Record<string, string | undefined>,
  signal: AbortSignal,
): Promise<number> {
  const refused = new RefusedCalls();
  // Why a message could not run is said in a notice; its result object repeats it.
  let lastProblem = "";
  const checks = new ChecksRun();
  const off = session.subscribe((event) => {
    refused.observe(event);
    checks.observe(event);
    if (event.type === "notice" && event.tone === "error") lastProblem = event.text;
  });
  let code = 0;
  // A program's `interrupt` cancelled a turn: its result says `aborted`, the run goes on.
  let interrupted = false;
  // Results are printed in the order the messages came, each once its turn has ended.
  let printed: Promise<void> = Promise.resolve();
  try {
    for await (const message of untilAborted(messages, signal)) {
      if (code === 130) break;
      if (message.control) {
        // Answered at once, while a turn runs too: `interrupt` must reach the running turn.
        if (message.control.request.subtype === "interrupt" && session.busy) interrupted = true;
        const commands = () => headlessCommandList(session, env);
        out.write(JSON.stringify(controlResponse(message.control, session, out.approve, commands)));
        continue;
      }
      if (message.steer) {
        session.steer(message.text);
        continue;
      }
      const isCommand = message.text.trimStart().startsWith("/");
      if (isCommand || message.error) await printed;
      const started = Date.now();
      const commands = message.error
        ? { prompt: "", lines: [], refused: message.error }
        : isCommand
          ? await runHeadlessCommands(session, message.text, env)
          : { prompt: message.text, lines: [] };
      if (commands.refused) {
        out.stderr(commands.refused);
        if (out.format !== "text") {
          out.write(JSON.stringify(refusedResult(commands.refused, session, Date.now() - started)));
        }
        code = Math.max(code, 2);
        continue;
      }
      for (const line of commands.lines) {
        if (out.format === "text") out.write(line.text);
        else if (out.format === "stream-json") {
          out.write(JSON.stringify({ type: "command_output", tone: line.tone, text: line.text }));
        }
      }
      const images = !isCommand && message.images ? { images: message.images } : {};
      const done = commands.prompt ? submitInMode(session, commands, images).done : undefined;
      printed = printed.then(async () => {
        const result = done ? await done : undefined;
        if (done && !result) {
          // Taken out of the queue by a cancel, or it could not start (said already).
          const cancelled = signal.aborted || interrupted;
          if (!interrupted || signal.aborted) code = Math.max(code, signal.aborted ? 130 : 1);
          if (out.format !== "text") {
            const why = cancelled ? "cancelled before it ran" : lastProblem;
            const failed = notRunResult(why || "the message could not run", session, started);
            out.write(JSON.stringify(cancelled ? { ...failed, stop_reason: "aborted" } : failed));
          }
          return;
        }
        const calls = done ? refused.take() : [];
        const ran = done ? checks.take() : [];
        const summary = withClaudeFields({
          ...resultObject(result, session.model, Date.now() - started),
          session_id: session.id,
          ...(commands.lines.length > 0 ? { command_output: commands.lines } : {}),
          ...(calls.length > 0 ? { refused_calls: calls } : {}),
          ...(ran.length > 0 ? { checks: ran } : {}),
          ...(session.notices.length > 0 ? { notices: [...session.notices] } : {}),
        });
        if (out.format !== "text") out.write(JSON.stringify(summary));
        else if (result?.text) out.write(result.text);
        // A turn the program interrupted is not the run's failure (Ctrl+C's is: 130).
        const byProgram = result?.stopReason === "aborted" && !signal.aborted;
        const turnCode = result && !byProgram ? exitCode(result) : 0;
        for (const line of RefusedCalls.lines(calls)) out.stderr(line);
        if (out.format === "text" && turnCode === 1 && result) out.stderr(failureLine(result));
        code = Math.max(code, turnCode);
      });
    }
    await printed;
  } finally {
    off();
  }
  return code;
}

/** The result object of a message that was refused before anything ran. */
function refusedResult(message: string, session: Session, durationMs: number) {
  return withClaudeFields({
    ...resultObject(undefined, session.model, durationMs),
    stop_reason: "error" as const,
    error: { kind: "refused", message },
    session_id: session.id,
  });
}

/** The result object of a message that was submitted but never ran. */
function notRunResult(message: string, session: Session, started: number) {
  return withClaudeFields({
    ...resultObject(undefined, session.model, Date.now() - started),
    stop_reason: "error" as const,
    error: { kind: "not_run", message },
    session_id: session.id,
  });
}

/** The messages until `signal` aborts: a cancel must not wait for more input to arrive. */
async function* untilAborted<T>(
  messages: AsyncIterable<T> | Iterable<T>,
  signal: AbortSignal,
): AsyncGenerator<T> {
  const iterator =
    Symbol.asyncIterator in messages
      ? messages[Symbol.asyncIterator]()
      : (messages as Iterable<T>)[Symbol.iterator]();
  const aborted = new Promise<"aborted">((resolve) => {
    if (signal.aborted) resolve("aborted");
    signal.addEventListener("abort", () => resolve("aborted"), { once: true });
  });
  for (;;) {
    const next = await Promise.race([iterator.next(), aborted]);
    if (next === "aborted" || next.done) {
      void iterator.return?.();
      return;
    }
    yield next.value;
  }
}
