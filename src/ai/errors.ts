import { formatDuration, type ModelStallError } from "./stall.js";
import type { ErrorKind, ProviderError } from "./types.js";

/** What the classifier needs to name the setting a person should fix. */
export interface ErrorHints {
  /** The environment variable holding the key, e.g. `ANTHROPIC_API_KEY`. */
  keyEnv: string;
  /** The environment variable or setting holding the endpoint, e.g. `ANTHROPIC_BASE_URL`. */
  baseUrlEnv: string;
  model: string;
  /** The host requests go to (`api.anthropic.com`, `127.0.0.1:11434`), for "cannot reach". */
  host?: string;
}

interface HttpLikeError {
  status?: unknown;
  headers?: unknown;
  error?: unknown;
  message?: unknown;
  name?: unknown;
  code?: unknown;
  cause?: unknown;
}

/** The error a cancelled stream ends with. */
export const ABORTED: ProviderError = {
  kind: "aborted",
  message: "Cancelled.",
  phrase: { id: "cancelled", values: {} },
  retryable: false,
};

const OVERFLOW =
  /context[ _-]?length|context window|prompt is too long|too many tokens|maximum context|input is too long|exceeds the context/i;

/**
 * Sorts any failure of a provider call into one `ProviderError`. The one place where SDK error
 * shapes (status, headers, body) are read; never throws.
 */
export function classifyError(
  error: unknown,
  hints: ErrorHints,
  signal?: AbortSignal,
): ProviderError {
  if (signal?.aborted || isAbort(error)) {
    return ABORTED;
  }
  const stall = findStall(error);
  if (stall) {
    const wait = formatDuration(stall.ms);
    return {
      kind: "network",
      retryable: true,
      message: stallMessage(stall, wait),
      phrase: { id: stall.phase === "connect" ? "noStart" : "silent", values: { wait } },
    };
  }
  const e = (typeof error === "object" && error !== null ? error : {}) as HttpLikeError;
  const status = typeof e.status === "number" ? e.status : undefined;
  const detail = bodyMessage(e) ?? (error instanceof Error ? error.message : String(error));
  const code = bodyCode(e);
  const retryAfterMs = readRetryAfter(e.headers);
  const make = (
    kind: ErrorKind,
    retryable: boolean,
    message: string,
    id: string,
    values: Record<string, string | number> = {},
  ): ProviderError => ({
    kind,
    message,
    phrase: { id, values: { detail, ...values } },
    retryable,
    ...(status !== undefined ? { status } : {}),
    ...(retryAfterMs !== undefined ? { retryAfterMs } : {}),
  });

  if (code === "overloaded_error") {
    return make("overloaded", true, `The provider is overloaded: ${detail}`, "overloaded");
  }
  if (status === undefined) {
    // Cut-off or garbled event data (a proxy, a broken server): worth another attempt.
    if ((error as { name?: unknown } | null)?.name === "SyntaxError") {
      return make(
        "server",
        true,
        `The model sent a stream North could not read: ${detail}`,
        "unreadable",
      );
    }
    if (hints.host && isUnreachable(error)) {
      return make("network", true, `Cannot reach ${hints.host}: ${detail}`, "unreachable", {
        host: hints.host,
      });
    }
    if (isConnectionError(error)) {
      return make("network", true, `Network error talking to the model: ${detail}`, "network");
    }
    // Not the network: retrying a failure of our own or of the SDK's set-up would not help.
    return make("server", false, `The request to the model failed: ${detail}`, "requestFailed");
  }
  if (status === 401 || status === 403) {
    return make(
      "auth",
      false,
      `The provider refused the API key (${status}): ${detail}. Check ${hints.keyEnv}.`,
      "auth",
      { status, keyEnv: hints.keyEnv },
    );
  }
  if (status === 429) {
    if (code === "insufficient_quota") {
      return make(
        "rate_limit",
        false,
        `Quota exhausted: ${detail}. Check the account of ${hints.keyEnv}.`,
        "quota",
        { keyEnv: hints.keyEnv },
      );
    }
    return make("rate_limit", true, `Rate limited (429): ${detail}`, "rateLimited");
  }
  if (status === 529 || status === 503 || code === "overloaded_error") {
    return make(
      "overloaded",
      true,
      `The provider is overloaded (${status}): ${detail}`,
      "overloadedStatus",
      {
        status,
      },
    );
  }
  if (status === 408 || status === 409 || status >= 500) {
    return make("server", true, `The provider failed (${status}): ${detail}`, "failedStatus", {
      status,
    });
  }
  if (OVERFLOW.test(detail) || code === "context_length_exceeded" || status === 413) {
    return make(
      "context_overflow",
      false,
      `The conversation is too long for ${hints.model}: ${detail}`,
      "tooLong",
      { model: hints.model },
    );
  }
  if (status === 404) {
    return make(
      "bad_request",
      false,
      `Not found (404): ${detail}. Check the model id "${hints.model}" and ${hints.baseUrlEnv}.`,
      "notFound",
      { model: hints.model, baseUrlEnv: hints.baseUrlEnv },
    );
  }
  return make(
    "bad_request",
    false,
    `The provider rejected the request (${status}): ${detail}`,
    "rejected",
    {
      status,
    },
  );
}

const CONNECTION =
  /fetch failed|terminated|socket|ECONN|EPIPE|ETIMEDOUT|EAI_AGAIN|ENOTFOUND|EHOSTUNREACH|ENETUNREACH|network|connection|premature|timed? ?out|closed before/i;

const UNREACHABLE = /ECONNREFUSED|ENOTFOUND|EAI_AGAIN|EHOSTUNREACH|ENETUNREACH|connect timeout/i;

/** No connection could be made at all (nothing listens, no such host, no route). */
function isUnreachable(error: unknown): boolean {
  for (let e = error, depth = 0; e && depth < 5; depth++) {
    const { message, code } = e as { message?: unknown; code?: unknown };
    if ([message, code].some((v) => typeof v === "string" && UNREACHABLE.test(v))) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

/** A failure of the connection (refused, reset, cut mid-stream, timed out), worth a retry. */
function isConnectionError(error: unknown): boolean {
  for (let e = error, depth = 0; e && depth < 5; depth++) {
    const { name, message, code } = e as { name?: unknown; message?: unknown; code?: unknown };
    if (typeof name === "string" && /Connection/.test(name)) return true;
    if ([message, code].some((v) => typeof v === "string" && CONNECTION.test(v))) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

/** A request our `httpFetch` gave up on (`stall.ts`), however deep the SDK wrapped it. */
function findStall(error: unknown): ModelStallError | undefined {
  for (let e = error, depth = 0; typeof e === "object" && e !== null && depth < 5; depth++) {
    if ((e as { name?: unknown }).name === "ModelStallError") return e as ModelStallError;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

function stallMessage(stall: ModelStallError, wait: string): string {
  return stall.phase === "connect"
    ? `The model did not start answering within ${wait} (no response; timeouts.connectMs in the config).`
    : `The model sent nothing for ${wait}; the stream was abandoned (timeouts.idleMs in the config).`;
}

function isAbort(error: unknown): boolean {
  if (typeof error !== "object" || error === null) return false;
  const name = (error as { name?: unknown }).name;
  return name === "AbortError" || name === "APIUserAbortError";
}

/** The service's own words: Anthropic `{error:{type,message}}`, OpenAI `{error:{message,code}}`. */
function bodyMessage(e: HttpLikeError): string | undefined {
  const body = e.error as { error?: { message?: unknown }; message?: unknown } | undefined;
  const inner = body?.error?.message ?? body?.message;
  if (typeof inner === "string" && inner.length > 0) return inner;
  return undefined;
}

function bodyCode(e: HttpLikeError): string | undefined {
  const body = e.error as {
    error?: { type?: unknown; code?: unknown };
    code?: unknown;
    type?: unknown;
  };
  const candidates = [body?.error?.code, body?.error?.type, body?.code, body?.type, e.code];
  const found = candidates.find((c) => typeof c === "string");
  return found as string | undefined;
}

/** `retry-after-ms`, then `retry-after` as seconds or an HTTP date. */
export function readRetryAfter(headers: unknown): number | undefined {
  const get = (name: string): string | null | undefined => {
    if (headers && typeof (headers as Headers).get === "function")
      return (headers as Headers).get(name);
    if (headers && typeof headers === "object") {
      const value = (headers as Record<string, unknown>)[name];
      return typeof value === "string" ? value : undefined;
    }
    return undefined;
  };
  const ms = Number(get("retry-after-ms"));
  if (Number.isFinite(ms) && ms >= 0 && get("retry-after-ms")) return ms;
  const raw = get("retry-after");
  if (!raw) return undefined;
  const seconds = Number(raw);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  const date = Date.parse(raw);
  if (Number.isFinite(date)) return Math.max(0, date - Date.now());
  return undefined;
}
