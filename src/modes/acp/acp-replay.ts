// `session/load`: a saved conversation told again as the updates it showed live.
import type { SessionUpdate } from "@agentclientprotocol/sdk";
import type { Message } from "../../ai/types.js";
import { UpdateMapper } from "./acp-updates.js";

/**
 * The updates of a saved history, in order: the person's messages as `user_message_chunk`s, the
 * model's text and thinking as chunks, each tool call with its result (an edit with its diff,
 * from the result's saved details).
 */
export function replayHistory(root: string, history: readonly Message[]): SessionUpdate[] {
  const mapper = new UpdateMapper(root);
  const updates: SessionUpdate[] = [];
  for (const message of history) {
    if (message.role === "user") {
      updates.push({
        sessionUpdate: "user_message_chunk",
        content: { type: "text", text: message.content },
      });
    } else if (message.role === "assistant") {
      for (const part of message.content) {
        if (part.type === "text")
          updates.push(...mapper.map({ type: "text_delta", text: part.text }));
        else if (part.type === "thinking" && part.text) {
          updates.push(...mapper.map({ type: "thinking_delta", text: part.text }));
        } else if (part.type === "tool_call") {
          updates.push(
            ...mapper.map({
              type: "tool_call",
              id: part.id,
              name: part.name,
              kind: "unknown",
              arguments: part.arguments,
            }),
          );
        }
      }
    } else {
      const files = (message.details as { files?: unknown } | undefined)?.files;
      if (Array.isArray(files)) {
        updates.push(
          ...mapper.map({
            type: "tool_proposal",
            id: message.toolCallId,
            name: message.toolName,
            review: { type: "edit", files },
          }),
        );
      }
      updates.push(
        ...mapper.map({
          type: "tool_result",
          id: message.toolCallId,
          name: message.toolName,
          content: message.content,
          is_error: message.isError,
          truncated: false,
          duration_ms: 0,
        }),
      );
    }
  }
  return updates;
}
