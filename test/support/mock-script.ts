/**
 * The script of the mock model server: what each model call answers. A script is a list of
 * entries consumed one per model request, in order, whatever the protocol; the protocol is chosen
 * by the request path. Build replies with {@link reply} and failures with {@link failure}.
 *
 * Only node built-ins and sibling files may be imported here (benchmarks bundle this folder).
 */

/** The wire protocols the server speaks; the same names as `src/ai/types.ts` `Protocol`. */
export type MockProtocol = "anthropic-messages" | "openai-responses" | "openai-chat";

/**
 * Why the scripted reply stops, in provider-neutral words. Mapped per protocol:
 * - `end`: Anthropic `end_turn`, chat `stop`, Responses `completed`.
 * - `tool_use`: Anthropic `tool_use`, chat `tool_calls`, Responses `completed` (the calls are the output).
 * - `max_tokens`: Anthropic `max_tokens`, chat `length`, Responses `incomplete` with
 *   `incomplete_details.reason: "max_output_tokens"`.
 * - `refusal`: Anthropic `refusal`, chat `content_filter`, Responses `incomplete` with `content_filter`.
 */
export type MockStopReason = "end" | "tool_use" | "max_tokens" | "refusal";

/**
 * Failure kinds, the same words as `src/ai/types.ts` `ErrorKind` plus `quota`. Default statuses:
 * `auth` 401, `rate_limit` 429, `quota` 429 on OpenAI (`insufficient_quota`, not retryable) and 400
 * on Anthropic (credit balance too low), `overloaded` 529 on Anthropic and 503 on OpenAI,
 * `context_overflow` 400, `bad_request` 400, `server` 500.
 */
export type MockErrorKind =
  "auth" | "rate_limit" | "quota" | "overloaded" | "context_overflow" | "bad_request" | "server";

/** One piece of a scripted reply, streamed in this order. */
export type ReplyBlock =
  | { type: "thinking"; text: string; signature: string }
  | { type: "text"; text: string }
  | {
      type: "tool";
      name: string;
      /** The argument text exactly as it goes on the wire (may be invalid JSON, see `toolRaw`). */
      arguments: string;
      /** Anthropic `tool_use.id` and OpenAI `call_id`; generated (`toolu_…`/`call_…`) when absent. */
      id?: string;
      /** OpenAI Responses function-call item id; generated (`fc_…`) when absent. */
      itemId?: string;
    };

/**
 * Token counts of a reply, in Anthropic's sense: `input` excludes cached tokens. The OpenAI
 * protocols report `input + cacheRead + cacheWrite` as their input/prompt tokens, of which
 * `cacheRead` are `cached_tokens`. `reasoning` is the part of `output` spent thinking (OpenAI
 * `reasoning_tokens`). Missing numbers get plausible defaults: input ≈ request body length / 4,
 * output ≈ generated characters / 4, reasoning ≈ thinking characters / 4, cache 0.
 */
export interface MockUsage {
  input?: number;
  output?: number;
  cacheRead?: number;
  cacheWrite?: number;
  reasoning?: number;
}

/** A failure sent inside a stream that began with HTTP 200. */
export interface StreamErrorSpec {
  kind: MockErrorKind;
  message?: string;
  /** SSE events sent before the error; default: all content events, before the closing ones. */
  afterEvents?: number;
}

/** A successful (HTTP 200) scripted reply; build it with {@link reply}. */
export interface ReplySpec {
  kind: "reply";
  blocks: ReplyBlock[];
  usage: MockUsage;
  /** Default: `tool_use` when the reply has a tool call, else `end`. */
  stopReason?: MockStopReason;
  /** Destroy the socket after this many SSE events (no clean end, no terminal event). */
  cutAfter?: number;
  /** End the response cleanly after this many SSE events, without the closing events. */
  endAfter?: number;
  /** Wait this long before each SSE event (cancellation tests; never for synchronisation). */
  delayMs: number;
  /**
   * Stop before SSE event `afterEvents` until the test calls `server.release(key)` (or the
   * client goes away): a turn that stays in flight for exactly as long as a test needs.
   */
  hold?: { key: string; afterEvents: number };
  streamError?: StreamErrorSpec;
  /** Chat Completions only: interleave the argument fragments of consecutive tool calls. */
  interleaveToolCalls: boolean;
  /** The model name reported; default: the request's `model`. */
  model?: string;
  /** Extra response headers. */
  headers: Record<string, string>;
}

/** An HTTP error answer; build it with {@link failure}. */
export interface FailureSpec {
  kind: "failure";
  error: MockErrorKind;
  /** The HTTP status; default: the protocol's status for `error` (see {@link MockErrorKind}). */
  status?: number;
  /** The error message; default: the message the real service sends for this kind. */
  message?: string;
  /** Seconds, sent as the `retry-after` header. No header unless set. */
  retryAfter?: number;
  /** Milliseconds, sent as the `retry-after-ms` header. No header unless set. */
  retryAfterMs?: number;
  headers?: Record<string, string>;
}

/** A broken server's behaviour; see `mock-faults.ts` for what each one sends. */
export type MockFault =
  | "hang_before_headers"
  | "hang_after_headers"
  | "keepalive_forever"
  | "ping_forever"
  | "malformed_sse";

/** A fault instead of an answer; build it with {@link fault}. */
export interface FaultSpec {
  kind: "fault";
  fault: MockFault;
  /** Between keep-alive comments or pings (default 20 ms). */
  intervalMs: number;
}

/** A redirect instead of an answer; build it with {@link redirect}. */
export interface RedirectSpec {
  kind: "redirect";
  status: number;
  location: string;
}

/** What happened to a response, once it has finished. */
export type ResponseOutcome =
  /** Fully written and ended, also for error statuses and in-stream errors. */
  | "complete"
  /** The server dropped the connection on purpose (`cutAfter`). */
  | "cut"
  /** The client went away before the response ended (abort, cancel). */
  | "client_closed";

/** One request the server received, in arrival order. */
export interface RecordedRequest {
  /** 0-based arrival order. */
  index: number;
  method: string;
  /** The path without the query string, e.g. `/v1/messages`. */
  path: string;
  /** The path with the query string, as received. */
  url: string;
  /** Lower-case names; repeated headers joined with ", ". */
  headers: Record<string, string>;
  /** The parsed JSON body (`undefined` if the body was empty or not JSON). */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- parsed JSON, read freely in tests
  body: any;
  rawBody: string;
  /** Chosen by path; `unknown` requests get a 404 and consume no turn. */
  protocol: MockProtocol | "unknown";
  /** The 0-based script entry this request consumed; `undefined` when none (404, exhausted). */
  turn?: number;
  /** Set when the response has finished; see also `MockModelServer.waitForResponse`. */
  outcome?: ResponseOutcome;
  /** `performance.now()` when the body had arrived, and when the response had finished. */
  receivedAt: number;
  finishedAt?: number;
}

/** A turn: a reply (builder or spec), a failure, a fault or a redirect. */
export type Turn = ReplyBuilder | ReplySpec | FailureSpec | FaultSpec | RedirectSpec;

/** A script entry: a turn, or a function choosing the turn from what was sent. */
export type ScriptEntry = Turn | ((request: RecordedRequest) => Turn | Promise<Turn>);

/**
 * Builds a scripted reply. Blocks stream in call order; every method returns the builder.
 *
 * ```ts
 * reply().thinking("Let me look", "sig-abc").text("I'll search.").tool("search_text", { pattern: "retry" })
 * ```
 */
export class ReplyBuilder {
  private readonly spec: ReplySpec = {
    kind: "reply",
    blocks: [],
    usage: {},
    delayMs: 0,
    interleaveToolCalls: false,
    headers: {},
  };

  /**
   * Reasoning. Anthropic: a `thinking` block ending with a `signature_delta` of `signature`.
   * Responses: a `reasoning` item whose summary text is `text` — sent only when the request asks
   * for summaries (`reasoning.summary`), as the real service does — and whose `encrypted_content`
   * is `signature` when the request `include`s `reasoning.encrypted_content`. Chat Completions:
   * `delta.reasoning_content` fragments, as DeepSeek/vLLM-style compatible servers send.
   */
  thinking(text: string, signature = "sig-" + text.length.toString(36)): this {
    this.spec.blocks.push({ type: "thinking", text, signature });
    return this;
  }

  /** Assistant text, streamed in several deltas. */
  text(text: string): this {
    this.spec.blocks.push({ type: "text", text });
    return this;
  }

  /** A tool call whose arguments are `JSON.stringify(input)`, streamed in 8–20 character fragments. */
  tool(name: string, input: unknown, ids: { id?: string; itemId?: string } = {}): this {
    this.spec.blocks.push({ type: "tool", name, arguments: JSON.stringify(input), ...ids });
    return this;
  }

  /** A tool call whose argument text is sent verbatim (e.g. truncated or invalid JSON). */
  toolRaw(name: string, rawArguments: string, ids: { id?: string; itemId?: string } = {}): this {
    this.spec.blocks.push({ type: "tool", name, arguments: rawArguments, ...ids });
    return this;
  }

  /** Token counts reported for this reply (see {@link MockUsage} for their meaning). */
  usage(usage: MockUsage): this {
    this.spec.usage = { ...this.spec.usage, ...usage };
    return this;
  }

  /** Why the reply stops (see {@link MockStopReason}). */
  stop(reason: MockStopReason): this {
    this.spec.stopReason = reason;
    return this;
  }

  /** Destroy the connection after `events` SSE events: the client sees an abnormal end. */
  cutAfter(events: number): this {
    this.spec.cutAfter = events;
    return this;
  }

  /**
   * End the response cleanly (no socket error) after `events` SSE events, so that the closing
   * events (`message_stop`, `response.completed`, `finish_reason` and `[DONE]`) never come, as from
   * a proxy that loses them. The SDKs do not all notice: a client must check for them itself.
   */
  endAfter(events: number): this {
    this.spec.endAfter = events;
    return this;
  }

  /** Hold the stream before SSE event `afterEvents` until `server.release(key)`. */
  hold(key: string, afterEvents = 1): this {
    this.spec.hold = { key, afterEvents };
    return this;
  }

  /** Wait `ms` before each SSE event, so that a test can act while the stream is in flight. */
  slow(ms: number): this {
    this.spec.delayMs = ms;
    return this;
  }

  /**
   * Fail inside the stream, after HTTP 200: Anthropic `event: error` with an error body, Chat
   * Completions a `data: {"error": …}` line (no `[DONE]`), Responses a `response.failed` event.
   */
  streamError(kind: MockErrorKind, options: { message?: string; afterEvents?: number } = {}): this {
    this.spec.streamError = { kind, ...options };
    return this;
  }

  /** Chat Completions: send the fragments of consecutive tool calls interleaved by index. */
  interleaveToolCalls(): this {
    this.spec.interleaveToolCalls = true;
    return this;
  }

  /** Report this model name instead of the requested one. */
  model(name: string): this {
    this.spec.model = name;
    return this;
  }

  /** Add response headers. */
  headers(headers: Record<string, string>): this {
    this.spec.headers = { ...this.spec.headers, ...headers };
    return this;
  }

  /** A copy of the plain data this builder describes. */
  toSpec(): ReplySpec {
    return structuredClone(this.spec);
  }
}

/** Starts a scripted reply. */
export function reply(): ReplyBuilder {
  return new ReplyBuilder();
}

const statusKinds: Record<number, MockErrorKind> = {
  400: "bad_request",
  401: "auth",
  403: "auth",
  429: "rate_limit",
  500: "server",
  502: "server",
  503: "overloaded",
  529: "overloaded",
};

/**
 * An HTTP error answer with the body each protocol really sends. Given a status, that exact status
 * is sent with the body of its kind (400 bad request, 401 auth, 429 rate limit, 500 server,
 * 503/529 overloaded); given a kind, the protocol's own status for it.
 *
 * ```ts
 * failure(429, { retryAfter: 1 }); failure("context_overflow"); failure("overloaded")
 * ```
 */
export function failure(
  statusOrKind: number | MockErrorKind,
  options: Omit<FailureSpec, "kind" | "error"> = {},
): FailureSpec {
  if (typeof statusOrKind === "string") return { kind: "failure", error: statusOrKind, ...options };
  const error = statusKinds[statusOrKind];
  if (!error) {
    throw new Error(`failure(${statusOrKind}): no known kind; use failure(kind, { status })`);
  }
  return { kind: "failure", error, status: statusOrKind, ...options };
}

/**
 * A broken server instead of an answer (see `mock-faults.ts`):
 * `fault("hang_after_headers")`, `fault("ping_forever", { intervalMs: 10 })`.
 */
export function fault(name: MockFault, options: { intervalMs?: number } = {}): FaultSpec {
  return { kind: "fault", fault: name, intervalMs: options.intervalMs ?? 20 };
}

/** A redirect (307 unless given) to `location`, e.g. another server's URL. */
export function redirect(location: string, status = 307): RedirectSpec {
  return { kind: "redirect", status, location };
}

/** Normalises a resolved turn to plain data. */
export function turnSpec(turn: Turn): ReplySpec | FailureSpec | FaultSpec | RedirectSpec {
  return turn instanceof ReplyBuilder ? turn.toSpec() : turn;
}

/** The text of the first user message of a recorded request, whatever the protocol. */
export function firstUserText(request: RecordedRequest): string {
  const body = request.body as Record<string, unknown> | undefined;
  const list = (body?.messages ?? body?.input) as Record<string, unknown>[] | undefined;
  const first = Array.isArray(list) ? list.find((m) => m.role === "user") : undefined;
  return first ? textOf(first.content) : "";
}

/**
 * The text of every user message of a recorded request, in order (Anthropic or Chat wire format);
 * messages that carry only tool results are left out.
 */
export function userTexts(request: RecordedRequest): string[] {
  const body = request.body as Record<string, unknown> | undefined;
  const list = (body?.messages ?? []) as Record<string, unknown>[];
  return list
    .filter((m) => m.role === "user")
    .map((m) => textOf(m.content))
    .filter(Boolean);
}

/** The system prompt of a recorded request, whatever the protocol. */
export function systemText(request: RecordedRequest): string {
  const body = request.body as Record<string, unknown> | undefined;
  if (body?.system !== undefined) return textOf(body.system);
  if (typeof body?.instructions === "string") return body.instructions;
  const list = (body?.messages ?? body?.input) as Record<string, unknown>[] | undefined;
  const system = Array.isArray(list)
    ? list.filter((m) => m.role === "system" || m.role === "developer")
    : [];
  return system.map((m) => textOf(m.content)).join("\n");
}

/** The names of the tools a recorded request offered, whatever the protocol. */
export function toolNames(request: RecordedRequest): string[] {
  const body = request.body as Record<string, unknown> | undefined;
  const tools = (body?.tools ?? []) as Record<string, unknown>[];
  return tools.map((t) =>
    String(t.name ?? (t.function as Record<string, unknown> | undefined)?.name ?? ""),
  );
}

function textOf(content: unknown): string {
  if (typeof content === "string") return content;
  if (!Array.isArray(content)) return "";
  return content
    .map((part: Record<string, unknown>) => (typeof part.text === "string" ? part.text : ""))
    .join("");
}

type Json = Record<string, unknown>;

/** The tool results a request carried back to the model, whatever the protocol. */
export function toolResultsOf(
  request: RecordedRequest,
): { id: string; content: string; isError: boolean }[] {
  const body = request.body as Json;
  if (Array.isArray(body.input)) {
    return (body.input as Json[])
      .filter((i) => i.type === "function_call_output")
      .map((i) => ({
        id: String(i.call_id),
        content: String(i.output),
        isError: String(i.output).startsWith("Error"),
      }));
  }
  const messages = body.messages as Json[];
  if (messages.some((m) => m.role === "tool")) {
    return messages
      .filter((m) => m.role === "tool")
      .map((m) => ({ id: String(m.tool_call_id), content: String(m.content), isError: false }));
  }
  return messages.flatMap((m) =>
    Array.isArray(m.content)
      ? (m.content as Json[])
          .filter((b) => b.type === "tool_result")
          .map((b) => ({
            id: String(b.tool_use_id),
            content: String(b.content),
            isError: b.is_error === true,
          }))
      : [],
  );
}
