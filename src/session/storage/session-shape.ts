import type { AssistantMessage, AssistantPart, Message, StopReason } from "../../ai/types.js";
import type { RewindEntry, RewriteEntry, SessionHeader } from "./storage.js";

/**
 * Shape checks for the lines of a session file. A line that is valid JSON but not one of the
 * shapes North writes (a hand edit, another program, a damaged disk) is skipped rather than
 * trusted: every later request is built from what these accept.
 */

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
  typeof value === "object" && value !== null && !Array.isArray(value);
const isString = (value: unknown): value is string => typeof value === "string";

/** A header line: the fields that resuming and listing rely on. */
export function isHeader(value: unknown): value is SessionHeader {
  return (
    isObject(value) &&
    value.type === "header" &&
    isString(value.id) &&
    isString(value.project) &&
    isString(value.model ?? "") &&
    isString(value.started ?? "") &&
    isString(value.title ?? "") &&
    isString(value.parent ?? "")
  );
}

/** A compaction or clearing entry with fields of the right types. */
export function isRewrite(value: unknown): value is RewriteEntry {
  if (!isObject(value)) return false;
  if (value.type === "compaction") {
    return (
      isString(value.summary) && Number.isInteger(value.replaced) && (value.replaced as number) >= 0
    );
  }
  if (value.type === "cleared") return Array.isArray(value.ids) && value.ids.every(isString);
  return false;
}

/** A rewind entry: a line number before its own (checked by the loader). */
export function isRewind(value: unknown): value is RewindEntry {
  return (
    isObject(value) &&
    value.type === "rewind" &&
    Number.isInteger(value.line) &&
    (value.line as number) > 0
  );
}

/**
 * The message of a `message` line when it is one the protocol converters can send (user text,
 * assistant parts, a tool result), else undefined. An assistant message's token counts only feed
 * the context meter: missing or odd ones become 0 instead of rejecting the line.
 */
export function readMessage(value: unknown): Message | undefined {
  if (!isObject(value)) return undefined;
  switch (value.role) {
    case "user":
      return isString(value.content) ? (value as unknown as Message) : undefined;
    case "tool":
      return isString(value.toolCallId) &&
        value.toolCallId.length > 0 &&
        isString(value.toolName) &&
        isString(value.content) &&
        typeof value.isError === "boolean"
        ? (value as unknown as Message)
        : undefined;
    case "assistant": {
      const ok =
        Array.isArray(value.content) &&
        value.content.every(isAssistantPart) &&
        isString(value.protocol) &&
        isString(value.model);
      if (!ok) return undefined;
      const usage = isObject(value.usage) ? value.usage : {};
      const count = (name: string) => {
        const n = usage[name];
        return typeof n === "number" && Number.isFinite(n) && n >= 0 ? n : 0;
      };
      return {
        ...(value as unknown as AssistantMessage),
        stopReason: isString(value.stopReason) ? (value.stopReason as StopReason) : "end",
        usage: {
          input_tokens: count("input_tokens"),
          output_tokens: count("output_tokens"),
          cache_read_tokens: count("cache_read_tokens"),
          cache_write_tokens: count("cache_write_tokens"),
        },
      };
    }
    default:
      return undefined;
  }
}

function isAssistantPart(value: unknown): value is AssistantPart {
  if (!isObject(value)) return false;
  switch (value.type) {
    case "text":
      return isString(value.text);
    case "thinking":
      return isString(value.text) && isString(value.protocol);
    case "tool_call":
      return (
        isString(value.id) &&
        value.id.length > 0 &&
        isString(value.name) &&
        isString(value.rawArguments ?? "") &&
        (value.arguments === undefined || isObject(value.arguments))
      );
    default:
      return false;
  }
}
