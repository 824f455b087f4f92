/**
 * Anthropic Messages API (`POST /v1/messages`) as the mock model server speaks it.
 *
 * Stream order: `message_start` (usage with input and cache counts, `output_tokens` 1), then per
 * content block `content_block_start` → deltas → `content_block_stop` (a `ping` after the first
 * start), then `message_delta` (stop reason and the final cumulative usage) and `message_stop`.
 * Thinking blocks end with one `signature_delta`; tool blocks start with `input: {}` and an empty
 * `input_json_delta` before the argument fragments.
 */
import type { FailureSpec, MockErrorKind, MockStopReason, ReplySpec } from "./mock-script.js";
import {
  type EncodeContext,
  type EncodedStream,
  type ErrorAnswer,
  type IdFactory,
  type ProtocolEncoder,
  type SseEvent,
  json,
  parseArguments,
  splitArguments,
  splitText,
} from "./mock-wire.js";

const stopReasons: Record<MockStopReason, string> = {
  end: "end_turn",
  tool_use: "tool_use",
  max_tokens: "max_tokens",
  refusal: "refusal",
};

const errors: Record<MockErrorKind, { status: number; type: string; message: string }> = {
  auth: { status: 401, type: "authentication_error", message: "invalid x-api-key" },
  rate_limit: {
    status: 429,
    type: "rate_limit_error",
    message:
      "This request would exceed the rate limit for your organization of 50,000 input tokens per minute. Please try again later.",
  },
  quota: {
    status: 400,
    type: "invalid_request_error",
    message:
      "Your credit balance is too low to access the Anthropic API. Please go to Plans & Billing to upgrade or purchase credits.",
  },
  overloaded: { status: 529, type: "overloaded_error", message: "Overloaded" },
  context_overflow: {
    status: 400,
    type: "invalid_request_error",
    message: "prompt is too long: 213462 tokens > 200000 maximum",
  },
  bad_request: {
    status: 400,
    type: "invalid_request_error",
    message: "messages: text content blocks must be non-empty",
  },
  server: { status: 500, type: "api_error", message: "Internal server error" },
};

/** Error types for statuses given explicitly (`failure(status)`), when they differ from the kind's. */
const statusTypes: Record<number, string> = {
  400: "invalid_request_error",
  401: "authentication_error",
  403: "permission_error",
  404: "not_found_error",
  413: "request_too_large",
  429: "rate_limit_error",
  500: "api_error",
  529: "overloaded_error",
};

function errorBody(type: string, message: string, requestId: string): unknown {
  return { type: "error", error: { type, message }, request_id: requestId };
}

function usageOf(ctx: EncodeContext, output: number) {
  return {
    input_tokens: ctx.usage.input,
    cache_creation_input_tokens: ctx.usage.cacheWrite,
    cache_read_input_tokens: ctx.usage.cacheRead,
    output_tokens: output,
  };
}

function blockIds(reply: ReplySpec, ctx: EncodeContext): (string | undefined)[] {
  return reply.blocks.map((b) =>
    b.type === "tool" ? (b.id ?? ctx.ids.base62("toolu_01", 22)) : undefined,
  );
}

export const anthropicEncoder: ProtocolEncoder = {
  protocol: "anthropic-messages",
  defaultModel: "claude-opus-4-7",

  headers(ids: IdFactory) {
    return { "request-id": ids.base62("req_011C", 20), "anthropic-organization-id": "mock-org" };
  },

  stream(reply: ReplySpec, ctx: EncodeContext): EncodedStream {
    const events: SseEvent[] = [];
    const push = (data: { type: string } & Record<string, unknown>) =>
      events.push({ event: data.type, data: json(data) });
    const messageId = ctx.ids.base62("msg_01", 22);
    const toolIds = blockIds(reply, ctx);

    push({
      type: "message_start",
      message: {
        id: messageId,
        type: "message",
        role: "assistant",
        model: ctx.model,
        content: [],
        stop_reason: null,
        stop_sequence: null,
        usage: { ...usageOf(ctx, 1), service_tier: "standard" },
      },
    });
    if (reply.blocks.length === 0) push({ type: "ping" });
    reply.blocks.forEach((block, index) => {
      const delta = (d: Record<string, unknown>) =>
        push({ type: "content_block_delta", index, delta: d });
      if (block.type === "thinking") {
        push({
          type: "content_block_start",
          index,
          content_block: { type: "thinking", thinking: "", signature: "" },
        });
        if (index === 0) push({ type: "ping" });
        for (const piece of splitText(block.text))
          delta({ type: "thinking_delta", thinking: piece });
        delta({ type: "signature_delta", signature: block.signature });
      } else if (block.type === "text") {
        push({ type: "content_block_start", index, content_block: { type: "text", text: "" } });
        if (index === 0) push({ type: "ping" });
        for (const piece of splitText(block.text)) delta({ type: "text_delta", text: piece });
      } else {
        push({
          type: "content_block_start",
          index,
          content_block: { type: "tool_use", id: toolIds[index], name: block.name, input: {} },
        });
        if (index === 0) push({ type: "ping" });
        delta({ type: "input_json_delta", partial_json: "" });
        for (const piece of splitArguments(block.arguments)) {
          delta({ type: "input_json_delta", partial_json: piece });
        }
      }
      push({ type: "content_block_stop", index });
    });
    const terminalIndex = events.length;
    push({
      type: "message_delta",
      delta: { stop_reason: stopReasons[ctx.stopReason], stop_sequence: null },
      usage: usageOf(ctx, ctx.usage.output),
    });
    push({ type: "message_stop" });

    return {
      events,
      terminalIndex,
      errorEvents(kind, message) {
        const e = errors[kind];
        const body = errorBody(e.type, message ?? e.message, ctx.ids.base62("req_011C", 20));
        return [{ event: "error", data: json(body) }];
      },
    };
  },

  json(reply: ReplySpec, ctx: EncodeContext) {
    const toolIds = blockIds(reply, ctx);
    return {
      id: ctx.ids.base62("msg_01", 22),
      type: "message",
      role: "assistant",
      model: ctx.model,
      content: reply.blocks.map((block, index) =>
        block.type === "thinking"
          ? { type: "thinking", thinking: block.text, signature: block.signature }
          : block.type === "text"
            ? { type: "text", text: block.text }
            : {
                type: "tool_use",
                id: toolIds[index],
                name: block.name,
                input: parseArguments(block.arguments),
              },
      ),
      stop_reason: stopReasons[ctx.stopReason],
      stop_sequence: null,
      usage: { ...usageOf(ctx, ctx.usage.output), service_tier: "standard" },
    };
  },

  error(failure: FailureSpec, ids: IdFactory): ErrorAnswer {
    const known = errors[failure.error];
    const status = failure.status ?? known.status;
    const type = status === known.status ? known.type : (statusTypes[status] ?? known.type);
    const requestId = ids.base62("req_011C", 20);
    const headers: Record<string, string> = { "request-id": requestId };
    if (failure.error === "rate_limit") {
      headers["anthropic-ratelimit-input-tokens-limit"] = "50000";
      headers["anthropic-ratelimit-input-tokens-remaining"] = "0";
      headers["anthropic-ratelimit-input-tokens-reset"] = new Date(
        Date.now() + 60_000,
      ).toISOString();
    }
    return { status, headers, body: errorBody(type, failure.message ?? known.message, requestId) };
  },
};
