import type { EndpointOptions } from "./anthropic-messages.js";
import { Accumulator, adapterStream, type Json } from "./adapter-stream.js";
import { loadOpenAI, type OpenAIClient } from "./openai-client.js";
import { toolOutput } from "./openai-responses.js";
import { parseArguments } from "./tool-arguments.js";
import type {
  AssistantPart,
  Message,
  ModelRequest,
  Provider,
  StopReason,
  StreamEvent,
} from "./types.js";

/**
 * OpenAI Chat Completions, the protocol every OpenAI-compatible server speaks (Ollama, vLLM,
 * LM Studio, DeepSeek…). Reasoning text some servers stream (`reasoning_content`) is shown but
 * never sent back, since the protocol has no place for it.
 */
export function createOpenAIChatProvider(options: EndpointOptions): Provider {
  let client: Promise<OpenAIClient> | undefined;
  const load = () => (client ??= loadOpenAI(options));
  return {
    name: options.name,
    protocol: "openai-chat",
    prepare: () =>
      load().then(
        () => {},
        () => {},
      ),
    stream(request, signal) {
      const body = {
        ...toChatBody(request),
        stream: true,
        stream_options: { include_usage: true },
      };
      const open = async () =>
        (await (await load()).chat.completions.create(body, { signal })) as AsyncIterable<Json>;
      return adapterStream(open, new ChatAccumulator(request.model), options.hints, signal);
    },
  };
}

export function toChatBody(request: ModelRequest): Json {
  const messages: Json[] = [{ role: "system", content: request.system }];
  for (const message of request.messages) messages.push(...chatMessages(message));
  const body: Json = { model: request.model, messages };
  if (request.capOutput) body.max_tokens = request.maxOutputTokens;
  if (request.reasoning) body.reasoning_effort = request.reasoning;
  if (request.tools.length > 0) {
    body.tools = request.tools.map((t) => ({
      type: "function",
      function: { name: t.name, description: t.description, parameters: t.parameters },
    }));
  }
  return body;
}

function chatMessages(message: Message): Json[] {
  if (message.role === "user") {
    if (!message.images?.length) return [{ role: "user", content: message.content }];
    const images = message.images.map((image) => ({
      type: "image_url",
      image_url: { url: `data:${image.mediaType};base64,${image.data}` },
    }));
    return [{ role: "user", content: [{ type: "text", text: message.content }, ...images] }];
  }
  if (message.role === "tool") {
    return [{ role: "tool", tool_call_id: message.toolCallId, content: toolOutput(message) }];
  }
  const text = message.content
    .filter((p): p is Extract<AssistantPart, { type: "text" }> => p.type === "text")
    .map((p) => p.text)
    .join("");
  const calls = message.content.flatMap((p) =>
    p.type === "tool_call"
      ? [
          {
            id: p.id,
            type: "function",
            function: { name: p.name, arguments: p.arguments ? p.rawArguments || "{}" : "{}" },
          },
        ]
      : [],
  );
  if (!text && calls.length === 0) return [];
  return [
    {
      role: "assistant",
      content: text || null,
      ...(calls.length > 0 ? { tool_calls: calls } : {}),
    },
  ];
}

interface PendingCall {
  id: string;
  name: string;
  args: string;
  announced: boolean;
}

/** Assembles `tool_calls` by index from interleaved chunks; text and reasoning as they come. */
export class ChatAccumulator extends Accumulator {
  private text = "";
  private thinking = "";
  private calls = new Map<number, PendingCall>();
  private finished: AssistantPart[] = [];

  constructor(model: string) {
    super("openai-chat", model);
  }

  *push(chunk: Json): Generator<StreamEvent> {
    if (typeof chunk.model === "string" && chunk.model) this.model = chunk.model;
    const usage = chunk.usage as Json | null | undefined;
    if (usage) {
      const prompt = Number(usage.prompt_tokens ?? 0);
      const cached = Number((usage.prompt_tokens_details as Json | undefined)?.cached_tokens ?? 0);
      this.usage = {
        input_tokens: prompt - cached,
        output_tokens: Number(usage.completion_tokens ?? 0),
        cache_read_tokens: cached,
        cache_write_tokens: 0,
      };
      yield { type: "usage", usage: { ...this.usage } };
    }
    const choice = (chunk.choices as Json[] | undefined)?.[0];
    if (!choice) return;
    const delta = (choice.delta ?? {}) as Json;
    const reasoning = delta.reasoning_content ?? delta.reasoning;
    if (typeof reasoning === "string" && reasoning) {
      this.thinking += reasoning;
      yield { type: "thinking_delta", text: reasoning };
    }
    if (typeof delta.content === "string" && delta.content) {
      this.text += delta.content;
      yield { type: "text_delta", text: delta.content };
    }
    for (const raw of (delta.tool_calls as Json[] | undefined) ?? []) {
      const index = Number(raw.index ?? 0);
      const fn = (raw.function ?? {}) as Json;
      let call = this.calls.get(index);
      if (!call) {
        call = { id: "", name: "", args: "", announced: false };
        this.calls.set(index, call);
      }
      if (typeof raw.id === "string" && raw.id) call.id = raw.id;
      if (typeof fn.name === "string" && fn.name) call.name += fn.name;
      if (typeof fn.arguments === "string") call.args += fn.arguments;
      if (!call.announced && call.id && call.name) {
        call.announced = true;
        yield { type: "tool_call_start", id: call.id, name: call.name };
      }
    }
    if (typeof choice.finish_reason === "string") {
      this.stop = mapFinish(choice.finish_reason);
      this.complete = true;
    }
  }

  /** Completes the assembled calls once the stream has ended. */
  override *drain(): Generator<StreamEvent> {
    const ordered = [...this.calls.entries()].sort(([a], [b]) => a - b);
    for (const [index, call] of ordered) {
      const part: AssistantPart = {
        type: "tool_call",
        id: call.id || `call_${index}_${Date.now().toString(36)}`,
        name: call.name,
        arguments: parseArguments(call.args),
        rawArguments: call.args,
      };
      this.finished.push(part);
      yield { type: "tool_call", call: part };
    }
    this.calls.clear();
  }

  protected parts(): AssistantPart[] {
    const content: AssistantPart[] = [];
    if (this.thinking)
      content.push({ type: "thinking", text: this.thinking, protocol: "openai-chat" });
    if (this.text) content.push({ type: "text", text: this.text });
    return [...content, ...this.finished];
  }
}

function mapFinish(reason: string): StopReason {
  if (reason === "tool_calls" || reason === "function_call") return "tool_use";
  if (reason === "length") return "max_tokens";
  if (reason === "content_filter") return "refusal";
  return "end";
}
