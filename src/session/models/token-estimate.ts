/**
 * Token estimates for what has not been counted by a provider yet: about 3.5 characters per
 * token plus a 10 % margin, so an estimate errs towards "fuller than it is".
 */
import type { Message, ToolSchema, Usage } from "../../ai/types.js";
import { IMAGE_TOKEN_ESTIMATE } from "../../ai/images.js";

/** Per-message framing (role markers, ids) that the characters alone do not show. */
const MESSAGE_OVERHEAD = 4;

/** chars / 3.5 * 1.1 in whole numbers (chars * 11 / 35), so no float error rounds up. */
const tokensOf = (chars: number) => Math.ceil((chars * 11) / 35);

/** Estimated tokens of `chars` characters of text (a stream's, counted as it arrives). */
export const estimateCharTokens = (chars: number): number => tokensOf(chars);

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

/** A message's text by its characters; each image it carries as `IMAGE_TOKEN_ESTIMATE`. */
export function estimateMessage(message: Message): number {
  const images = message.role === "assistant" ? 0 : (message.images?.length ?? 0);
  return tokensOf(messageChars(message)) + MESSAGE_OVERHEAD + images * IMAGE_TOKEN_ESTIMATE;
}

export function estimateMessages(messages: readonly Message[]): number {
  let total = 0;
  for (const message of messages) total += estimateMessage(message);
  return total;
}

const schemaChars = new WeakMap<ToolSchema, number>();

/**
 * Tool schemas as they go on the wire (JSON): the length of `JSON.stringify(schemas)`, each
 * schema measured once (a turn estimates the same schemas several times).
 */
export function estimateSchemas(schemas: readonly ToolSchema[]): number {
  if (schemas.length === 0) return 0;
  let chars = schemas.length + 1; // the brackets and the commas between
  for (const schema of schemas) {
    let length = schemaChars.get(schema);
    if (length === undefined) schemaChars.set(schema, (length = JSON.stringify(schema).length));
    chars += length;
  }
  return tokensOf(chars);
}

/**
 * The prompt size of a step as a provider reports it: `input_tokens` excludes cached tokens, so
 * the whole prompt is input + cache read + cache write.
 */
export function promptTokens(usage: Usage): number {
  return usage.input_tokens + usage.cache_read_tokens + usage.cache_write_tokens;
}
