import type { EndpointOptions } from "./anthropic-messages.js";
import { Accumulator, adapterStream, type Json } from "./adapter-stream.js";
import { loadOpenAI, type OpenAIClient } from "./openai-client.js";
import { parseArguments } from "./tool-arguments.js";
import type {
  AssistantPart,
  Message,
  ModelRequest,
  ProviderError,
  Provider,
  StreamEvent,
  ToolCallPart,
  ToolImage,
} from "./types.js";

/**
 * OpenAI Responses, stateless (`store: false`): reasoning items come back with their
 * `encrypted_content` and are replayed unchanged in later steps.
 */
export function createOpenAIResponsesProvider(options: EndpointOptions): Provider {
  let client: Promise<OpenAIClient> | undefined;
  const load = () => (client ??= loadOpenAI(options));
  return {
    name: options.name,
    protocol: "openai-responses",
    prepare: () =>
      load().then(
        () => {},
        () => {},
      ),
    stream(request, signal) {
      const open = async () =>
        (await (
          await load()
        ).responses.create(
          { ...toResponsesBody(request), stream: true },
          { signal },
        )) as AsyncIterable<Json>;
      return adapterStream(open, new ResponsesAccumulator(request.model), options.hints, signal);
    },
  };
}

export function toResponsesBody(request: ModelRequest): Json {
  const body: Json = {
    model: request.model,
    instructions: request.system,
    input: toResponsesInput(request.messages),
    max_output_tokens: request.maxOutputTokens,
    store: false,
    include: ["reasoning.encrypted_content"],
  };
  if (request.tools.length > 0) {
    body.tools = request.tools.map((t) => ({
      type: "function",
      name: t.name,
      description: t.description,
      parameters: t.parameters,
      strict: false,
    }));
  }
  if (request.reasoning) body.reasoning = { effort: request.reasoning, summary: "auto" };
  return body;
}

/** `detail` is required by the API's type (openai 6.x `ResponseInputImage`); auto lets it pick. */
const inputImage = (image: ToolImage): Json => ({
  type: "input_image",
  detail: "auto",
  image_url: `data:${image.mediaType};base64,${image.data}`,
});

function toResponsesInput(history: readonly Message[]): Json[] {
  const input: Json[] = [];
  for (const message of history) {
    if (message.role === "user") {
      input.push({
        role: "user",
        content: message.images?.length
          ? [{ type: "input_text", text: message.content }, ...message.images.map(inputImage)]
          : message.content,
      });
    } else if (message.role === "tool") {
      input.push({
        type: "function_call_output",
        call_id: message.toolCallId,
        output: message.images?.length
          ? [{ type: "input_text", text: toolOutput(message) }, ...message.images.map(inputImage)]
          : toolOutput(message),
      });
    } else {
      // A reasoning item must be followed by the item it led to; a reply that ran out of tokens
      // while reasoning has none, and the API would refuse the whole request.
      const lastOther = message.content.findLastIndex((p) => p.type !== "thinking");
      message.content.forEach((part, i) => {
        if (part.type === "thinking" && i > lastOther) return;
        input.push(...inputItem(part, message.protocol));
      });
    }
  }
  return input;
}

/** The protocol has no error flag for tool output, so an error says so in its first word. */
export function toolOutput(message: { content: string; isError: boolean }): string {
  return message.isError ? `Error: ${message.content}` : message.content;
}

function inputItem(part: AssistantPart, protocol: string): Json[] {
  switch (part.type) {
    case "text":
      return part.text ? [{ role: "assistant", content: part.text }] : [];
    case "thinking":
      return protocol === "openai-responses" && part.opaque ? [part.opaque as Json] : [];
    case "tool_call":
      return [
        {
          type: "function_call",
          call_id: part.id,
          name: part.name,
          arguments: part.arguments ? part.rawArguments || "{}" : "{}",
        },
      ];
  }
}

/** Folds Responses stream events into stream events and the final message. */
export class ResponsesAccumulator extends Accumulator {
  private items = new Map<number, AssistantPart>();
  private args = new Map<number, string>();
  private failed: ProviderError | undefined;

  constructor(model: string) {
    super("openai-responses", model);
  }

  *push(event: Json): Generator<StreamEvent> {
    const index = event.output_index as number;
    switch (event.type) {
      case "response.output_item.added": {
        const item = event.item as Json;
        if (item.type === "function_call") {
          const call: ToolCallPart = {
            type: "tool_call",
            id: String(item.call_id),
            name: String(item.name),
            // Until its arguments are complete, a call is not runnable.
            arguments: undefined,
            rawArguments: "",
            itemId: String(item.id),
          };
          this.items.set(index, call);
          this.args.set(index, "");
          yield { type: "tool_call_start", id: call.id, name: call.name };
        }
        break;
      }
      case "response.output_text.delta":
        yield { type: "text_delta", text: String(event.delta) };
        break;
      case "response.reasoning_summary_text.delta":
      case "response.reasoning_text.delta":
        yield { type: "thinking_delta", text: String(event.delta) };
        break;
      case "response.function_call_arguments.delta":
        this.args.set(index, (this.args.get(index) ?? "") + String(event.delta));
        break;
      case "response.output_item.done":
        yield* this.itemDone(index, event.item as Json);
        break;
      case "response.completed":
      case "response.incomplete":
      case "response.failed":
        yield* this.completed(event.response as Json);
        break;
      case "error":
        const detail = String(event.message ?? "unknown error");
        this.failed = {
          kind: "server",
          message: `The provider failed mid-stream: ${detail}`,
          phrase: { id: "midStream", values: { detail } },
          retryable: true,
        };
        break;
    }
  }

  private *itemDone(index: number, item: Json): Generator<StreamEvent> {
    if (item.type === "message") {
      const content = (item.content as Json[] | undefined) ?? [];
      const text = content
        .map((c) =>
          c.type === "output_text" ? String(c.text) : c.type === "refusal" ? String(c.refusal) : "",
        )
        .join("");
      this.items.set(index, { type: "text", text });
    } else if (item.type === "reasoning") {
      const summary = ((item.summary as Json[] | undefined) ?? [])
        .map((s) => String(s.text))
        .join("\n\n");
      this.items.set(index, {
        type: "thinking",
        text: summary,
        protocol: "openai-responses",
        opaque: item,
      });
    } else if (item.type === "function_call") {
      const raw =
        typeof item.arguments === "string" ? item.arguments : (this.args.get(index) ?? "");
      const call: ToolCallPart = {
        type: "tool_call",
        id: String(item.call_id),
        name: String(item.name),
        arguments: parseArguments(raw),
        rawArguments: raw,
        itemId: String(item.id),
      };
      this.items.set(index, call);
      yield { type: "tool_call", call };
    }
  }

  private *completed(response: Json): Generator<StreamEvent> {
    this.complete = true;
    const usage = response.usage as Json | undefined;
    if (usage) {
      const input = Number(usage.input_tokens ?? 0);
      const details = (usage.input_tokens_details ?? {}) as Json;
      const cached = Number(details.cached_tokens ?? 0);
      const written = Number(details.cache_write_tokens ?? 0);
      this.usage = {
        input_tokens: input - cached - written,
        output_tokens: Number(usage.output_tokens ?? 0),
        cache_read_tokens: cached,
        cache_write_tokens: written,
      };
      yield { type: "usage", usage: { ...this.usage } };
    }
    if (typeof response.model === "string") this.model = response.model;
    if (response.status === "incomplete") this.stop = "max_tokens";
    if (response.status === "failed") {
      const error = response.error as Json | undefined;
      const detail = String(error?.message ?? "response failed");
      this.failed = {
        kind: "server",
        message: `The provider failed: ${detail}`,
        phrase: { id: "failed", values: { detail } },
        retryable: true,
      };
    }
  }

  protected override failure(): ProviderError | undefined {
    return this.failed;
  }

  protected parts(): AssistantPart[] {
    return [...this.items.entries()].sort(([a], [b]) => a - b).map(([, p]) => p);
  }
}
