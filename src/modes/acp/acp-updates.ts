// North's session events as ACP `session/update`s (the table in docs/acp.md). Pure but for the
// state of the calls in flight (their titles, kinds, locations and output so far).
import { isAbsolute, join } from "node:path";
import { applyPatch } from "diff";
import type {
  SessionUpdate,
  ToolCallContent,
  ToolCallLocation,
  ToolKind,
} from "@agentclientprotocol/sdk";
import type { AgentEvent } from "../../agent/events.js";
import type { FileChange, Review } from "../../agent/tool.js";
import { readRepoFileSync, type SessionEvent } from "../../session/index.js";

/** Output of a running command kept for its `tool_call_update` (the last part of it). */
const MAX_OUTPUT = 64 * 1024;

const KINDS: Record<string, ToolKind> = {
  read_file: "read",
  read_readme: "read",
  list_root: "read",
  hotfiles: "read",
  detect_languages: "read",
  find_files: "search",
  search_text: "search",
  mcp_search: "search",
  edit_replace_exact: "edit",
  edit_insert_at_line: "edit",
  edit_create_file: "edit",
  edit_apply_batch: "edit",
  shell_run: "execute",
  shell_output: "read",
  shell_kill: "execute",
  todo_write: "think",
  task: "think",
  enter_plan_mode: "switch_mode",
  exit_plan_mode: "switch_mode",
  web_fetch: "fetch",
  web_search: "fetch",
};

/** The ACP kind of a North tool: by name, else by its North kind. */
export function acpKind(name: string, kind: string): ToolKind {
  return (
    KINDS[name] ??
    (kind === "read" ? "read" : kind === "edit" ? "edit" : kind === "shell" ? "execute" : "other")
  );
}

/** A short title for a call: what it reads, edits, searches or runs. */
export function callTitle(name: string, args: unknown): string {
  const a = (typeof args === "object" && args !== null ? args : {}) as Record<string, unknown>;
  const text = (key: string) => (typeof a[key] === "string" ? (a[key] as string) : undefined);
  if (name === "shell_run" && text("command")) return text("command")!.split("\n")[0]!;
  if ((name === "search_text" || name === "find_files") && text("pattern")) {
    return `${name} ${text("pattern")}`;
  }
  if (text("path")) return `${name} ${text("path")}`;
  return name;
}

/** Files (absolute) and lines a call touches, so the editor can follow along. */
export function callLocations(root: string, args: unknown): ToolCallLocation[] {
  const a = (typeof args === "object" && args !== null ? args : {}) as Record<string, unknown>;
  const one = (entry: Record<string, unknown>): ToolCallLocation[] => {
    if (typeof entry.path !== "string" || entry.path === "") return [];
    const line = [entry.start_line, entry.line].find((n) => typeof n === "number") as
      number | undefined;
    return [{ path: absolute(root, entry.path), ...(line !== undefined ? { line } : {}) }];
  };
  const batch = Array.isArray(a.edits) ? (a.edits as Record<string, unknown>[]) : [];
  return [...one(a), ...batch.flatMap((e) => (typeof e === "object" && e ? one(e) : []))];
}

/**
 * The content a review shows: a diff per file for an edit (the whole old and new text when the
 * file can be read and the patch applies, else the changed hunks alone), the command and where it
 * runs, or the review's own text.
 */
export function reviewContent(root: string, review: Review): ToolCallContent[] {
  const text = (value: string): ToolCallContent => ({
    type: "content",
    content: { type: "text", text: value },
  });
  switch (review.type) {
    case "edit":
      return review.files.map((file) => ({ type: "diff", ...fileDiff(root, file) }));
    case "command": {
      const lines = [`$ ${review.command}`, `cwd: ${review.cwd}`];
      if (review.sandbox) lines.push(`sandbox: ${review.sandbox}`);
      if (review.escalate) lines.push(`outside the sandbox: ${review.escalate}`);
      if (review.danger) lines.push(`danger: ${review.danger}`);
      return [text(lines.join("\n"))];
    }
    case "plan":
      return [text(review.plan)];
    case "plan-mode":
      return [text(review.reason)];
    case "secret":
      return [text(`${review.path}: ${review.why}`)];
    case "slash":
      return [text(`${review.command}: ${review.description}`)];
    case "mcp":
      return [text(`${review.server}/${review.tool} ${JSON.stringify(review.arguments)}`)];
    case "web":
      return [text(review.prompt ? `${review.url}\n${review.prompt}` : review.url)];
    case "question":
      return [text(review.questions.map((q) => q.question).join("\n"))];
    case "elicitation": {
      const fields = review.fields.map((f) => `- ${f.title ?? f.name}${f.required ? " *" : ""}`);
      return [text([`${review.server}: ${review.message}`, ...fields].join("\n"))];
    }
    default:
      return [text(JSON.stringify(review))];
  }
}

/** A file larger than this is shown by its hunks alone. */
const DIFF_SOURCE_BYTES = 4 * 1024 * 1024;

function fileDiff(
  root: string,
  file: FileChange,
): { path: string; oldText: string | null; newText: string } {
  const path = absolute(root, file.path);
  if (!file.created) {
    // Read within the repository's rules (no symlink out, no FIFO, a cap): the file is the
    // sandbox's to change, and what is sent to the editor must not come from elsewhere.
    const read = readRepoFileSync(root, file.path, { maxBytes: DIFF_SOURCE_BYTES });
    if (read.ok && !read.truncated) {
      const after = applyPatch(read.text, file.diff);
      if (typeof after === "string") return { path, oldText: read.text, newText: after };
    }
    // Unreadable, too large or changed since: the hunks alone.
  }
  const oldLines: string[] = [];
  const newLines: string[] = [];
  for (const line of file.diff.split("\n")) {
    if (line.startsWith("---") || line.startsWith("+++") || line.startsWith("@@")) continue;
    if (line.startsWith("-")) oldLines.push(line.slice(1));
    else if (line.startsWith("+")) newLines.push(line.slice(1));
    else if (line.startsWith(" ")) {
      oldLines.push(line.slice(1));
      newLines.push(line.slice(1));
    }
  }
  return {
    path,
    oldText: file.created ? null : oldLines.join("\n"),
    newText: newLines.join("\n"),
  };
}

const absolute = (root: string, path: string) => (isAbsolute(path) ? path : join(root, path));

interface CallState {
  output: string;
  content: ToolCallContent[];
}

/**
 * Turns one session's events into updates. Keeps each call's reviewed content (an edit's diff
 * stays on the call after it completes) and a running command's output.
 */
export class UpdateMapper {
  private readonly calls = new Map<string, CallState>();
  /** A plan was sent: an emptied list is sent too (a session's first, empty one is not). */
  private planned = false;

  constructor(private readonly root: string) {}

  map(event: SessionEvent): SessionUpdate[] {
    switch (event.type) {
      case "subagent":
        return this.subagent(event.parent_id, event.event);
      case "todo":
        if (event.items.length === 0 && !this.planned) return [];
        this.planned = true;
        return [
          {
            sessionUpdate: "plan",
            entries: event.items.map((item) => ({
              content: item.content,
              status: item.status,
              priority: "medium",
            })),
          },
        ];
      default:
        return this.agent(event);
    }
  }

  private agent(event: SessionEvent, prefix = ""): SessionUpdate[] {
    switch (event.type) {
      case "text_delta":
        return prefix
          ? []
          : [{ sessionUpdate: "agent_message_chunk", content: { type: "text", text: event.text } }];
      case "thinking_delta":
        return prefix
          ? []
          : [{ sessionUpdate: "agent_thought_chunk", content: { type: "text", text: event.text } }];
      case "tool_call": {
        this.calls.set(prefix + event.id, { output: "", content: [] });
        return [
          {
            sessionUpdate: "tool_call",
            toolCallId: prefix + event.id,
            title: callTitle(event.name, event.arguments),
            kind: acpKind(event.name, event.kind),
            status: "pending",
            locations: callLocations(this.root, event.arguments),
            rawInput: event.arguments,
          },
        ];
      }
      case "tool_proposal": {
        const state = this.state(prefix + event.id);
        state.content = reviewContent(this.root, event.review);
        return [
          {
            sessionUpdate: "tool_call_update",
            toolCallId: prefix + event.id,
            content: state.content,
          },
        ];
      }
      case "tool_output": {
        const state = this.state(prefix + event.id);
        state.output = (state.output + event.text).slice(-MAX_OUTPUT);
        return [
          {
            sessionUpdate: "tool_call_update",
            toolCallId: prefix + event.id,
            status: "in_progress",
            content: [
              ...state.content,
              { type: "content", content: { type: "text", text: state.output } },
            ],
          },
        ];
      }
      case "tool_result": {
        const state = this.state(prefix + event.id);
        this.calls.delete(prefix + event.id);
        // An edit keeps its diff; anything else shows what the model was told.
        const diffs = state.content.filter((c) => c.type === "diff");
        const content: ToolCallContent[] =
          event.is_error || diffs.length === 0
            ? [...diffs, { type: "content", content: { type: "text", text: event.content } }]
            : diffs;
        return [
          {
            sessionUpdate: "tool_call_update",
            toolCallId: prefix + event.id,
            status: event.is_error ? "failed" : "completed",
            content,
            rawOutput: { content: event.content, truncated: event.truncated },
          },
        ];
      }
      default:
        return [];
    }
  }

  /** A sub-agent's calls show as calls of their own (`parent/id`); its text stays in its result. */
  private subagent(parent: string, event: AgentEvent): SessionUpdate[] {
    if (event.type === "subagent")
      return this.subagent(`${parent}/${event.parent_id}`, event.event);
    return this.agent(event, `${parent}/`);
  }

  private state(id: string): CallState {
    let state = this.calls.get(id);
    if (!state) this.calls.set(id, (state = { output: "", content: [] }));
    return state;
  }
}
