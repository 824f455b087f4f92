import type { ErrorHints } from "./errors.js";
import { ABORTED, classifyError } from "./errors.js";
import type {
  AssistantMessage,
  AssistantPart,
  Protocol,
  ProviderError,
  StopReason,
  StreamEvent,
  Usage,
} from "./types.js";
import { emptyUsage } from "./types.js";

export type Json = Record<string, unknown>;

/** A stream that ended without its closing event: the connection dropped mid-answer. */
export const INCOMPLETE: ProviderError = {
  kind: "network",
  message: "The connection closed before the answer was complete.",
  phrase: { id: "incomplete", values: {} },
  retryable: true,
};

/**
 * What each protocol implements: folding its raw stream events into `StreamEvent`s, and the
 * parts of the final message. The shared state (model, usage, stop reason, whether the closing
 * event arrived) and the final `done` event live here.
 */
export abstract class Accumulator {
  protected usage: Usage = emptyUsage();
  protected stop: StopReason = "end";
  /** Set by the subclass when the protocol's closing event arrives. */
  protected complete = false;

  constructor(
    protected readonly protocol: Protocol,
    protected model: string,
  ) {}

  abstract push(raw: Json): Iterable<StreamEvent>;
  protected abstract parts(): AssistantPart[];

  /** Events due once the raw stream has ended (e.g. assembled tool calls), before `done`. */
  *drain(): Iterable<StreamEvent> {}

  /** A failure the protocol reported inside an otherwise successful stream. */
  protected failure(): ProviderError | undefined {
    return undefined;
  }

  finish(): StreamEvent {
    const failure = this.failure() ?? (this.complete ? undefined : INCOMPLETE);
    if (failure) return this.fail(failure);
    const content = this.parts();
    const hasCalls = content.some((p) => p.type === "tool_call");
    const stop = this.stop === "end" && hasCalls ? "tool_use" : this.stop;
    return { type: "done", message: this.message(content, stop) };
  }

  fail(error: ProviderError): StreamEvent {
    const stop = error.kind === "aborted" ? "aborted" : "error";
    return { type: "done", message: this.message(this.parts(), stop), error };
  }

  private message(content: AssistantPart[], stopReason: StopReason): AssistantMessage {
    return {
      role: "assistant",
      content,
      protocol: this.protocol,
      model: this.model,
      stopReason,
      usage: this.usage,
    };
  }
}

/**
 * Runs one protocol call as a provider stream: never throws, ends with exactly one `done`.
 * `open` makes the SDK call and resolves to its iterable of raw events.
 */
export async function* adapterStream(
  open: () => Promise<AsyncIterable<Json>>,
  acc: Accumulator,
  hints: ErrorHints,
  signal: AbortSignal,
): AsyncGenerator<StreamEvent> {
  try {
    for await (const raw of await open()) yield* acc.push(raw);
    if (signal.aborted) {
      yield acc.fail(ABORTED);
      return;
    }
    yield* acc.drain();
    yield acc.finish();
  } catch (error) {
    yield acc.fail(classifyError(error, hints, signal));
  }
}
