/**
 * OpenAI Responses API (`POST /v1/responses`) as the mock model server speaks it.
 *
 * Every event carries `type` and `sequence_number` (0, 1, 2, … in stream order). Order:
 * `response.created`, `response.in_progress`, then one output item per scripted block —
 * `reasoning` (summary parts only when the request sets `reasoning.summary`; `encrypted_content`
 * only when it `include`s `reasoning.encrypted_content`, and, as the real service does, the value
 * in `output_item.added` differs from the final one in `output_item.done`), `message` (one
 * `output_text` part) or `function_call` — and last `response.completed` (or
 * `response.incomplete`) carrying the whole response object and, only there, the usage.
 */
import type { MockErrorKind, ReplySpec } from "./mock-script.js";
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

type Item = Record<string, unknown>;

function usageOf(ctx: EncodeContext) {
  const u = ctx.usage;
  const input = u.input + u.cacheRead + u.cacheWrite;
  return {
    input_tokens: input,
    input_tokens_details: { cached_tokens: u.cacheRead, cache_write_tokens: u.cacheWrite },
    output_tokens: u.output,
    output_tokens_details: { reasoning_tokens: u.reasoning },
    total_tokens: input + u.output,
  };
}

function responseObject(ctx: EncodeContext, id: string, status: string, output: Item[]): Item {
  const b = ctx.body;
  const reasoning = (b.reasoning ?? {}) as Record<string, unknown>;
  return {
    id,
    object: "response",
    created_at: ctx.created,
    status,
    background: false,
    error: null,
    incomplete_details: null,
    instructions: b.instructions ?? null,
    max_output_tokens: b.max_output_tokens ?? null,
    max_tool_calls: null,
    model: ctx.model,
    output,
    parallel_tool_calls: b.parallel_tool_calls ?? true,
    previous_response_id: b.previous_response_id ?? null,
    prompt_cache_key: b.prompt_cache_key ?? null,
    reasoning: { effort: reasoning.effort ?? null, summary: reasoning.summary ?? null },
    safety_identifier: null,
    service_tier: "default",
    store: b.store ?? true,
    temperature: b.temperature ?? 1,
    text: b.text ?? { format: { type: "text" }, verbosity: "medium" },
    tool_choice: b.tool_choice ?? "auto",
    tools: b.tools ?? [],
    top_logprobs: 0,
    top_p: b.top_p ?? 1,
    truncation: "disabled",
    usage: null,
    user: null,
    metadata: b.metadata ?? {},
  };
}

/** Builds the events of a successful stream; also used for the non-streaming body. */
function encode(reply: ReplySpec, ctx: EncodeContext) {
  const events: SseEvent[] = [];
  /** Finished items, with the index of their `output_item.done` event. */
  const done: { at: number; item: Item }[] = [];
  const push = (type: string, fields: Record<string, unknown>) =>
    events.push({ event: type, data: json({ type, sequence_number: events.length, ...fields }) });
  const obfuscation = (delta: string) => ctx.ids.base62("", Math.max(2, 16 - delta.length));

  const body = ctx.body;
  const include = Array.isArray(body.include) ? (body.include as unknown[]) : [];
  const encrypted = include.includes("reasoning.encrypted_content");
  const summary = (body.reasoning as Record<string, unknown> | undefined)?.summary;
  const wantsSummary = typeof summary === "string" && summary !== "none";
  const incomplete = ctx.stopReason === "max_tokens" || ctx.stopReason === "refusal";
  const responseId = ctx.ids.hex("resp_", 48);

  const initial = responseObject(ctx, responseId, "in_progress", []);
  push("response.created", { response: initial });
  push("response.in_progress", { response: initial });

  reply.blocks.forEach((block, output_index) => {
    const last = output_index === reply.blocks.length - 1;
    let item: Item;
    if (block.type === "thinking") {
      const id = ctx.ids.hex("rs_", 48);
      const added: Item = { id, type: "reasoning", summary: [] };
      if (encrypted) added.encrypted_content = "gAAAAAB" + ctx.ids.base62("", 40);
      push("response.output_item.added", { output_index, item: added });
      const parts: Item[] = [];
      if (wantsSummary) {
        const ref = { item_id: id, output_index, summary_index: 0 };
        push("response.reasoning_summary_part.added", {
          ...ref,
          part: { type: "summary_text", text: "" },
        });
        for (const delta of splitText(block.text)) {
          push("response.reasoning_summary_text.delta", {
            ...ref,
            delta,
            obfuscation: obfuscation(delta),
          });
        }
        push("response.reasoning_summary_text.done", { ...ref, text: block.text });
        const part = { type: "summary_text", text: block.text };
        push("response.reasoning_summary_part.done", { ...ref, part });
        parts.push(part);
      }
      item = { id, type: "reasoning", summary: parts };
      if (encrypted) item.encrypted_content = block.signature;
    } else if (block.type === "text") {
      const id = ctx.ids.hex("msg_", 48);
      const ref = { item_id: id, output_index, content_index: 0 };
      const status = incomplete && last ? "incomplete" : "completed";
      push("response.output_item.added", {
        output_index,
        item: { id, type: "message", status: "in_progress", content: [], role: "assistant" },
      });
      push("response.content_part.added", {
        ...ref,
        part: { type: "output_text", annotations: [], logprobs: [], text: "" },
      });
      for (const delta of splitText(block.text)) {
        push("response.output_text.delta", {
          ...ref,
          delta,
          logprobs: [],
          obfuscation: obfuscation(delta),
        });
      }
      push("response.output_text.done", { ...ref, text: block.text, logprobs: [] });
      const part = { type: "output_text", annotations: [], logprobs: [], text: block.text };
      push("response.content_part.done", { ...ref, part });
      item = { id, type: "message", status, content: [part], role: "assistant" };
    } else {
      const id = block.itemId ?? ctx.ids.hex("fc_", 48);
      const call = {
        id,
        type: "function_call",
        call_id: block.id ?? ctx.ids.base62("call_", 24),
        name: block.name,
      };
      push("response.output_item.added", {
        output_index,
        item: { ...call, status: "in_progress", arguments: "" },
      });
      for (const delta of splitArguments(block.arguments)) {
        push("response.function_call_arguments.delta", {
          item_id: id,
          output_index,
          delta,
          obfuscation: obfuscation(delta),
        });
      }
      push("response.function_call_arguments.done", {
        item_id: id,
        output_index,
        name: block.name,
        arguments: block.arguments,
      });
      item = { ...call, status: "completed", arguments: block.arguments };
    }
    done.push({ at: events.length, item });
    push("response.output_item.done", { output_index, item });
  });

  const terminalIndex = events.length;
  const final = responseObject(
    ctx,
    responseId,
    incomplete ? "incomplete" : "completed",
    done.map((d) => d.item),
  );
  final.usage = usageOf(ctx);
  if (incomplete) {
    final.incomplete_details = {
      reason: ctx.stopReason === "max_tokens" ? "max_output_tokens" : "content_filter",
    };
  } else {
    final.completed_at = ctx.created + 1;
  }
  push(incomplete ? "response.incomplete" : "response.completed", { response: final });
  return { events, terminalIndex, done, responseId, final };
}

export const openaiResponsesEncoder: ProtocolEncoder = {
  protocol: "openai-responses",
  defaultModel: "gpt-5",
  headers: openaiHeaders,

  stream(reply: ReplySpec, ctx: EncodeContext): EncodedStream {
    const { events, terminalIndex, done, responseId } = encode(reply, ctx);
    return {
      events,
      terminalIndex,
      errorEvents(kind: MockErrorKind, message: string | undefined, at: number) {
        const output = done.filter((d) => d.at < at).map((d) => d.item);
        const response = responseObject(ctx, responseId, "failed", output);
        const error = openaiErrorObject(kind, "responses", message);
        response.error = {
          code: kind === "rate_limit" ? "rate_limit_exceeded" : "server_error",
          message: error.message,
        };
        const data = { type: "response.failed", sequence_number: at, response };
        return [{ event: "response.failed", data: json(data) }];
      },
    };
  },

  json(reply: ReplySpec, ctx: EncodeContext) {
    return encode(reply, ctx).final;
  },

  error(failure, ids) {
    return openaiErrorAnswer(failure, "responses", ids);
  },
};
