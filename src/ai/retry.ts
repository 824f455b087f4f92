import { ABORTED } from "./errors.js";
import type { ProviderError, StreamEvent } from "./types.js";

export interface RetryPolicy {
  /** Retries after the first attempt; 3 means at most 4 requests. */
  maxRetries: number;
  baseDelayMs: number;
  maxDelayMs: number;
}

export const defaultRetryPolicy: RetryPolicy = {
  maxRetries: 3,
  baseDelayMs: 1000,
  maxDelayMs: 60_000,
};

/** Exponential backoff with full jitter on the upper half; a server's `retry-after` wins. */
export function retryDelay(policy: RetryPolicy, attempt: number, error: ProviderError): number {
  if (error.retryAfterMs !== undefined) return Math.min(error.retryAfterMs, policy.maxDelayMs);
  const exp = Math.min(policy.baseDelayMs * 2 ** (attempt - 1), policy.maxDelayMs);
  return Math.round(exp / 2 + Math.random() * (exp / 2));
}

/**
 * Runs `attempt` until it ends without a retryable error or the retries are spent. Between
 * attempts it yields a `retry` event: a consumer discards what it had of the failed attempt.
 * Like every provider stream, it never throws and ends with exactly one `done`.
 */
export async function* withRetry(
  attempt: () => AsyncIterable<StreamEvent>,
  policy: RetryPolicy,
  signal: AbortSignal,
): AsyncGenerator<StreamEvent> {
  for (let n = 1; ; n++) {
    let final: Extract<StreamEvent, { type: "done" }> | undefined;
    for await (const event of attempt()) {
      if (event.type === "done") final = event;
      else yield event;
    }
    if (!final) throw new Error("provider stream ended without a done event");
    const error = final.error;
    const tooLong = error?.retryAfterMs !== undefined && error.retryAfterMs > policy.maxDelayMs;
    if (!error || !error.retryable || tooLong || n > policy.maxRetries || signal.aborted) {
      yield final;
      return;
    }
    const delayMs = retryDelay(policy, n, error);
    yield { type: "retry", attempt: n, delayMs, error };
    await sleep(delayMs, signal);
    if (signal.aborted) {
      yield {
        type: "done",
        message: { ...final.message, content: [], stopReason: "aborted" },
        error: ABORTED,
      };
      return;
    }
  }
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener("abort", done);
      resolve();
    }
    signal.addEventListener("abort", done, { once: true });
  });
}
