import type { Message, ToolResultMessage } from "../../../ai/types.js";
import { imageNote, type Decision } from "../../../session/index.js";
import { t } from "../../../i18n/index.js";
import type { NewEntry } from "./state.js";
import { settleTool, toolTitle } from "../tool-lines/index.js";

/** How a summary message of a compacted history starts (see session/storage/compaction.ts). */
const SUMMARY_MARKER = "[Conversation summary]";

/**
 * What goes with the person's text but was not typed: the `<file>` blocks of `@` attachments
 * (see session/context/mentions.ts) and the `<shell>` blocks of `!commands` (see control/command-runner.ts).
 */
const ATTACHED = /\n\n<(file|shell) [^>\n]*>\n[\s\S]*?<\/\1>(?=\n\n<(?:file|shell) |$)/g;

/**
 * The transcript of a saved history as it settled live: the person's messages (without the
 * files they attached), the answers with the `north` label where a turn's first output was,
 * one line per tool call from its saved details (diffs, commands, who turned a change down),
 * and `[Cancelled]` where a turn was cancelled. Thinking is left out; a summary of compacted
 * history shows as one note.
 */
export function historyEntries(history: readonly Message[]): NewEntry[] {
  const results = new Map<string, ToolResultMessage>();
  for (const m of history) if (m.role === "tool") results.set(m.toolCallId, m);
  const out: NewEntry[] = [];
  let turnLabelled = true;
  for (const message of history) {
    if (message.role === "user") {
      if (message.content.startsWith(SUMMARY_MARKER))
        out.push({ kind: "note", tone: "info", text: t("history.summarised") });
      else {
        // The images it carried, as notes: `[Image: png 48 KB]`.
        const notes = (message.images ?? []).map(imageNote);
        const text = [message.content.replace(ATTACHED, ""), ...notes].join(" ");
        out.push({ kind: "user", text });
      }
      turnLabelled = false;
      continue;
    }
    if (message.role !== "assistant") continue;
    let label = true;
    let cancelled = message.stopReason === "aborted";
    for (const part of message.content) {
      if (part.type === "text" && part.text.trim()) {
        out.push({ kind: "markdown", text: part.text.trim(), label, joined: false });
        label = false;
        turnLabelled = true;
      }
      if (part.type === "tool_call") {
        const result = results.get(part.id);
        const content = result?.content ?? "";
        const byCancel = /^Cancelled by the user/.test(content);
        cancelled ||= byCancel;
        const decision = personsAnswer(content);
        const settled = settleTool({
          name: part.name,
          title: toolTitle(part.name, part.arguments, true),
          content,
          isError: result?.isError ?? false,
          details: result?.details,
          ...(decision ? { decision } : {}),
          ...(byCancel ? { cancelled: true } : {}),
        });
        out.push({ kind: "tool", ...settled, ...(turnLabelled ? {} : { label: true }) });
        label = true;
        turnLabelled = true;
      }
    }
    if (cancelled) out.push({ kind: "note", tone: "warn", text: t("turn.cancelled") });
  }
  return out;
}

/** The person's "no" as the policy worded it for the model (policy-reasons.ts), with the note. */
function personsAnswer(content: string): Decision | undefined {
  const noted = /^The person rejected this: ([\s\S]*)$/.exec(content);
  if (noted) return { type: "reject", reason: noted[1]!.trim() };
  if (/^The person (rejected|did not accept|did not allow)/.test(content))
    return { type: "reject" };
  return undefined;
}
