import type { Session } from "../session/index.js";
import { runHeadlessCommands } from "./headless-commands.js";
import { ChecksRun, exitCode, failureLine, RefusedCalls, resultObject } from "./print-result.js";
import type { OutputFormat } from "./print.js";

/** A message for a headless run: a turn of its own, or (`steer`) one for the running turn. */
export interface Incoming {
  text: string;
  steer?: boolean;
  /** The input could not be taken (a line over the cap): answered with an error result. */
  error?: string;
}

export interface MessageOutput {
  format: OutputFormat;
  write(line: string): void;
  stderr(line: string): void;
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
  const checks = new ChecksRun();
  const off = session.subscribe((event) => {
    refused.observe(event);
    checks.observe(event);
  });
  let code = 0;
  // Results are printed in the order the messages came, each once its turn has ended.
  let printed: Promise<void> = Promise.resolve();
  try {
    for await (const message of untilAborted(messages, signal)) {
      if (code === 130) break;
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
      const done = commands.prompt ? session.submit(commands.prompt).done : undefined;
      printed = printed.then(async () => {
        const result = done ? await done : undefined;
        if (done && !result) {
          // Taken out of the queue by a cancel, or it could not start (said already).
          code = Math.max(code, signal.aborted ? 130 : 1);
          return;
        }
        const calls = done ? refused.take() : [];
        const ran = done ? checks.take() : [];
        const summary = {
          ...resultObject(result, session.model, Date.now() - started),
          session_id: session.id,
          ...(commands.lines.length > 0 ? { command_output: commands.lines } : {}),
          ...(calls.length > 0 ? { refused_calls: calls } : {}),
          ...(ran.length > 0 ? { checks: ran } : {}),
          ...(session.notices.length > 0 ? { notices: [...session.notices] } : {}),
        };
        if (out.format !== "text") out.write(JSON.stringify(summary));
        else if (result?.text) out.write(result.text);
        const turnCode = result ? exitCode(result) : 0;
        if (out.format === "text" && calls.length > 0) out.stderr(RefusedCalls.line(calls));
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
  return {
    ...resultObject(undefined, session.model, durationMs),
    stop_reason: "error" as const,
    error: { kind: "refused", message },
    session_id: session.id,
  };
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
