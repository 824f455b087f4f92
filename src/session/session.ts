import {
  createProvider,
  defaultRetryPolicy,
  type ModelInfo,
  type Message,
  type Provider,
} from "../ai/index.js";
import type { AgentEvent } from "../agent/events.js";
import { runTurn, type TurnResult } from "../agent/loop.js";
import { toolSchema, type AnyTool } from "../agent/tool.js";
import type { Logger } from "../log/logger.js";
import { createEditTools, createExitPlanModeTool, createReadTools } from "../tools/index.js";
import {
  createReadTracker,
  createWorkspace,
  openCheckpoints,
  type Checkpoints,
  type UndoResult,
} from "../workspace/index.js";
import type { GlobalConfig } from "./config.js";
import { selectModel } from "./model-selection.js";
import { ApprovalBroker } from "./approval-broker.js";
import { PermissionStore } from "./permission-store.js";
import { toolsForMode, type Approve, type Mode } from "./permissions.js";
import { createPolicy, type Decision, type PolicyState } from "./policy.js";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { SetupError } from "./errors.js";
import { dataDir } from "./paths.js";
import { listSessions, loadSession, newSessionId, SessionFile } from "./storage.js";
import { ProjectRules } from "./project-rules.js";
import { buildSystemPrompt } from "./system-prompt.js";

export interface SessionOptions {
  root: string;
  env: Record<string, string | undefined>;
  config: GlobalConfig;
  model?: string;
  provider?: string;
  mode: Mode;
  maxSteps: number;
  /** Who decides on changes: a person through `approval_request` events, or `--approve`. */
  approvals: "interactive" | { approve: Approve };
  logger: Logger;
  /** Resume a saved conversation: the newest of this project, or one by id. */
  resume?: { continue: true } | { id: string };
  /** Overrides the provider built from the config (tests inject scripted ones). */
  providerOverride?: Provider;
}

export interface SendOptions {
  signal: AbortSignal;
  onEvent: (event: AgentEvent) => void;
  /** The mode of this message; the session keeps it for the next ones. */
  mode?: Mode;
}

/**
 * The mode-agnostic conversation: it owns the history, the tools and the provider, and speaks
 * only through events. The TUI and the headless runner both drive it with `send`.
 */
export interface Session {
  readonly root: string;
  readonly model: ModelInfo;
  readonly history: readonly Message[];
  readonly mode: Mode;
  /** The id of the saved conversation (its file appears with the first message). */
  readonly id: string;
  /** Starts a new, empty conversation (a new session file); tools and the shell stay as they are. */
  newConversation(): void;
  /** Things the person should be told once, e.g. that a session file was cut off by a crash. */
  readonly notices: readonly string[];
  send(prompt: string, options: SendOptions): Promise<TurnResult>;
  /**
   * Restores the files changed in the last `turns` turns. Files the person changed since are
   * skipped unless named in `overwrite`; the result says what was restored and what was not.
   */
  undo(turns?: number, overwrite?: readonly string[]): Promise<UndoResult>;
  /** Answers an `approval_request`; false when nothing is pending under that id. */
  respond(id: string, decision: Decision): boolean;
}

export async function createSession(options: SessionOptions): Promise<Session> {
  const flags = {
    ...(options.model ? { model: options.model } : {}),
    ...(options.provider ? { provider: options.provider } : {}),
  };
  const { model, vendor } = selectModel(flags, options.config, options.env);
  const provider =
    options.providerOverride ??
    createProvider({
      vendor,
      model: model.id,
      env: options.env,
      retry: { ...defaultRetryPolicy, ...options.config.retry },
    });
  const workspace = await createWorkspace(options.root);
  const { logger } = options;
  let storage = openStorage(options, workspace.root, model.id);
  const { history, notices } = storage;
  // Checkpoints are opened on the first change, so a read-only run never pays for them.
  let turn = history.filter((m) => m.role === "user").length;
  let opened: Promise<Checkpoints> | undefined;
  const checkpoints = async () => {
    const store = await (opened ??= openCheckpoints({
      ws: workspace,
      dataDir: dataDir(options.env),
      session: storage.id,
    }));
    store.setTurn(turn);
    return store;
  };
  const tracker = createReadTracker();
  const allTools: AnyTool[] = model.supportsTools
    ? [
        ...createReadTools(workspace, tracker),
        ...createEditTools(workspace, {
          tracker,
          checkpoints: { record: async (change) => (await checkpoints()).record(change) },
        }),
        createExitPlanModeTool(),
      ]
    : [];
  const state: PolicyState = { mode: options.mode, planAccepted: false };
  const broker = new ApprovalBroker();
  const store = await PermissionStore.load(workspace.root);
  const authorize = createPolicy({
    state,
    store,
    ask: options.approvals === "interactive" ? broker.ask : options.approvals,
  });
  const rules = new ProjectRules(workspace.root, options.env);
  let saved = history.length;
  let title = titleOf(history);
  const save = () => {
    if (history.length === saved) return;
    try {
      storage.file.append(history.slice(saved), title);
      saved = history.length;
    } catch (error) {
      logger.log("session_save_failed", { message: (error as Error).message });
    }
  };

  return {
    root: workspace.root,
    model,
    history,
    get id() {
      return storage.id;
    },
    notices,
    newConversation() {
      save();
      const fresh = openStorage({ ...options, resume: undefined }, workspace.root, model.id);
      storage = { ...fresh, history };
      history.length = 0;
      saved = 0;
      title = "";
    },
    get mode() {
      return state.mode;
    },
    respond: (id, decision) => broker.respond(id, decision),
    async undo(turns = 1, overwrite = []) {
      return (await checkpoints()).undo(turns, { overwrite });
    },
    async send(prompt, { signal, onEvent, mode }) {
      if (mode && mode !== state.mode) {
        state.mode = mode;
        state.planAccepted = false;
      }
      logger.log("user_prompt", { chars: prompt.length, model: model.id, mode: state.mode });
      turn += 1;
      if (!title) title = prompt.replace(/\s+/g, " ").trim().slice(0, 80);
      const emit = (event: AgentEvent) => {
        logEvent(logger, event, model.id);
        if (SAVE_POINTS.has(event.type)) save();
        onEvent(event);
      };
      broker.attach(emit);
      const tools = toolsForMode(state.mode, allTools);
      return runTurn(
        history,
        prompt,
        {
          provider,
          model: model.id,
          maxOutputTokens: model.maxOutput,
          system: [buildSystemPrompt({ root: workspace.root, mode: state.mode }), rules.block()]
            .filter(Boolean)
            .join("\n\n"),
          tools,
          schemas: tools.map(toolSchema),
          maxSteps: options.maxSteps,
          authorize,
        },
        signal,
        emit,
      );
    },
  };
}

/** Events after which the history may have grown: it is appended to the session file then. */
const SAVE_POINTS = new Set(["turn_start", "step_start", "tool_call", "turn_end"]);

function titleOf(history: readonly Message[]): string {
  const first = history.find((m) => m.role === "user");
  return first ? first.content.replace(/\s+/g, " ").trim().slice(0, 80) : "";
}

function openStorage(options: SessionOptions, root: string, model: string) {
  const dir = join(dataDir(options.env), "sessions");
  const notices: string[] = [];
  if (options.resume) {
    const path =
      "id" in options.resume
        ? join(dir, `${options.resume.id}.jsonl`)
        : listSessions(dir, root)[0]?.path;
    if (!path || !existsSync(path)) {
      throw new SetupError(
        "id" in options.resume
          ? `No saved session "${options.resume.id}" in ${dir}.`
          : `No saved session for ${root} to continue.`,
      );
    }
    const loaded = loadSession(path);
    if (loaded.truncated)
      notices.push(
        `The session file was cut off (a crash?); it was loaded up to its last whole line.`,
      );
    const file = new SessionFile(path, loaded.header, true);
    return { history: loaded.messages, file, id: loaded.header.id, notices };
  }
  const id = newSessionId();
  const header = {
    type: "header" as const,
    version: 1 as const,
    id,
    project: root,
    model,
    started: new Date().toISOString(),
  };
  return {
    history: [] as Message[],
    file: new SessionFile(join(dir, `${id}.jsonl`), header),
    id,
    notices,
  };
}

function logEvent(logger: Logger, event: AgentEvent, model: string): void {
  switch (event.type) {
    case "step_start":
      logger.log("model_request_start", { step: event.step, model });
      break;
    case "step_end":
      logger.log("model_request_complete", { step: event.step, stop_reason: event.stop_reason });
      break;
    case "tool_call":
      logger.log("tool_call_start", { id: event.id, tool: event.name });
      break;
    case "tool_result":
      logger.log("tool_call_complete", {
        id: event.id,
        tool: event.name,
        is_error: event.is_error,
        duration_ms: event.duration_ms,
      });
      break;
    case "retry":
      logger.log("api_retry_attempt", {
        attempt: event.attempt,
        delay_ms: event.delay_ms,
        kind: event.error.kind,
        status: event.error.status,
      });
      break;
    case "error":
      logger.log("model_error", {
        kind: event.error.kind,
        status: event.error.status,
        message: event.error.message,
      });
      break;
  }
}
