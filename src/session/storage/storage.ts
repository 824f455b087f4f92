import {
  appendFileSync,
  readdirSync,
  readFileSync,
  statSync,
  openSync,
  readSync,
  closeSync,
} from "node:fs";
import { dirname, join } from "node:path";
import type { Message, ToolCallPart } from "../../ai/types.js";
import type { TodoItem } from "../../agent/events.js";
import { applyClearing, applyCompaction } from "./compaction.js";
import { maskSecrets } from "../../log/secrets.js";
import { SetupError } from "../config/errors.js";
import { ensurePrivateDir } from "../config/paths.js";
import { isHeader, isRewrite, readMessage } from "./session-shape.js";
import { isoTime } from "../../log/timestamp.js";

/** The first line of a session file. */
export interface SessionHeader {
  type: "header";
  version: 1;
  id: string;
  project: string;
  model: string;
  started: string;
  title: string;
}

/**
 * A rewrite of the history, replayed in order on load: `compaction` replaced the first `replaced`
 * messages (of the history as it was then) by one summary message; `cleared` cleared the output
 * of the results of calls `ids`.
 */
export type RewriteEntry =
  { type: "compaction"; summary: string; replaced: number } | { type: "cleared"; ids: string[] };

/** The model's todo list as it stood then (`todo_write`); the last one in a file is restored. */
export interface TodoEntry {
  type: "todo";
  items: TodoItem[];
}

export type SessionEntry = { type: "message"; message: Message } | RewriteEntry | TodoEntry;

export interface LoadedSession {
  header: SessionHeader;
  messages: Message[];
  /** Set when the file was cut off mid-line (a crash): it loaded up to its last whole line. */
  truncated: boolean;
  /** Whole lines skipped: not JSON, or JSON of a shape North does not write (see session-shape). */
  skipped: number;
  path: string;
  /** The history's length after the last rewrite: sizes reported before it no longer hold. */
  rewrittenAt: number;
  /** The model's todo list as last saved (empty when it kept none). */
  todos: TodoItem[];
}

export interface SessionSummary {
  id: string;
  title: string;
  project: string;
  model: string;
  started: string;
  updated: Date;
  path: string;
}

export function newSessionId(now = new Date()): string {
  return `${isoTime(now).slice(0, 19).replace(/[:T]/g, "-")}-${Math.floor(Math.random() * 2 ** 24)
    .toString(16)
    .padStart(6, "0")}`;
}

/**
 * One conversation as a JSONL file, appended as it happens: a header, then one line per message.
 * Each line is written with one append call, so a crash leaves at most a cut last line, which
 * loading drops (and reports).
 */
export class SessionFile {
  private headerWritten = false;

  constructor(
    readonly path: string,
    private readonly header: Omit<SessionHeader, "title">,
    existing = false,
  ) {
    this.headerWritten = existing;
  }

  append(messages: readonly Message[], title: string): void {
    if (messages.length === 0) return;
    const lines: string[] = [];
    if (!this.headerWritten) {
      ensurePrivateDir(dirname(this.path));
      lines.push(JSON.stringify({ ...this.header, title } satisfies SessionHeader));
      this.headerWritten = true;
    }
    for (const message of messages)
      lines.push(JSON.stringify({ type: "message", message } satisfies SessionEntry));
    // Key values are masked (`log/secrets.ts`): a tool's output may have printed one.
    appendFileSync(this.path, maskSecrets(`${lines.join("\n")}\n`), { mode: 0o600 });
  }

  /**
   * Appends a rewrite of the history (compaction; messages before it must be appended first) or
   * the todo list (anywhere: the last one wins).
   */
  record(entry: RewriteEntry | TodoEntry, title: string): void {
    const lines: string[] = [];
    if (!this.headerWritten) {
      ensurePrivateDir(dirname(this.path));
      lines.push(JSON.stringify({ ...this.header, title } satisfies SessionHeader));
      this.headerWritten = true;
    }
    lines.push(JSON.stringify(entry satisfies SessionEntry));
    // Key values are masked (`log/secrets.ts`): a tool's output may have printed one.
    appendFileSync(this.path, maskSecrets(`${lines.join("\n")}\n`), { mode: 0o600 });
  }
}

/**
 * Reads a session file. Lines that are not JSON, or JSON of another shape, are skipped and
 * counted (`skipped`); the history is repaired so that the next request is one the API accepts.
 * @throws SetupError when the file has no usable header line.
 */
export function loadSession(path: string): LoadedSession {
  const text = readFileSync(path, "utf8");
  const lines = text.split("\n");
  const truncated = text.length > 0 && !text.endsWith("\n");
  if (truncated) lines.pop();
  let header: SessionHeader | undefined;
  let messages: Message[] = [];
  let rewrittenAt = 0;
  let skipped = 0;
  let todos: TodoItem[] = [];
  for (const line of lines) {
    if (!line.trim()) continue;
    let entry: unknown;
    try {
      entry = JSON.parse(line);
    } catch {
      skipped += 1;
      continue;
    }
    const type = (entry as { type?: unknown } | null)?.type;
    const message =
      type === "message" ? readMessage((entry as { message?: unknown }).message) : undefined;
    if (!header && isHeader(entry)) header = entry;
    else if (message) messages.push(message);
    else if (isRewrite(entry)) {
      // Rewrites count positions in the history as it was in memory: repaired.
      messages = repairHistory(messages);
      if (entry.type === "compaction") applyCompaction(messages, entry.summary, entry.replaced);
      else applyClearing(messages, entry.ids);
      rewrittenAt = messages.length;
    } else if (isTodoEntry(entry)) todos = entry.items;
    else skipped += 1;
  }
  if (!header) throw new SetupError(`${path} is not a North session (no header line).`);
  return {
    header,
    messages: repairHistory(messages),
    truncated,
    skipped,
    path,
    rewrittenAt,
    todos,
  };
}

/**
 * Makes a loaded history one the API accepts: a crash between a tool call and its result leaves
 * calls unanswered, and each gets a result saying the session was interrupted; a result whose
 * call is not in the assistant message right before it (a lost or skipped line), or that answers
 * a call already answered, is dropped; the history starts with the person's message.
 */
export function repairHistory(messages: Message[]): Message[] {
  const out: Message[] = [];
  // The calls of the last assistant message not answered yet; emptied by anything but a result.
  let open = new Map<string, ToolCallPart>();
  const flush = () => {
    for (const call of open.values()) {
      out.push({
        role: "tool",
        toolCallId: call.id,
        toolName: call.name,
        content:
          "The session was interrupted around this call: it may or may not have run. Check its effect before retrying.",
        isError: true,
      });
    }
    open = new Map();
  };
  for (const message of messages) {
    if (out.length === 0 && message.role !== "user") continue;
    if (message.role === "tool") {
      // A result whose call was lost (a damaged line) would make every later request invalid.
      if (!open.delete(message.toolCallId)) continue;
      out.push(message);
      continue;
    }
    // A step's results follow it directly; the missing ones go after those that were saved.
    flush();
    out.push(message);
    if (message.role === "assistant") {
      for (const part of message.content) if (part.type === "tool_call") open.set(part.id, part);
    }
  }
  flush();
  return out;
}

/** The sessions in `dir`, newest first; `project` keeps only that project's. */
export function listSessions(dir: string, project?: string): SessionSummary[] {
  let names: string[];
  try {
    names = readdirSync(dir).filter((n) => n.endsWith(".jsonl"));
  } catch {
    return [];
  }
  const out: SessionSummary[] = [];
  for (const name of names) {
    const path = join(dir, name);
    const header = readHeader(path);
    if (!header || (project && header.project !== project)) continue;
    out.push({
      id: header.id,
      title: header.title,
      project: header.project,
      model: header.model,
      started: header.started,
      updated: statSync(path).mtime,
      path,
    });
  }
  return out.sort((a, b) => b.updated.getTime() - a.updated.getTime());
}

function readHeader(path: string): SessionHeader | undefined {
  const fd = openSync(path, "r");
  try {
    const buffer = Buffer.alloc(8192);
    const size = readSync(fd, buffer, 0, buffer.length, 0);
    const first = buffer.subarray(0, size).toString("utf8").split("\n")[0];
    const header: unknown = JSON.parse(first ?? "");
    return isHeader(header) ? header : undefined;
  } catch {
    return undefined;
  } finally {
    closeSync(fd);
  }
}

const TODO_STATES = new Set(["pending", "in_progress", "completed"]);

function isTodoEntry(entry: unknown): entry is TodoEntry {
  const e = entry as { type?: unknown; items?: unknown } | null;
  return (
    e?.type === "todo" &&
    Array.isArray(e.items) &&
    e.items.every(
      (i: { content?: unknown; status?: unknown } | null) =>
        typeof i?.content === "string" && TODO_STATES.has(i.status as string),
    )
  );
}
