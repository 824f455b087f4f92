/**
 * OpenAI Chat Completions (`POST /v1/chat/completions`) as the mock model server speaks it.
 *
 * Data-only SSE lines (`data: {chunk}`, no event names) ending with `data: [DONE]`. The first
 * chunk carries `role: "assistant"`; text arrives as `delta.content`, thinking as
 * `delta.reasoning_content` (compatible servers' extension); a tool call's first chunk carries
 * `index`, `id`, `type: "function"`, `function.name` and `arguments: ""`, later chunks only `index`
 * and `function.arguments` fragments (interleaved between indexes with `interleaveToolCalls()`).
 * Then a chunk with an empty delta and `finish_reason`, and — only when the request sets
 * `stream_options.include_usage` — a last chunk with `choices: []` and the usage; with that option
 * every other chunk carries `usage: null`.
 */
import type { MockStopReason, ReplyBlock, ReplySpec } from "./mock-script.js";
import { openaiErrorAnswer, openaiErrorObject, openaiHeaders } from "./mock-openai-errors.js";
import {
  type EncodeContext,
  type EncodedStream,
  type ProtocolEncoder,
  type SseEvent,
  json,
  splitArguments,
  splitText,
} from "./mock-wire.js";

type ToolBlock = Extract<ReplyBlock, { type: "tool" }>;

const finishReasons: Record<MockStopReason, string> = {
  end: "stop",
  tool_use: "tool_calls",
  max_tokens: "length",
  refusal: "content_filter",
};

function usageOf(ctx: EncodeContext) {
  const u = ctx.usage;
  const prompt = u.input + u.cacheRead + u.cacheWrite;
  return {
    prompt_tokens: prompt,
    completion_tokens: u.output,
    total_tokens: prompt + u.output,
    prompt_tokens_details: { cached_tokens: u.cacheRead, audio_tokens: 0 },
    completion_tokens_details: {
      reasoning_tokens: u.reasoning,
      audio_tokens: 0,
      accepted_prediction_tokens: 0,
      rejected_prediction_tokens: 0,
    },
  };
}

function header(block: ToolBlock, index: number, id: string) {
  return { index, id, type: "function", function: { name: block.name, arguments: "" } };
}

export const openaiChatEncoder: ProtocolEncoder = {
  protocol: "openai-chat",
  defaultModel: "gpt-4.1",
  headers: openaiHeaders,

  stream(reply: ReplySpec, ctx: EncodeContext): EncodedStream {
    const id = ctx.ids.base62("chatcmpl-", 29);
    const fingerprint = ctx.ids.hex("fp_", 10);
    const streamOptions = ctx.body.stream_options as Record<string, unknown> | undefined;
    const includeUsage = streamOptions?.include_usage === true;
    const events: SseEvent[] = [];
    const chunk = (choices: unknown[], usage: unknown = null) =>
      events.push({
        data: json({
          id,
          object: "chat.completion.chunk",
          created: ctx.created,
          model: ctx.model,
          service_tier: "default",
          system_fingerprint: fingerprint,
          choices,
          ...(includeUsage ? { usage } : {}),
        }),
      });
    const delta = (d: Record<string, unknown>, finish_reason: string | null = null) =>
      chunk([{ index: 0, delta: d, logprobs: null, finish_reason }]);

    const callIds = new Map<ToolBlock, string>();
    const tools = reply.blocks.filter((b): b is ToolBlock => b.type === "tool");
    tools.forEach((b) => callIds.set(b, b.id ?? ctx.ids.base62("call_", 24)));
    const toolIndex = (b: ToolBlock) => tools.indexOf(b);

    // The role chunk; when the reply opens with a tool call, its header rides along (as OpenAI does).
    const first = reply.blocks[0];
    let opened: ToolBlock | undefined;
    if (first?.type === "tool") {
      opened = first;
      const call = header(first, 0, callIds.get(first) ?? "");
      delta({ role: "assistant", content: null, tool_calls: [call], refusal: null });
    } else {
      delta({ role: "assistant", content: "", refusal: null });
    }

    const fragments = (b: ToolBlock) =>
      splitArguments(b.arguments).map((piece) => ({
        tool_calls: [{ index: toolIndex(b), function: { arguments: piece } }],
      }));

    for (let i = 0; i < reply.blocks.length; i++) {
      const block = reply.blocks[i];
      if (!block) continue;
      if (block.type === "thinking") {
        for (const piece of splitText(block.text)) delta({ reasoning_content: piece });
      } else if (block.type === "text") {
        for (const piece of splitText(block.text)) delta({ content: piece });
      } else {
        // A run of consecutive tool calls.
        const run: ToolBlock[] = [];
        for (let b = reply.blocks[i]; b?.type === "tool"; b = reply.blocks[++i]) run.push(b);
        i--;
        const headers = () =>
          run.forEach((b) => {
            if (b !== opened)
              delta({ tool_calls: [header(b, toolIndex(b), callIds.get(b) ?? "")] });
          });
        if (reply.interleaveToolCalls) {
          headers();
          const lists = run.map(fragments);
          for (let k = 0; lists.some((l) => k < l.length); k++) {
            for (const l of lists) {
              const piece = l[k];
              if (piece) delta(piece);
            }
          }
        } else {
          for (const b of run) {
            if (b !== opened)
              delta({ tool_calls: [header(b, toolIndex(b), callIds.get(b) ?? "")] });
            fragments(b).forEach((piece) => delta(piece));
          }
        }
      }
    }

    const terminalIndex = events.length;
    delta({}, finishReasons[ctx.stopReason]);
    if (includeUsage) chunk([], usageOf(ctx));
    events.push({ data: "[DONE]" });

    return {
      events,
      terminalIndex,
      errorEvents(kind, message) {
        return [{ data: json({ error: openaiErrorObject(kind, "chat", message) }) }];
      },
    };
  },

  json(reply: ReplySpec, ctx: EncodeContext) {
    const text = reply.blocks.flatMap((b) => (b.type === "text" ? [b.text] : []));
    const thinking = reply.blocks.flatMap((b) => (b.type === "thinking" ? [b.text] : []));
    const tools = reply.blocks.filter((b): b is ToolBlock => b.type === "tool");
    const message: Record<string, unknown> = {
      role: "assistant",
      content: text.length > 0 ? text.join("") : null,
      refusal: null,
      annotations: [],
    };
    if (thinking.length > 0) message.reasoning_content = thinking.join("");
    if (tools.length > 0) {
      message.tool_calls = tools.map((b) => ({
        id: b.id ?? ctx.ids.base62("call_", 24),
        type: "function",
        function: { name: b.name, arguments: b.arguments },
      }));
    }
    return {
      id: ctx.ids.base62("chatcmpl-", 29),
      object: "chat.completion",
      created: ctx.created,
      model: ctx.model,
      choices: [
        { index: 0, message, logprobs: null, finish_reason: finishReasons[ctx.stopReason] },
      ],
      usage: usageOf(ctx),
      service_tier: "default",
      system_fingerprint: ctx.ids.hex("fp_", 10),
    };
  },

  error(failure, ids) {
    return openaiErrorAnswer(failure, "chat", ids);
  },
};
