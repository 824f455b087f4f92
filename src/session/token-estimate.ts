/**
 * Token estimates for what has not been counted by a provider yet: about 3.5 characters per
 * token plus a 10 % margin, so an estimate errs towards "fuller than it is".
 */
import type { Message, ToolSchema, Usage } from "../ai/types.js";

/** Per-message framing (role markers, ids) that the characters alone do not show. */
const MESSAGE_OVERHEAD = 4;

/** chars / 3.5 * 1.1 in whole numbers (chars * 11 / 35), so no float error rounds up. */
const tokensOf = (chars: number) => Math.ceil((chars * 11) / 35);

/** Estimated tokens of a text; 0 for "". */
export function estimateTokens(text: string): number {
  return tokensOf(text.length);
}

/** The characters of a message that reach the model (thinking signatures are not counted). */
export function messageChars(message: Message): number {
  if (message.role === "user") return message.content.length;
  if (message.role === "tool") return message.content.length + message.toolCallId.length;
  let chars = 0;
  for (const part of message.content) {
    if (part.type === "text" || part.type === "thinking") chars += part.text.length;
    else chars += part.name.length + part.id.length + part.rawArguments.length;
  }
  return chars;
}

export function estimateMessage(message: Message): number {
  return tokensOf(messageChars(message)) + MESSAGE_OVERHEAD;
}

export function estimateMessages(messages: readonly Message[]): number {
  let total = 0;
  for (const message of messages) total += estimateMessage(message);
  return total;
}

/** Tool schemas as they go on the wire (JSON). */
export function estimateSchemas(schemas: readonly ToolSchema[]): number {
  return schemas.length === 0 ? 0 : estimateTokens(JSON.stringify(schemas));
}

/**
 * The prompt size of a step as a provider reports it: `input_tokens` excludes cached tokens, so
 * the whole prompt is input + cache read + cache write.
 */
export function promptTokens(usage: Usage): number {
  return usage.input_tokens + usage.cache_read_tokens + usage.cache_write_tokens;
}
