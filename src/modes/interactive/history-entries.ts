import type { Message } from "../../ai/types.js";
import type { NewEntry } from "./state.js";
import { settleTool, toolTitle } from "./tool-lines/index.js";

/** How a summary message of a compacted history starts (see session/compaction.ts). */
const SUMMARY_MARKER = "[Conversation summary]";

/**
 * The transcript of a saved history, as it would have settled: the person's messages, the
 * answers, and one line per tool call with its outcome. Thinking is left out; a summary of
 * compacted history shows as one note.
 */
export function historyEntries(history: readonly Message[]): NewEntry[] {
  const results = new Map<string, { content: string; isError: boolean }>();
  for (const m of history) if (m.role === "tool") results.set(m.toolCallId, m);
  const out: NewEntry[] = [];
  for (const message of history) {
    if (message.role === "user") {
      if (message.content.startsWith(SUMMARY_MARKER))
        out.push({ kind: "note", tone: "info", text: "(earlier conversation, summarised)" });
      else out.push({ kind: "user", text: message.content });
      continue;
    }
    if (message.role !== "assistant") continue;
    let label = true;
    for (const part of message.content) {
      if (part.type === "text" && part.text.trim()) {
        out.push({ kind: "markdown", text: part.text.trim(), label, joined: false });
        label = false;
      }
      if (part.type === "tool_call") {
        const result = results.get(part.id) ?? { content: "", isError: false };
        const settled = settleTool({
          name: part.name,
          title: toolTitle(part.name, part.arguments),
          content: result.content,
          isError: result.isError,
          details: undefined,
        });
        out.push({ kind: "tool", ...settled });
        label = true;
      }
    }
  }
  return out;
}
