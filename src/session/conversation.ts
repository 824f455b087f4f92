import type { Emit, TodoItem } from "../agent/events.js";
import type { Message } from "../ai/index.js";
import type { Logger } from "../log/logger.js";
import {
  openCheckpoints,
  readCheckpointEntries,
  type CheckpointEntry,
  type Checkpoints,
  type Workspace,
} from "../workspace/index.js";
import { startOwnProgram } from "../shell/index.js";
import { dataDir } from "./config/paths.js";
import {
  openStorage,
  sessionsDir,
  titleOf,
  type OpenedStorage,
} from "./storage/session-storage.js";
import {
  loadSession,
  SessionFile,
  type RewindPoint,
  type RewriteEntry,
  type TodoEntry,
} from "./storage/storage.js";
import { forkSessionFile } from "./storage/fork.js";
import { exportJson, exportMarkdown } from "./storage/export.js";
import { UsageError } from "./config/errors.js";
import { t } from "../i18n/index.js";
import type { SessionOptions } from "./session-api.js";

/** What a conversation needs besides its file. */
export interface ConversationDeps {
  /** The session's options: where sessions are saved (`env`), and what to do with a busy one. */
  options: SessionOptions & { busy: "fail" | "new" };
  workspace: Workspace;
  /** The journal folder of the checkpoints (see `checkDataDir`), undefined when unwritable. */
  journal: string | undefined;
  logger: Logger;
  /** The model in use now, written in the header of a new session file. */
  model: () => string;
}

/**
 * The conversation a session holds: its history (one array for the session's life, so the
 * context keeper and `Session.history` keep the same one), its file, title and todo list, the
 * number of its turns, its checkpoints for `/undo`, and where the running turn's events go.
 * `startNew` and `resume` replace all of it at once; nothing else changes a field from outside.
 */
export class Conversation {
  readonly history: Message[];
  /** The session's notices: the first file's, then those of each resumed one. */
  readonly notices: string[];
  /** The running turn's events (the `task` and `todo_write` tools emit through it). */
  emit: Emit = () => {};
  private storage: OpenedStorage;
  /** Messages of `history` already in the file. */
  private saved: number;
  private title: string;
  private todoItems: TodoItem[];
  /** The turns so far: checkpoints are marked with the running one. */
  private turns: number;
  /** Checkpoints are opened on the first change, so a read-only run never pays for them. */
  private checkpointStore: Promise<Checkpoints> | undefined;
  /** The id the open checkpoint store marks changes with (the first conversation's, after /new). */
  private checkpointSession: string | undefined;

  constructor(
    storage: OpenedStorage,
    private readonly deps: ConversationDeps,
  ) {
    this.storage = storage;
    this.history = storage.history;
    this.notices = storage.notices;
    this.saved = this.history.length;
    this.title = titleOf(this.history);
    this.todoItems = storage.todos;
    this.turns = userTurns(this.history);
  }

  /** The id of the saved conversation (its file appears with the first message). */
  get id(): string {
    return this.storage.id;
  }

  /** The session file's path (it may not exist before the first message). */
  get transcriptPath(): string {
    return this.storage.file.path;
  }

  get todos(): readonly TodoItem[] {
    return this.todoItems;
  }

  /** Where the file's last rewrite (compaction) stands in the history, for the context meter. */
  get rewrittenAt(): number {
    return this.storage.rewrittenAt;
  }

  /** A turn begins with `prompt`: counted, and its first prompt names the conversation. */
  startTurn(prompt: string): void {
    this.turns += 1;
    if (!this.title) this.title = prompt.replace(/\s+/g, " ").trim().slice(0, 80);
  }

  /** Appends the messages not yet in the file; a failure is logged, and tried again next time. */
  save(): void {
    if (this.history.length === this.saved) return;
    try {
      this.storage.file.append(this.history.slice(this.saved), this.title);
      this.saved = this.history.length;
    } catch (error) {
      this.failed(error);
    }
  }

  /** Writes a rewrite of the history (compaction); the history as it is now counts as saved. */
  recordRewrite(entry: RewriteEntry): void {
    this.record(entry);
    this.saved = this.history.length;
  }

  /** The model's new todo list (`todo_write`): kept, told to the turn, saved. */
  setTodos(items: TodoItem[]): void {
    this.todoItems = items;
    this.emit({ type: "todo", items });
    this.record({ type: "todo", items });
  }

  /** The checkpoints of this conversation, opened on first use, at the running turn. */
  async checkpoints(): Promise<Checkpoints> {
    const { workspace, options, journal } = this.deps;
    const store = await (this.checkpointStore ??= openCheckpoints({
      ws: workspace,
      dataDir: dataDir(options.env),
      session: this.storage.id,
      journal,
      startProgram: startOwnProgram,
    }));
    this.checkpointSession = store.session;
    store.setTurn(this.turns);
    return store;
  }

  /** The conversation as markdown or JSON (see `exportMarkdown`). */
  export(format: "md" | "json"): string {
    const meta = { ...this.storage.file.about, title: this.title };
    return (format === "json" ? exportJson : exportMarkdown)(meta, this.history);
  }

  /** The person's messages of the current line of history, oldest first (see `RewindPoint`). */
  get points(): readonly RewindPoint[] {
    return this.storage.file.points;
  }

  /**
   * The changes made at `time` or later by this conversation (its parent's too, for a fork),
   * oldest first, not undone; from `checkpoints` when given, else read from the store as it is.
   */
  changesSince(time: string, checkpoints?: Checkpoints): CheckpointEntry[] {
    const { id, parent } = this.storage.file.ids;
    const sessions = [id, ...(parent ? [parent] : [])];
    if (this.checkpointSession) sessions.push(this.checkpointSession);
    if (checkpoints) return checkpoints.since(time, sessions);
    const all = readCheckpointEntries(dataDir(this.deps.options.env), this.deps.workspace.root);
    return all.filter((e) => e.time >= time && sessions.includes(e.session));
  }

  /**
   * Takes the person's message at file line `line` and everything after it out of the history:
   * a `rewind` entry is appended (the lines stay in the file, a branch) and the history is what
   * the file now loads, so a rewind may reach back before a compaction. Returns the message.
   * Throws `UsageError` for a line that is no such message, or when the file cannot be written.
   */
  rewind(line: number): RewindPoint {
    const point = this.points.find((p) => p.line === line);
    if (!point) throw new UsageError(t("rewind.noSuchMessage", { line }));
    this.save();
    const path = this.storage.file.path;
    try {
      this.storage.file.record({ type: "rewind", line }, this.title);
    } catch (error) {
      this.failed(error);
      throw new UsageError(t("rewind.notSaved", { path }));
    }
    const loaded = loadSession(path);
    this.history.splice(0, this.history.length, ...loaded.messages);
    const file = new SessionFile(path, loaded.header, loaded);
    const { rewrittenAt, todos } = loaded;
    this.storage = { ...this.storage, file, rewrittenAt, todos };
    this.saved = this.history.length;
    this.todoItems = todos;
    return point;
  }

  /**
   * Copies this conversation into a new file (a fork, see `forkSessionFile`) up to file line
   * `line` (the person's message there left out; everything when undefined) and continues the
   * fork in its place; this conversation's file is not written again. Returns the fork's id.
   */
  fork(line?: number): string {
    if (line !== undefined && !this.points.some((p) => p.line === line))
      throw new UsageError(t("rewind.noSuchMessage", { line }));
    this.save();
    if (this.points.length === 0) throw new UsageError(t("fork.nothing"));
    const { options } = this.deps;
    const id = forkSessionFile(sessionsDir(options.env), this.storage.file.path, line);
    this.resume(id, true);
    return id;
  }

  /**
   * Saves this conversation and starts an empty one in a new file. The turn count and the
   * checkpoints go on (`/undo` reaches back across `/new`).
   */
  startNew(): void {
    this.save();
    const { options, workspace, model } = this.deps;
    const fresh = openStorage({ ...options, resume: undefined }, workspace.root, model());
    this.storage.release();
    this.storage = { ...fresh, history: this.history };
    this.history.length = 0;
    this.saved = 0;
    this.todoItems = [];
    this.title = "";
  }

  /**
   * Saves this conversation and continues saved conversation `id` in its place: its history,
   * title, todo list, turn count and checkpoints; its notices join the session's. Throws as
   * `openStorage` does, changing nothing.
   */
  resume(id: string, all: boolean): void {
    this.save();
    const { options, workspace, model } = this.deps;
    const loaded = openStorage({ ...options, resume: { id, all } }, workspace.root, model());
    this.storage.release();
    this.history.splice(0, this.history.length, ...loaded.history);
    this.storage = { ...loaded, history: this.history };
    this.saved = this.history.length;
    this.todoItems = loaded.todos;
    this.title = titleOf(this.history);
    this.turns = userTurns(this.history);
    this.checkpointStore = undefined;
    this.checkpointSession = undefined;
    this.notices.push(...loaded.notices);
  }

  /** Lets another process append to the file. */
  release(): void {
    this.storage.release();
  }

  private record(entry: RewriteEntry | TodoEntry): void {
    try {
      this.storage.file.record(entry, this.title);
    } catch (error) {
      this.failed(error);
    }
  }

  private failed(error: unknown): void {
    this.deps.logger.log("session_save_failed", { message: (error as Error).message });
  }
}

const userTurns = (history: readonly Message[]) => history.filter((m) => m.role === "user").length;
