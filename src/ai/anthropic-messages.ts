import type { ErrorHints } from "./errors.js";
import { Accumulator, adapterStream, type Json } from "./adapter-stream.js";
import { coalesce, sseBatches } from "./sse.js";
import { parseArguments } from "./tool-arguments.js";
import type {
  AssistantPart,
  Message,
  ModelRequest,
  Provider,
  StopReason,
  StreamEvent,
  ToolImage,
} from "./types.js";

export interface EndpointOptions {
  name: string;
  apiKey: string;
  baseURL?: string;
  /** Sent with every request; a `null` value removes a header the SDK would add. */
  headers?: Record<string, string | null>;
  /** Added to every request's query string (Azure: `api-version`). */
  query?: Record<string, string>;
  fetch?: typeof fetch;
  /**
   * The SDK's own request limit (ms; it covers only the wait for the headers). Set above the
   * connect limit of our `httpFetch`, so that ours, with its clear message, ends a hang.
   */
  sdkTimeoutMs?: number;
  hints: ErrorHints;
}

const EPHEMERAL = { type: "ephemeral" } as const;

/**
 * Anthropic Messages over the official SDK (loaded on first use). Cache breakpoints sit on the
 * system block (covering tools + system) and on the newest message, so every step of a turn reads
 * the conversation so far from cache.
 */
export function createAnthropicProvider(options: EndpointOptions): Provider {
  let client: Promise<Client> | undefined;
  const getClient = () =>
    (client ??= import("./anthropic-client.js").then(({ createMessagesClient, APIError }) => ({
      sdk: createMessagesClient({
        apiKey: options.apiKey,
        ...(options.baseURL ? { baseURL: options.baseURL } : {}),
        ...(options.fetch ? { fetch: options.fetch } : {}),
        defaultHeaders: options.headers ?? {},
        ...(options.query ? { defaultQuery: options.query } : {}),
        ...(options.sdkTimeoutMs ? { timeout: options.sdkTimeoutMs } : {}),
        maxRetries: 0,
      }) as unknown as Client["sdk"],
      streamError: (body: unknown, headers: Headers) =>
        // Its type is read from the body (`error.type`), as the SDK's own stream does.
        new APIError(undefined, body as object, undefined, headers),
    })));
  return {
    name: options.name,
    protocol: "anthropic-messages",
    prepare: () =>
      getClient().then(
        () => {},
        () => {},
      ),
    stream(request, signal) {
      const open = async () => {
        const { sdk, streamError } = await getClient();
        // The SDK sends the request and turns an error status into its APIError; the events
        // are read here, a network chunk at a time (see sse.ts).
        const response = await sdk.messages
          .create({ ...toAnthropicBody(request), stream: true }, { signal })
          .asResponse();
        return anthropicEvents(response, streamError);
      };
      return adapterStream(open, new AnthropicAccumulator(request.model), options.hints, signal);
    },
  };
}

interface Client {
  sdk: {
    messages: { create(body: Json, opts: Json): { asResponse(): Promise<Response> } };
  };
  /** The SDK's error for an `error` event inside a stream (an overload mid-answer). */
  streamError(body: unknown, headers: Headers): Error;
}

/**
 * The raw events of an Anthropic stream as the SDK would yield them (pings and unnamed events
 * skipped, an `error` event thrown as the SDK's APIError), with adjacent deltas of one content
 * block joined into one event.
 */
async function* anthropicEvents(
  response: Response,
  streamError: Client["streamError"],
): AsyncGenerator<Json> {
  if (!response.body) throw new Error("The model's response had no body.");
  for await (const batch of sseBatches(response.body)) {
    const events: Json[] = [];
    for (const message of batch) {
      if (message.event === "ping" || message.event === null) continue;
      if (message.event === "error") {
        throw streamError(parseOr(message.data), response.headers);
      }
      if (message.data) events.push(JSON.parse(message.data) as Json);
    }
    yield* coalesce(events, joinDeltas);
  }
}

/** The growing field of each delta type that can be joined; others are kept whole. */
const DELTA_TEXT: Record<string, string> = {
  text_delta: "text",
  thinking_delta: "thinking",
  input_json_delta: "partial_json",
};

function joinDeltas(a: Json, b: Json): Json | undefined {
  if (a.type !== "content_block_delta" || b.type !== "content_block_delta") return undefined;
  if (a.index !== b.index) return undefined;
  const da = a.delta as Json;
  const db = b.delta as Json;
  const field = DELTA_TEXT[da.type as string];
  if (field === undefined || da.type !== db.type) return undefined;
  return { ...a, delta: { ...da, [field]: String(da[field]) + String(db[field]) } };
}

function parseOr(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** The request body (without `stream`), exported so tests can check it without a server. */
export function toAnthropicBody(request: ModelRequest): Json {
  const messages = toAnthropicMessages(request.messages);
  markNewest(messages);
  const body: Json = {
    model: request.model,
    max_tokens: request.maxOutputTokens,
    system: [{ type: "text", text: request.system, cache_control: EPHEMERAL }],
    messages,
  };
  if (request.tools.length > 0) {
    body.tools = request.tools.map((t) => ({
      name: t.name,
      description: t.description,
      input_schema: t.parameters,
    }));
  }
  if (request.thinkingBudget) {
    body.thinking = { type: "enabled", budget_tokens: request.thinkingBudget };
  } else if (request.reasoning) {
    body.thinking = { type: "adaptive" };
    body.output_config = { effort: request.reasoning };
  }
  return body;
}

function toAnthropicMessages(history: readonly Message[]): Json[] {
  const out: { role: "user" | "assistant"; content: Json[] }[] = [];
  const userTurn = () => {
    const last = out.at(-1);
    if (last?.role === "user") return last.content;
    const fresh = { role: "user" as const, content: [] as Json[] };
    out.push(fresh);
    return fresh.content;
  };
  for (const message of history) {
    if (message.role === "user") {
      userTurn().push(
        { type: "text", text: message.content },
        ...(message.images ?? []).map(anthropicImage),
      );
    } else if (message.role === "tool") {
      userTurn().push({
        type: "tool_result",
        tool_use_id: toolUseId(message.toolCallId),
        content: message.images?.length
          ? [{ type: "text", text: message.content }, ...message.images.map(anthropicImage)]
          : message.content,
        ...(message.isError ? { is_error: true } : {}),
      });
    } else {
      const content = message.content.flatMap((part) => assistantBlock(part, message.protocol));
      if (content.length > 0) out.push({ role: "assistant", content });
    }
  }
  // Tool results must come first in a user message; the API rejects text before them.
  for (const m of out) {
    if (m.role === "user") m.content.sort((a, b) => rank(a) - rank(b));
  }
  return out;
}

const anthropicImage = (image: ToolImage): Json => ({
  type: "image",
  source: { type: "base64", media_type: image.mediaType, data: image.data },
});

const rank = (block: Json) => (block.type === "tool_result" ? 0 : 1);

function assistantBlock(part: AssistantPart, protocol: string): Json[] {
  switch (part.type) {
    case "text":
      return part.text ? [{ type: "text", text: part.text }] : [];
    case "thinking":
      if (protocol !== "anthropic-messages") return [];
      if (part.redacted) return [{ type: "redacted_thinking", data: part.redacted }];
      return part.signature
        ? [{ type: "thinking", thinking: part.text, signature: part.signature }]
        : [];
    case "tool_call":
      return [
        { type: "tool_use", id: toolUseId(part.id), name: part.name, input: part.arguments ?? {} },
      ];
  }
}

/**
 * Anthropic takes tool ids of `[A-Za-z0-9_-]` only; calls made by another protocol's server
 * (e.g. `functions.read_file:0`) are mapped the same way on the call and on its result.
 */
export function toolUseId(id: string): string {
  return id.replace(/[^A-Za-z0-9_-]/g, "_") || "_";
}

function markNewest(messages: Json[]): void {
  const content = messages.at(-1)?.content as Json[] | undefined;
  const block = content?.at(-1);
  if (block && block.type !== "thinking" && block.type !== "redacted_thinking") {
    block.cache_control = EPHEMERAL;
  }
}

interface Block {
  part: AssistantPart;
  json: string;
}

/** Folds the raw SSE events of one response into stream events and the final message. */
export class AnthropicAccumulator extends Accumulator {
  private blocks = new Map<number, Block>();

  constructor(model: string) {
    super("anthropic-messages", model);
  }

  *push(event: Json): Generator<StreamEvent> {
    switch (event.type) {
      case "message_start": {
        const message = event.message as { usage?: Json; model?: string };
        if (message.model) this.model = message.model;
        this.readUsage(message.usage);
        // The input is known (and billed) from here: said now, so a cancelled answer counts.
        yield { type: "usage", usage: { ...this.usage } };
        break;
      }
      case "content_block_start":
        yield* this.start(event.index as number, event.content_block as Json);
        break;
      case "content_block_delta":
        yield* this.delta(event.index as number, event.delta as Json);
        break;
      case "content_block_stop": {
        const block = this.blocks.get(event.index as number);
        if (block?.part.type === "tool_call") {
          block.part.rawArguments = block.json;
          block.part.arguments = parseArguments(block.json);
          yield { type: "tool_call", call: block.part };
        }
        break;
      }
      case "message_delta": {
        const delta = event.delta as { stop_reason?: string };
        this.stop = mapStop(delta.stop_reason);
        this.readUsage(event.usage as Json | undefined);
        yield { type: "usage", usage: { ...this.usage } };
        break;
      }
      case "message_stop":
        this.complete = true;
        break;
    }
  }

  private *start(index: number, block: Json): Generator<StreamEvent> {
    const type = block.type;
    if (type === "text") {
      this.blocks.set(index, { part: { type: "text", text: "" }, json: "" });
    } else if (type === "thinking") {
      const part = { type: "thinking" as const, text: "", protocol: "anthropic-messages" as const };
      this.blocks.set(index, { part, json: "" });
    } else if (type === "redacted_thinking") {
      const part = {
        type: "thinking" as const,
        text: "",
        protocol: "anthropic-messages" as const,
        redacted: String(block.data ?? ""),
      };
      this.blocks.set(index, { part, json: "" });
    } else if (type === "tool_use") {
      const id = String(block.id);
      const name = String(block.name);
      const part = { type: "tool_call" as const, id, name, arguments: undefined, rawArguments: "" };
      this.blocks.set(index, { part, json: "" });
      yield { type: "tool_call_start", id, name };
    }
  }

  private *delta(index: number, delta: Json): Generator<StreamEvent> {
    const block = this.blocks.get(index);
    if (!block) return;
    const { part } = block;
    if (delta.type === "text_delta" && part.type === "text") {
      part.text += String(delta.text);
      yield { type: "text_delta", text: String(delta.text) };
    } else if (delta.type === "thinking_delta" && part.type === "thinking") {
      part.text += String(delta.thinking);
      yield { type: "thinking_delta", text: String(delta.thinking) };
    } else if (delta.type === "signature_delta" && part.type === "thinking") {
      part.signature = (part.signature ?? "") + String(delta.signature);
    } else if (delta.type === "input_json_delta") {
      block.json += String(delta.partial_json);
    }
  }

  private readUsage(raw: Json | undefined): void {
    if (!raw) return;
    const num = (key: string, fallback: number) =>
      typeof raw[key] === "number" ? (raw[key] as number) : fallback;
    this.usage = {
      input_tokens: num("input_tokens", this.usage.input_tokens),
      output_tokens: num("output_tokens", this.usage.output_tokens),
      cache_read_tokens: num("cache_read_input_tokens", this.usage.cache_read_tokens),
      cache_write_tokens: num("cache_creation_input_tokens", this.usage.cache_write_tokens),
    };
  }

  protected parts(): AssistantPart[] {
    return [...this.blocks.entries()].sort(([a], [b]) => a - b).map(([, b]) => b.part);
  }
}

function mapStop(reason: string | undefined): StopReason {
  switch (reason) {
    case "tool_use":
      return "tool_use";
    case "max_tokens":
    case "model_context_window_exceeded":
      return "max_tokens";
    case "refusal":
      return "refusal";
    default:
      return "end";
  }
}
