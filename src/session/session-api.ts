import type { Effort, Message, ModelInfo, Provider, ToolImage } from "../ai/index.js";
import type { AgentEvent, TodoItem, TurnStopReason } from "../agent/events.js";
import type { TurnResult } from "../agent/loop.js";
import type { Logger } from "../log/logger.js";
import type { SlashCommandRunner } from "../tools/index.js";
import type { FileDelegate, UndoResult } from "../workspace/index.js";
import type { JobView } from "../shell/index.js";

export type { JobView } from "../shell/index.js";
import type { AllowRule } from "./permissions/allow-rules.js";
import type { GlobalConfig } from "./config/config.js";
import type { CompactOptions, CompactResult } from "./context/context-keeper.js";
import type { ContextReport } from "./context/context-usage.js";
import type { McpControl, McpServerView } from "./tools/session-mcp.js";
import type { HooksControl } from "./hooks/hook-points.js";
import type { ChecksControl } from "./tools/checks.js";
import type { DevToolsReport } from "./context/dev-tools.js";
import type { ModelSwitch } from "./models/model-switch.js";
import type { Approve, Mode } from "./permissions/permissions.js";
import type { Decision } from "./permissions/policy.js";
import type { SandboxView } from "./permissions/sandbox-state.js";
import type { UsageLedger } from "./models/usage-ledger.js";
import type { RewindChoice, RewindResult, RewindWhat } from "./rewind.js";

// The session's API, as front ends use it (created by `createSession` in session.ts).

export interface SessionOptions {
  root: string;
  /** `--add-dir`: folders the tools may also use, by the repository's rules (real paths). */
  addDirs?: readonly string[];
  env: Record<string, string | undefined>;
  config: GlobalConfig;
  model?: string;
  /** `--effort`: how hard the model thinks; wins over the config's `effort`. */
  effort?: Effort;
  provider?: string;
  mode: Mode;
  /** Steps (model calls) of one turn at most; default the config's `maxSteps`, else 50. */
  maxSteps?: number;
  /** Who decides on changes: a person through `approval_request` events, or `--approve`. */
  approvals: "interactive" | { approve: Approve };
  logger: Logger;
  /**
   * Resume a saved conversation: the newest of this project, or one by id (of this project
   * unless `all`). One in use by another process: the TUI starts a new one, headless stops.
   */
  /** `fork`: continue in a copy (`--fork`), the saved file only read. */
  resume?: ({ continue: true } | { id: string; all?: boolean }) & { fork?: boolean };
  /** `/resume ID` may take a session of another project (the TUI was started with `--all`). */
  allProjects?: boolean;
  /** Overrides the provider built from the config, for every model (tests inject scripted ones). */
  providerOverride?: Provider;
  /** Lines the caller collected for the person (a broken config file), shown with `notices`. */
  notices?: readonly string[];
  /** Run commands in the OS sandbox where it is available (default "on"; `--sandbox off`). */
  sandbox?: "on" | "off";
  /**
   * Whether `setModel` remembers the choice as the default (default true); false when the model
   * was chosen on the command line (`--model`): a switch then holds for this session only.
   */
  rememberModel?: boolean;
  /**
   * The front end's slash commands for the model's `slash_command` (the TUI's, bound once its
   * command runner exists); absent: the tool is not offered.
   */
  slashCommands?: () => SlashCommandRunner | undefined;
  /** Run the hooks of the config and the approved `.north/hooks.json` (default "on"; `--no-hooks`). */
  hooks?: "on" | "off";
  /**
   * Reads and writes of the file tools through an editor (`north acp` when the client offers
   * its file system): the same workspace rules, read-before-edit and checkpoints apply.
   */
  files?: FileDelegate;
  /**
   * Runs the session's work for later sessions (the project card's build, the developer tools'
   * discovery: processes started, files read and parsed) when the front end has room for it;
   * default at once. The TUI waits until no answer streams and the keyboard rests, so that a
   * key typed meanwhile never waits behind it.
   */
  background?: (work: () => void) => void;
}

/**
 * What a session tells its subscribers: every event of its turns (`AgentEvent`, the same objects
 * `--output-format stream-json` prints) and the session's own.
 */
export type SessionEvent =
  | AgentEvent
  /** A submitted message begins to run; `text` as submitted, before attachments. */
  | { type: "message_start"; text: string }
  /**
   * That message's run is over: after its `turn_end`, or after a `notice` saying why it could
   * not run (`stop_reason` absent). The next queued message's `message_start` follows at once;
   * without one the session is idle.
   */
  | { type: "message_end"; stop_reason?: TurnStopReason }
  /**
   * After every change of what waits: `messages` for the running turn to end, `steering` (sent
   * with `steer`) for its next step boundary, each oldest first. Steering the turn ends without
   * taking becomes a message in the order sent (a `notice` says so); see `TurnQueue`.
   */
  | { type: "queue"; messages: string[]; steering: string[] }
  /** A line for the person: a file that could not be attached, a message that failed. */
  | { type: "notice"; tone: "info" | "warn" | "error"; text: string }
  /** The MCP servers after any of them changed state or tools (connected, failed, approved). */
  | { type: "mcp"; servers: McpServerView[] }
  /** A background job (`shell_run` `background: true`) started or ended: how many run now. */
  | { type: "jobs"; running: number };

export interface SubmitOptions {
  /** Paths picked with `@` (typed `@path` words are found in the text as well). */
  files?: readonly string[];
  /** The mode of this message; the session keeps it for the next ones. */
  mode?: Mode;
  /** Blocks for the model after the text (the output of `!commands`), not part of `text`. */
  context?: readonly string[];
  /**
   * Images sent after the text: PNG, JPEG, GIF or WebP, at most 5 MB each decoded (`submit`
   * throws a `UsageError` naming the first that is not, and sends nothing). A model whose catalog
   * entry does not take images gets the text alone, and a `notice` says so. Kept in the session
   * file and sent again on resume.
   */
  images?: readonly ToolImage[];
  /**
   * Whether an `@path` image in `text` may be read from outside the repository (absolute or
   * `~/` paths). True (the default) when the person wrote the text; false for text a command
   * made (a repository's custom command, an MCP prompt): such paths are not read and a `notice`
   * says why, so a repository can never make North read outside it. Paths in the repository
   * and `files` the person picked attach either way.
   */
  outsidePaths?: boolean;
}

export interface Submitted {
  /** Whether it waits for the running turn (a `queue` event shows it). */
  queued: boolean;
  /** Its turn's result; `undefined` when it was taken out of the queue or could not run. */
  done: Promise<TurnResult | undefined>;
}

/**
 * Ghost-text suggestions (`"suggestion": {"model": …}` in the global config): a small model
 * proposes the rest of the line being typed. Requests go through a client of their own, so they
 * never wait for the conversation's turn, and their usage is counted apart from it.
 */
export interface SuggestionControl {
  /**
   * What to insert after `text` (the composer's text, the cursor at its end) to finish its last
   * line, or `undefined`: nothing proposed, the request failed (logged), or it was cancelled —
   * by `signal`, by {@link cancel}, or by a newer call (each call aborts the one before).
   * Answers are cached by `text` and the conversation's length (50 entries, one minute).
   * Never rejects.
   */
  complete(text: string, signal?: AbortSignal): Promise<string | undefined>;
  /** Aborts the request in flight, if any. */
  cancel(): void;
  /** Tokens and money of the suggestion requests (`/cost` shows them on a line of their own). */
  readonly costs: Pick<UsageLedger, "list" | "total">;
}

/**
 * The mode-agnostic conversation: it owns the history, the tools and the provider, and speaks
 * only through events. Every front end drives it the same way: `submit`, `steer`, `cancel`,
 * `respond`, and the events of `subscribe`.
 */
export interface Session {
  readonly root: string;
  /** The model in use now; `setModel` changes it. */
  readonly model: ModelInfo;
  readonly history: readonly Message[];
  readonly mode: Mode;
  /** The mode of the next messages (a message may still bring its own). Not while one runs. */
  setMode(mode: Mode): void;
  /** The id of the saved conversation (its file appears with the first message). */
  readonly id: string;
  /** Starts a new, empty conversation (a new session file); tools and the shell stay as they are. */
  newConversation(): void;
  /**
   * Continues saved conversation `id` of this project in place of the current one: its history
   * (summary included), its title and its checkpoints for `/undo`. Throws `SetupError` when there
   * is no such session. Not while a turn runs.
   */
  resume(id: string): void;
  /** Tokens and money by model for this process's conversations (`/cost`, the status line). */
  readonly costs: Pick<UsageLedger, "list" | "total">;
  /** Ghost-text suggestions; `undefined` when the global config names no suggestion model. */
  readonly suggestions: SuggestionControl | undefined;
  /** Whether commands run in the OS sandbox now, and why not (`/sandbox`, the status line). */
  readonly sandbox: SandboxView;
  /** Turns the sandbox on (where available) or off for the rest of this session. */
  setSandbox(on: boolean): void;
  /** How hard the model thinks (`--effort`, config `effort`, `/effort`); undefined: its default. */
  readonly effort: Effort | undefined;
  /**
   * Sets the effort of the next messages (undefined: the model's default). False when the model
   * in use has no control for it: it is kept (for a model switched to later) but not sent, and
   * the next turn says so once.
   */
  setEffort(effort: Effort | undefined): boolean;
  /**
   * The developer tools on this machine's PATH with their versions, and the missing ones with
   * how to get them (`/tools`); `refresh` asks every program again instead of the cache.
   */
  devTools(refresh?: boolean): Promise<DevToolsReport>;
  /** Checks after edits (`/checks`): those in force, those to propose, turning them on. */
  readonly checks: ChecksControl;
  /** The MCP servers: their states, `/mcp reconnect` and `/mcp approve`. */
  readonly mcp: McpControl;
  /**
   * The background jobs the model started (`/jobs`): running and recently ended ones, oldest
   * first; `kill` stops one (its process group, TERM then KILL) and resolves once it ended
   * (undefined: no such job). `dispose` stops them all.
   */
  readonly jobs: {
    list(): JobView[];
    kill(id: string): Promise<JobView | undefined>;
  };
  /**
   * The hooks (`/hooks`): those in force and where each comes from, the repository's proposal and
   * its approval. Undefined when the run has none to consider (or `--no-hooks`).
   */
  readonly hooks: HooksControl | undefined;
  /** Ends the shell, its jobs and the MCP servers; call once when the program is done with it. */
  dispose(): Promise<void>;
  /** The model's todo list (`todo_write`), restored with a resumed conversation. */
  readonly todos: readonly TodoItem[];
  /** Things the person should be told once, e.g. that a session file was cut off by a crash. */
  readonly notices: readonly string[];
  /**
   * Sends `text` as the next message: it runs now when the session is idle, else it waits in
   * the queue. `@path` words and `options.files` attach those files after the text, fitted into
   * the context left (80 % of the window); secret files attach only when a person decides
   * (interactive sessions) or with `--approve all`. Events go to `subscribe`rs (see
   * `SessionEvent` for their order). Callable at any time.
   */
  submit(text: string, options?: SubmitOptions): Submitted;
  /**
   * A message for the running turn, delivered at its next step boundary (a `steer` event says
   * when); the turn then goes on with it. It waits in the `queue` event's `steering` until then.
   * It never overtakes a queued message when the model ends the turn: it then goes as a message
   * in the order sent (a `notice` says so). When idle it is submitted instead ("sent").
   */
  steer(text: string): "steered" | "sent";
  /**
   * Cancels the running message (its turn ends `aborted`; a pending approval is refused) and
   * empties the queue; returns the texts taken out (messages and undelivered steering, in the
   * order sent) for the front end to give back to the person, `undefined` when idle.
   */
  cancel(): string[] | undefined;
  /** Empties the queue (and undelivered steering) without cancelling; returns the texts in order. */
  takeQueue(): string[];
  /**
   * Runs `action` after the running message ends, before the next queued one; now when idle.
   * Dropped when the message was cancelled.
   */
  afterTurn(action: () => Promise<void>): void;
  /** Whether a message is running (between its `message_start` and `message_end`). */
  readonly busy: boolean;
  /** The texts waiting, oldest first. */
  readonly queued: readonly string[];
  /**
   * Listens to the session's events until the returned function is called. A new listener is
   * first given the current `context` and `todo` events, so it starts from the session's state.
   */
  subscribe(listener: (event: SessionEvent) => void): () => void;
  /**
   * Restores the files changed in the last `turns` turns. Files the person changed since are
   * skipped unless named in `overwrite`; the result says what was restored and what was not.
   */
  undo(turns?: number, overwrite?: readonly string[]): Promise<UndoResult>;
  /**
   * The turns `undo(turns)` would undo, oldest first, each with its conversation's id (this
   * conversation's is `id`) and title when saved; changes nothing.
   */
  undoable(turns?: number): Promise<{ session: string; turn: number; title?: string }[]>;
  /**
   * The person's messages of this conversation, newest first (those a compaction summarised
   * included: the file still holds them), each with the files changed after it (`/rewind`).
   */
  rewindPoints(): RewindChoice[];
  /**
   * Goes back to just before the message at file line `line` (a `RewindChoice.line`): with
   * `code`, the files changed since get their content of then (as `/undo`, commands' changes
   * included); with `conversation`, that message and all after it leave the history (kept in
   * the file as a branch; a rewind may reach before a compaction) and its text is returned.
   * Not while a turn runs; `UsageError` for a line that names no message.
   */
  rewind(line: number, what: RewindWhat): Promise<RewindResult>;
  /**
   * Continues in a copy of this conversation (a new file whose header names this one as its
   * parent; this file is never written again by it): everything, or what came before the message
   * at `line`. Returns the fork's id. Not while a turn runs.
   */
  fork(line?: number): string;
  /**
   * Adds a folder the tools may use besides the repository, as `--add-dir` does (`dir`: a real
   * path, checked by the caller): the file tools and the next request's system prompt at once,
   * MCP servers told (roots), the shells restarted so that their sandbox mounts it. Only the
   * person adds folders (`/add-dir`); not while a turn runs. Returns the folders added so far.
   */
  addDir(dir: string): Promise<readonly string[]>;
  /** The folders added besides the repository (`--add-dir`, `/add-dir`), real paths. */
  addedDirs(): readonly string[];
  /**
   * This conversation as the model sees it, as markdown (messages, tool calls with their
   * arguments, edits as diffs, results cut short) or JSON (the header's fields and the messages).
   */
  exportConversation(format: "md" | "json"): string;
  /**
   * Runs a command the person typed (`!ls` in the TUI) in the session's persistent shell,
   * outside the sandbox (it is the person's own command, as in their terminal), with a 10
   * minute limit; never rejects for what the command does.
   */
  runShell(
    command: string,
    signal?: AbortSignal,
  ): Promise<{ output: string; exitCode: number | null }>;
  /**
   * The person's standing permissions in this repository ("always" answers), read again when
   * the file changed; `revoke*` resolve false when the change could not be saved.
   */
  readonly permissions: {
    list(): {
      edits: boolean;
      commands: AllowRule[];
      /** MCP tools allowed "always" (server name, the server's tool name). */
      mcpTools: { server: string; tool: string }[];
      /** Domains `web_fetch` reaches without asking (each with its subdomains). */
      webDomains: string[];
    };
    revokeEdits(): Promise<boolean>;
    revokeMcpTools(): Promise<boolean>;
    /** Asks again before calls of this one MCP tool (server name, the server's tool name). */
    revokeMcpTool(server: string, tool: string): Promise<boolean>;
    revokeRule(index: number): Promise<boolean>;
    /** `web_fetch` asks again before reaching this domain (as `list()` gives it). */
    revokeWebDomain(domain: string): Promise<boolean>;
  };
  /** Answers an `approval_request`; false when nothing is pending under that id. */
  respond(id: string, decision: Decision): boolean;
  /**
   * Switches model (and provider and protocol) for the next message, and remembers the choice
   * in the global config when that file can be written (see `ModelSwitch.message`). The history
   * carries over: the next request is converted to the new protocol, and thinking the new model
   * cannot take is left out. A turn already running finishes on the old model. Rejects with
   * `UsageError` (unknown model or provider) or `ProviderSetupError` (no key), not switching.
   */
  setModel(idOrAlias: string, provider?: string): Promise<ModelSwitch>;
  /** The models one may switch to now: those of every vendor that can be called. */
  listModels(): ModelInfo[];
  /**
   * The names of the tools the next step offers the model (its own for the mode, and MCP
   * tools within the budget), in the order sent.
   */
  toolNames(): string[];
  /** How full the context is: the next request's tokens, by part (status meter, `/context`). */
  context(): ContextReport;
  /**
   * Summarises older history now (`/compact [focus]`, `/summarize --keep-last N`), emitting
   * `compaction_start`/`compaction_end`/`context` to `options.onEvent`. Refused while a turn runs.
   */
  compact(options?: CompactOptions): Promise<CompactResult>;
}
