import type { Message, ToolCallPart } from "../../ai/types.js";
import { diffText } from "../../workspace/index.js";
import type { SessionHeader } from "./storage.js";

/** What an export names besides the messages. */
export type ExportMeta = Pick<SessionHeader, "id" | "title" | "project" | "started" | "parent">;

/** A tool's result is cut to this many characters in markdown (the JSON export keeps it whole). */
export const RESULT_CHARS = 2000;

/**
 * The conversation as markdown, as the model sees it now (a rewound branch left out, a
 * compaction's summary in place of what it replaced): the person's messages, the answers, each
 * tool call with its arguments (an edit as the diff it asked for) and its result cut to
 * {@link RESULT_CHARS} characters. Thinking is left out. Pure.
 */
export function exportMarkdown(meta: ExportMeta, history: readonly Message[]): string {
  const out: string[] = [`# ${meta.title || meta.id}`, ""];
  const about = [`Session ${meta.id}`, meta.project, meta.started];
  if (meta.parent) about.push(`fork of ${meta.parent}`);
  out.push(about.filter(Boolean).join(" · "), "");
  for (const message of history) {
    if (message.role === "user") {
      out.push("## You", "", message.content.trim(), "");
    } else if (message.role === "assistant") {
      const parts: string[] = [];
      for (const part of message.content) {
        if (part.type === "text" && part.text.trim()) parts.push(part.text.trim(), "");
        else if (part.type === "tool_call") parts.push(...callLines(part));
      }
      if (parts.length > 0) out.push("## North", "", ...parts);
    } else {
      const cut = message.content.length > RESULT_CHARS;
      const shown = cut ? message.content.slice(0, RESULT_CHARS) : message.content;
      const more = cut ? ` (first ${RESULT_CHARS} of ${message.content.length} characters)` : "";
      const label = message.isError ? "Error" : "Result";
      out.push(`${label} of \`${message.toolName}\`${more}:`, "", ...fenced("", shown), "");
    }
  }
  return `${out.join("\n").trimEnd()}\n`;
}

/** The conversation as one JSON object: the header's fields and the messages as saved. */
export function exportJson(meta: ExportMeta, history: readonly Message[]): string {
  return `${JSON.stringify({ ...meta, messages: history }, null, 2)}\n`;
}

function callLines(call: ToolCallPart): string[] {
  const args = call.arguments ?? {};
  const path = typeof args.path === "string" ? args.path : undefined;
  const text = (name: string) => (typeof args[name] === "string" ? (args[name] as string) : null);
  let diff: string | undefined;
  if (path && call.name === "edit_replace_exact")
    diff = diffText(path, text("old_string") ?? "", text("new_string") ?? "").diff;
  else if (path && call.name === "edit_create_file")
    diff = diffText(path, null, text("content") ?? "").diff;
  const head = `Tool \`${call.name}\`${path ? ` on \`${path}\`` : ""}:`;
  if (diff) return [head, "", ...fenced("diff", diff.trimEnd()), ""];
  if (call.name === "shell_run" && typeof args.command === "string")
    return [head, "", ...fenced("sh", args.command), ""];
  const json = call.arguments ? JSON.stringify(call.arguments, null, 2) : call.rawArguments;
  return [head, "", ...fenced("json", json), ""];
}

/** A fenced block longer than any run of backticks inside `body`. */
function fenced(lang: string, body: string): string[] {
  const longest = Math.max(2, ...(body.match(/`+/g) ?? []).map((r) => r.length));
  const fence = "`".repeat(longest + 1);
  return [`${fence}${lang}`, body, fence];
}
