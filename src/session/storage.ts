import { randomBytes } from "node:crypto";
import {
  appendFileSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  statSync,
  openSync,
  readSync,
  closeSync,
} from "node:fs";
import { join } from "node:path";
import type { Message, ToolCallPart } from "../ai/types.js";
import { applyClearing, applyCompaction } from "./compaction.js";

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

export type SessionEntry = { type: "message"; message: Message } | RewriteEntry;

export interface LoadedSession {
  header: SessionHeader;
  messages: Message[];
  /** Set when the file was cut off mid-line (a crash): it loaded up to its last whole line. */
  truncated: boolean;
  path: string;
  /** The history's length after the last rewrite: sizes reported before it no longer hold. */
  rewrittenAt: number;
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
  return `${now.toISOString().slice(0, 19).replace(/[:T]/g, "-")}-${randomBytes(3).toString("hex")}`;
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
      mkdirSync(join(this.path, ".."), { recursive: true });
      lines.push(JSON.stringify({ ...this.header, title } satisfies SessionHeader));
      this.headerWritten = true;
    }
    for (const message of messages)
      lines.push(JSON.stringify({ type: "message", message } satisfies SessionEntry));
    appendFileSync(this.path, `${lines.join("\n")}\n`);
  }

  /** Appends a rewrite of the history (compaction); messages before it must be appended first. */
  record(entry: RewriteEntry, title: string): void {
    const lines: string[] = [];
    if (!this.headerWritten) {
      mkdirSync(join(this.path, ".."), { recursive: true });
      lines.push(JSON.stringify({ ...this.header, title } satisfies SessionHeader));
      this.headerWritten = true;
    }
    lines.push(JSON.stringify(entry satisfies SessionEntry));
    appendFileSync(this.path, `${lines.join("\n")}\n`);
  }
}

export function loadSession(path: string): LoadedSession {
  const text = readFileSync(path, "utf8");
  const lines = text.split("\n");
  const truncated = text.length > 0 && !text.endsWith("\n");
  if (truncated) lines.pop();
  let header: SessionHeader | undefined;
  let messages: Message[] = [];
  let rewrittenAt = 0;
  for (const line of lines) {
    if (!line.trim()) continue;
    let entry: SessionHeader | SessionEntry;
    try {
      entry = JSON.parse(line) as SessionHeader | SessionEntry;
    } catch {
      continue;
    }
    if (entry.type === "header") header = entry;
    else if (entry.type === "message") messages.push(entry.message);
    else if (entry.type === "compaction" || entry.type === "cleared") {
      // Rewrites count positions in the history as it was in memory: repaired.
      messages = repairHistory(messages);
      if (entry.type === "compaction") applyCompaction(messages, entry.summary, entry.replaced);
      else applyClearing(messages, entry.ids);
      rewrittenAt = messages.length;
    }
  }
  if (!header) throw new Error(`${path} is not a North session (no header line)`);
  return { header, messages: repairHistory(messages), truncated, path, rewrittenAt };
}

/**
 * Makes a loaded history one the API accepts: a crash between a tool call and its result leaves
 * calls unanswered, and each gets a result saying the session was interrupted; a result whose
 * call is not in the assistant message right before it is dropped.
 */
export function repairHistory(messages: Message[]): Message[] {
  const answered = new Set(messages.flatMap((m) => (m.role === "tool" ? [m.toolCallId] : [])));
  const out: Message[] = [];
  let pending: ToolCallPart[] = [];
  const flush = () => {
    for (const call of pending) {
      out.push({
        role: "tool",
        toolCallId: call.id,
        toolName: call.name,
        content:
          "The session was interrupted around this call: it may or may not have run. Check its effect before retrying.",
        isError: true,
      });
    }
    pending = [];
  };
  let calls = new Set<string>();
  for (const message of messages) {
    // A step's results follow it directly; the missing ones go after those that were saved.
    if (message.role !== "tool") flush();
    // A result whose call was lost (a damaged line) would make every later request invalid.
    if (message.role === "tool" && !calls.has(message.toolCallId)) continue;
    out.push(message);
    if (message.role === "assistant") {
      calls = new Set(message.content.flatMap((p) => (p.type === "tool_call" ? [p.id] : [])));
      pending = message.content.filter(
        (p): p is ToolCallPart => p.type === "tool_call" && !answered.has(p.id),
      );
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
    const header = JSON.parse(first ?? "") as SessionHeader;
    return header.type === "header" ? header : undefined;
  } catch {
    return undefined;
  } finally {
    closeSync(fd);
  }
}
