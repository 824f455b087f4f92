import type { Emit, TodoItem } from "../agent/events.js";
import type { Message } from "../ai/index.js";
import type { Logger } from "../log/logger.js";
import { openCheckpoints, type Checkpoints, type Workspace } from "../workspace/index.js";
import { startOwnProgram } from "../shell/index.js";
import { dataDir } from "./config/paths.js";
import { openStorage, titleOf, type OpenedStorage } from "./storage/session-storage.js";
import type { RewriteEntry, TodoEntry } from "./storage/storage.js";
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
    store.setTurn(this.turns);
    return store;
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
