/**
 * The provider-neutral conversation and stream types. Every protocol adapter translates between
 * these and its wire format; nothing above `ai/` ever sees a vendor's shapes.
 */

export type Protocol = "anthropic-messages" | "openai-responses" | "openai-chat";

export interface TextPart {
  type: "text";
  text: string;
}

/**
 * Model reasoning. `signature` (Anthropic) or `opaque` (OpenAI Responses reasoning item) must be
 * sent back unchanged to the protocol that produced it; another protocol drops the part.
 */
export interface ThinkingPart {
  type: "thinking";
  text: string;
  protocol: Protocol;
  signature?: string;
  /** Anthropic `redacted_thinking` data: text is empty and the data is replayed verbatim. */
  redacted?: string;
  /** OpenAI Responses reasoning item as received (id, summary, encrypted_content). */
  opaque?: unknown;
}

export interface ToolCallPart {
  type: "tool_call";
  id: string;
  name: string;
  /** Parsed arguments, or `undefined` when the model sent text that is not a JSON object. */
  arguments: Record<string, unknown> | undefined;
  /** The argument text exactly as the model sent it. */
  rawArguments: string;
  /** OpenAI Responses function-call item id (`fc_…`), replayed with the call. */
  itemId?: string;
}

export type AssistantPart = TextPart | ThinkingPart | ToolCallPart;

export interface UserMessage {
  role: "user";
  content: string;
  /**
   * Images sent with the text (after it), to a model whose catalog entry takes them
   * (`ModelInfo.supportsImages`); checked by `imageProblem` (ai/images.ts) before they get here.
   */
  images?: ToolImage[];
}

export interface AssistantMessage {
  role: "assistant";
  content: AssistantPart[];
  protocol: Protocol;
  model: string;
  stopReason: StopReason;
  usage: Usage;
}

/** The answer to exactly one tool call; `isError` results tell the model how to recover. */
export interface ToolResultMessage {
  role: "tool";
  toolCallId: string;
  toolName: string;
  content: string;
  isError: boolean;
  /**
   * Images the tool returned (an MCP server's): sent with the result where the protocol takes
   * them (Anthropic Messages, OpenAI Responses); `content` names them in words for the others.
   */
  images?: ToolImage[];
  /**
   * What the tool reported for the person (a diff, the command run, a review denied): kept so
   * a resumed conversation shows the call as it showed live. Never sent to a model.
   */
  details?: unknown;
}

export type Message = UserMessage | AssistantMessage | ToolResultMessage;

/** One image of a tool result: its media type (`image/png`…) and its bytes in base64. */
export interface ToolImage {
  mediaType: string;
  data: string;
}

export interface Usage {
  input_tokens: number;
  output_tokens: number;
  cache_read_tokens: number;
  cache_write_tokens: number;
}

export const emptyUsage = (): Usage => ({
  input_tokens: 0,
  output_tokens: 0,
  cache_read_tokens: 0,
  cache_write_tokens: 0,
});

export function addUsage(a: Usage, b: Usage): Usage {
  return {
    input_tokens: a.input_tokens + b.input_tokens,
    output_tokens: a.output_tokens + b.output_tokens,
    cache_read_tokens: a.cache_read_tokens + b.cache_read_tokens,
    cache_write_tokens: a.cache_write_tokens + b.cache_write_tokens,
  };
}

/** Why a stream ended: `tool_use` means the model wants tool results before it goes on. */
export type StopReason = "end" | "tool_use" | "max_tokens" | "refusal" | "error" | "aborted";

export type ErrorKind =
  | "auth"
  | "rate_limit"
  | "overloaded"
  | "network"
  | "context_overflow"
  | "bad_request"
  | "server"
  | "aborted";

/** A provider failure, classified once in `ai/errors.ts`. */
export interface ProviderError {
  kind: ErrorKind;
  /** What happened, in English (logs, headless output, RPC). */
  message: string;
  /**
   * The same as words of the interface: a phrase id and its values (the service's own words
   * as `detail`), so that a front end can say it in the person's language (`provider.<id>` in
   * the catalogs). Absent where the message has no phrase; then `message` is shown.
   */
  phrase?: ErrorPhrase;
  status?: number;
  /** Whether the retry policy may try again. */
  retryable: boolean;
  /** Server-requested delay (from `retry-after` / `retry-after-ms`), in milliseconds. */
  retryAfterMs?: number;
}

export interface ErrorPhrase {
  id: string;
  values: Record<string, string | number>;
}

export interface ToolSchema {
  name: string;
  description: string;
  /** JSON Schema (draft-7) of the arguments object. */
  parameters: Record<string, unknown>;
}

export interface ModelRequest {
  model: string;
  system: string;
  messages: readonly Message[];
  tools: readonly ToolSchema[];
  maxOutputTokens: number;
  /**
   * Send `maxOutputTokens` on OpenAI Chat Completions too, whose requests leave it out otherwise
   * (compatible servers differ on the limits they take): a short request, such as a ghost-text
   * suggestion, caps its answer this way.
   */
  capOutput?: boolean;
  /**
   * How hard the model thinks (`--effort`), sent only to a model that has a control for it;
   * omitted means the model's default. Anthropic: adaptive thinking with `output_config.effort`
   * (or `thinkingBudget`); OpenAI Responses: `reasoning.effort`; Chat Completions:
   * `reasoning_effort`.
   */
  reasoning?: Effort;
  /**
   * Anthropic models without the effort control (Claude Haiku 4.5): thinking enabled with this
   * many tokens of budget instead (below `maxOutputTokens`).
   */
  thinkingBudget?: number;
}

/** How hard a model thinks: the three levels every provider's control takes. */
export type Effort = "low" | "medium" | "high";
export const EFFORTS: readonly Effort[] = ["low", "medium", "high"];

/**
 * What a provider stream yields. A stream never throws: it always ends with exactly one `done`
 * event, whose message carries `stopReason` ("error" with `error`, or "aborted" on cancel).
 */
export type StreamEvent =
  | { type: "text_delta"; text: string }
  | { type: "thinking_delta"; text: string }
  | { type: "tool_call_start"; id: string; name: string }
  | { type: "tool_call"; call: ToolCallPart }
  | { type: "usage"; usage: Usage }
  | { type: "retry"; attempt: number; delayMs: number; error: ProviderError }
  | { type: "done"; message: AssistantMessage; error?: ProviderError };

/** One protocol adapter bound to an endpoint and key. */
export interface Provider {
  readonly name: string;
  readonly protocol: Protocol;
  stream(request: ModelRequest, signal: AbortSignal): AsyncIterable<StreamEvent>;
  /**
   * Starts loading what the first request needs (the vendor's SDK), so that it can happen while
   * the caller waits for something else; `stream` works the same without it. Resolves once
   * loaded; never rejects (a failure to load is `stream`'s to report).
   */
  prepare?(): Promise<void>;
}
