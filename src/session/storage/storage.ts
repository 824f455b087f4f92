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
import { isHeader, isRewind, isRewrite, readMessage } from "./session-shape.js";
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
  /** A fork (`/fork`, `--fork`): the id of the conversation it was copied from. */
  parent?: string;
}

/**
 * A message of the person's in the conversation's current line of history, those a compaction
 * summarised included: where `/rewind` and `/fork` may go back to. `line` is its line in the
 * session file (0 is the header); `time` is when it was saved (files before this version have
 * none).
 */
export interface RewindPoint {
  line: number;
  text: string;
  time?: string;
}

/**
 * A rewrite of the history, replayed in order on load: `compaction` replaced the first `replaced`
 * messages (of the history as it was then) by one summary message; `cleared` cleared the output
 * of the results of calls `ids`.
 */
export type RewriteEntry =
  { type: "compaction"; summary: string; replaced: number } | { type: "cleared"; ids: string[] };

/**
 * `/rewind`: the history becomes what the first `line` lines of the file made of it (the
 * person's message at `line` and everything after it leave what the model sees). The lines stay
 * in the file, a branch: the file is never cut back, and `line` may reach before a compaction.
 */
export interface RewindEntry {
  type: "rewind";
  line: number;
}

/** The model's todo list as it stood then (`todo_write`); the last one in a file is restored. */
export interface TodoEntry {
  type: "todo";
  items: TodoItem[];
}

export type SessionEntry =
  { type: "message"; message: Message; time?: string } | RewriteEntry | RewindEntry | TodoEntry;

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
  /** The person's messages of the current line of history, oldest first (see `RewindPoint`). */
  points: RewindPoint[];
  /** Whole lines in the file (the next line appended is numbered this). */
  lines: number;
}

export interface SessionSummary {
  id: string;
  title: string;
  project: string;
  model: string;
  started: string;
  updated: Date;
  path: string;
  /** A fork's parent conversation (`SessionHeader.parent`). */
  parent?: string;
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
  /** Whole lines in the file: the number of the next line written. */
  private lineCount: number;
  /** The person's messages of the current line of history (see `RewindPoint`). */
  readonly points: RewindPoint[];

  constructor(
    readonly path: string,
    private readonly header: Omit<SessionHeader, "title">,
    existing?: { lines: number; points: RewindPoint[] },
  ) {
    this.headerWritten = existing !== undefined;
    this.lineCount = existing?.lines ?? 0;
    this.points = existing ? [...existing.points] : [];
  }

  /** The conversation's id and its parent's, when it is a fork. */
  get ids(): { id: string; parent?: string } {
    return { id: this.header.id, ...(this.header.parent ? { parent: this.header.parent } : {}) };
  }

  /** The header's fields (without the title, which the conversation keeps). */
  get about(): Omit<SessionHeader, "title"> {
    return this.header;
  }

  append(messages: readonly Message[], title: string): void {
    if (messages.length === 0) return;
    const lines: string[] = [];
    const points: RewindPoint[] = [];
    const time = isoTime();
    if (!this.headerWritten) lines.push(JSON.stringify({ ...this.header, title }));
    for (const message of messages) {
      if (message.role === "user") {
        points.push({ line: this.lineCount + lines.length, text: message.content, time });
        lines.push(JSON.stringify({ type: "message", message, time } satisfies SessionEntry));
      } else lines.push(JSON.stringify({ type: "message", message } satisfies SessionEntry));
    }
    this.write(lines);
    this.points.push(...points);
  }

  /**
   * Appends a rewrite of the history (compaction; messages before it must be appended first),
   * a rewind, or the todo list (anywhere: the last one wins). Throws when it cannot be written.
   */
  record(entry: RewriteEntry | RewindEntry | TodoEntry, title: string): void {
    const lines = this.headerWritten ? [] : [JSON.stringify({ ...this.header, title })];
    lines.push(JSON.stringify(entry satisfies SessionEntry));
    this.write(lines);
  }

  private write(lines: string[]): void {
    if (!this.headerWritten) ensurePrivateDir(dirname(this.path));
    // Key values are masked (`log/secrets.ts`): a tool's output may have printed one.
    appendFileSync(this.path, maskSecrets(`${lines.join("\n")}\n`), { mode: 0o600 });
    this.headerWritten = true;
    this.lineCount += lines.length;
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
  lines.pop(); // the cut-off line, or the empty string after the last newline
  let header: SessionHeader | undefined;
  let skipped = 0;
  const entries: (ReplayEntry | undefined)[] = lines.map((line) => {
    if (!line.trim()) return undefined;
    let entry: unknown;
    try {
      entry = JSON.parse(line);
    } catch {
      skipped += 1;
      return undefined;
    }
    const e = entry as { type?: unknown; message?: unknown; time?: unknown } | null;
    const message = e?.type === "message" ? readMessage(e.message) : undefined;
    if (!header && isHeader(entry)) header = entry;
    else if (message) {
      const time = typeof e?.time === "string" ? e.time : undefined;
      return { type: "message", message, ...(time ? { time } : {}) };
    } else if (isRewrite(entry) || isRewind(entry) || isTodoEntry(entry)) return entry;
    else skipped += 1;
    return undefined;
  });
  if (!header) throw new SetupError(`${path} is not a North session (no header line).`);
  const state = replay(entries, entries.length);
  return {
    header,
    messages: repairHistory(state.messages),
    truncated,
    skipped,
    path,
    rewrittenAt: state.rewrittenAt,
    todos: state.todos,
    points: state.points,
    lines: lines.length,
  };
}

type ReplayEntry = SessionEntry;

interface ReplayState {
  messages: Message[];
  rewrittenAt: number;
  todos: TodoItem[];
  points: RewindPoint[];
}

/**
 * The history the first `end` lines make (`entries[i]` is line i, undefined for the header and
 * skipped lines). A rewind to line L starts again from what the first L lines made — each such
 * prefix made once per load (`made`), however many rewinds reach it or one another.
 */
function replay(
  entries: readonly (ReplayEntry | undefined)[],
  end: number,
  made = new Map<number, ReplayState>(),
): ReplayState {
  let state: ReplayState = { messages: [], rewrittenAt: 0, todos: [], points: [] };
  for (let line = 0; line < end; line++) {
    const entry = entries[line];
    if (!entry) continue;
    if (entry.type === "message") {
      state.messages.push(entry.message);
      if (entry.message.role === "user") {
        const time = entry.time ? { time: entry.time } : {};
        state.points.push({ line, text: entry.message.content, ...time });
      }
    } else if (entry.type === "rewind") {
      // Only backwards: a rewind never reaches lines written after it.
      if (entry.line < line) {
        let prefix = made.get(entry.line);
        if (!prefix) made.set(entry.line, (prefix = replay(entries, entry.line, made)));
        // A copy: what follows changes the arrays in place.
        state = { ...prefix, messages: [...prefix.messages], points: [...prefix.points] };
      }
    } else if (entry.type === "todo") state.todos = entry.items;
    else {
      // Rewrites count positions in the history as it was in memory: repaired.
      state.messages = repairHistory(state.messages);
      if (entry.type === "compaction")
        applyCompaction(state.messages, entry.summary, entry.replaced);
      else applyClearing(state.messages, entry.ids);
      state.rewrittenAt = state.messages.length;
    }
  }
  return state;
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
      ...(header.parent ? { parent: header.parent } : {}),
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
