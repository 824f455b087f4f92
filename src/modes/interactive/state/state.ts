import type { AgentEvent, TodoItem } from "../../../agent/events.js";
import type { Review } from "../../../agent/tool.js";
import type { Decision, Mode } from "../../../session/index.js";
import {
  pendingReview,
  reduceReview,
  type PendingReview,
  type ReviewAction,
} from "../review/review-state.js";
import {
  isComposerAction,
  MENU_OPEN,
  reduceComposer,
  type ComposerAction,
  type MenuUi,
} from "./composer-state.js";
import { reduceExtras, type ContextMeter } from "./live-extras.js";
import { settleTool, toolTitle, type ChangeBody } from "../tool-lines/index.js";
import { add, settleAll, settleAtEnd, settleText, settleThinking } from "./transcript.js";
import { checkRunningTitle, settleCheck } from "../tool-lines/check.js";
import { advanceSubagent, type SubagentProgress } from "./subagent-progress.js";
import { errorText, t } from "../../../i18n/index.js";

/** A settled transcript entry: written once into scrollback (Ink's `<Static>`), never redrawn. */
export type Entry =
  | { id: number; kind: "user"; text: string }
  /**
   * A finished piece of an assistant answer; `label` on the first piece after something else;
   * `joined` when it continues the previous piece mid-paragraph (no blank line between).
   */
  | { id: number; kind: "markdown"; text: string; label: boolean; joined: boolean }
  | { id: number; kind: "thinking"; text: string }
  | {
      id: number;
      kind: "tool";
      title: string;
      outcome?: string;
      error: boolean;
      /** Turned down by the person or the policy (not a failure). */
      declined?: boolean;
      /** An applied diff, a plan or a command's last output lines, kept once under the line. */
      change?: ChangeBody;
      /** The first thing North shows in a turn: it carries the `north` label. */
      label?: boolean;
    }
  | { id: number; kind: "note"; text: string; tone: NoteTone }
  /** A slash command the person ran (its output follows as notes). */
  | { id: number; kind: "command"; text: string }
  | { id: number; kind: "welcome"; configFile: string }
  /** The first screen: North's version, the folder, the model and its provider, the keys. */
  | {
      id: number;
      kind: "header";
      version: string;
      folder: string;
      model: string;
      provider: string;
    };

/** Standing permissions in force: edits accepted, command rules, MCP tools called without asking. */
export interface Standing {
  edits: boolean;
  rules: number;
  tools: number;
}

export type NoteTone = "info" | "warn" | "error";
/** An entry before it gets its id. */
export type NewEntry = Entry extends infer E ? (E extends Entry ? Omit<E, "id"> : never) : never;

export interface RunningTool {
  id: string;
  name: string;
  title: string;
  /** The call's arguments: the settled line is worded from them as finished. */
  args?: unknown;
  /** The change it proposed (`tool_proposal`). */
  review?: Review;
  /** The person's answer to it, once given. */
  decision?: Decision;
  /** The person cancelled the turn while it ran (a denial then reads "Cancelled …"). */
  cancelled?: boolean;
  /** Live output of a running command (`tool_output`), the last few thousand characters. */
  output?: string;
  /** A `task` call's sub-agent as it works. */
  sub?: SubagentProgress;
}

/** Everything the interface shows. Changed only by {@link reduce}. */
export interface UiState {
  entries: readonly Entry[];
  nextId: number;
  /** The streaming text not yet settled (always starts outside a code fence). */
  tail: string;
  /** Whether the next assistant text starts a new labelled block. */
  labelPending: boolean;
  /** The running turn has shown the `north` label (its first answer text or tool line). */
  turnLabelled: boolean;
  /** Text of the current step already went to scrollback (a retry then says it is superseded). */
  stepSettled?: boolean;
  /** When the running turn was sent (ms since the epoch): the working line counts from it. */
  turnStartedAt?: number;
  /** The tail continues the last settled piece mid-paragraph. */
  tailJoined: boolean;
  thinking: string;
  tools: readonly RunningTool[];
  busy: boolean;
  queue: readonly string[];
  /** Steering sent with Ctrl+S that the running turn has not taken yet, oldest first. */
  steering: readonly string[];
  rows: number;
  width: number;
  /** Tokens in the context window at the last step (input, cache and output). */
  contextTokens: number;
  /** Tokens of finished turns, plus `turnTokens` for the running one. */
  sessionTokens: number;
  turnTokens: number;
  /**
   * Characters of text and thinking streamed since the last `usage` report: the working line
   * adds their estimate to `turnTokens`, so the count moves until the provider reports.
   */
  streamedChars?: number;
  /** "Press Ctrl+C again to exit" is showing. */
  exitHint: boolean;
  /** A first Esc on the empty composer while idle: a second one opens `/rewind`. */
  rewindHint?: boolean;
  /** The model in use, once a session exists. */
  model?: { name: string; contextWindow: number; effort?: string };
  /** Whether commands run in the OS sandbox (the status line), once a session exists. */
  sandbox?: "on" | "off" | "unavailable";
  /** The mode the next message is sent in (Tab cycles it). */
  mode: Mode;
  /** The change waiting for the person's answer; every key goes to it meanwhile. */
  review?: PendingReview;
  /** The context meter, from the last `context` event. */
  context?: ContextMeter;
  /** A compaction is running. */
  compacting?: boolean;
  /** Money spent in this session, when the models' prices are known. */
  cost?: number;
  /** The slash-command / `@` menu under the composer. */
  menu: MenuUi;
  /** The keyboard shortcuts panel is showing. */
  shortcuts: boolean;
  /** Entries in the `@` picker's index of the repository's files (a new figure draws its menu). */
  files?: number;
  /** The model's todo list (`todo_write`), shown above the composer. */
  todos: readonly TodoItem[];
  /** The turn that kept the todo list was cancelled: it shows as stopped until the next update. */
  todosStopped?: boolean;
  /** Whether the todo list shows its items (Ctrl+T folds it to one line). */
  todosOpen: boolean;
  /** Code can be coloured (the highlighter has loaded, or colour is off). */
  highlightReady: boolean;
  /** Standing permissions in force (the status line shows them): edits, command rules, MCP tools. */
  standing?: Standing;
  /** MCP servers that failed, and repository servers waiting for the person's approval. */
  mcp?: { failed: number; waiting: number };
  /** Background jobs running (the status line shows them when any). */
  jobs?: number;
  /** The palette drawn (theme.ts); absent: dark. Changing it redraws the live part, not scrollback. */
  theme?: "dark" | "light";
}

export type UiAction =
  | { type: "agent"; event: AgentEvent }
  /** `at`: when it was sent (ms since the epoch), for the working line's clock. */
  | { type: "submitted"; text: string; at?: number }
  | { type: "note"; text: string; tone: NoteTone }
  | { type: "welcome"; configFile: string }
  | { type: "header"; version: string; folder: string; model: string; provider: string }
  | { type: "queue"; queue: readonly string[]; steering: readonly string[] }
  | { type: "resize"; rows: number; width: number }
  | { type: "exit-hint"; on: boolean }
  | { type: "rewind-hint"; on: boolean }
  | {
      type: "model";
      name: string;
      contextWindow: number;
      /** How hard the model thinks (`/effort`); absent: its default (not shown). */
      effort?: string;
      sandbox?: "on" | "off" | "unavailable";
    }
  | { type: "idle" }
  | { type: "toggle-todos" }
  | ({ type: "standing" } & Standing)
  | { type: "mcp"; failed: number; waiting: number }
  | { type: "jobs"; running: number }
  /** The highlighter is loading (false) or ready (true: a held answer settles). */
  | { type: "highlighter"; ready: boolean }
  /** The palette changed (the terminal's background is known, or `/theme`). */
  | { type: "theme"; name: "dark" | "light" }
  | ReviewAction
  | ComposerAction;

export function initialState(rows: number, width: number, mode: Mode = "agent"): UiState {
  return {
    entries: [],
    nextId: 1,
    tail: "",
    labelPending: true,
    turnLabelled: true,
    tailJoined: false,
    thinking: "",
    tools: [],
    busy: false,
    queue: [],
    steering: [],
    rows,
    width,
    contextTokens: 0,
    sessionTokens: 0,
    turnTokens: 0,
    exitHint: false,
    mode,
    menu: MENU_OPEN,
    shortcuts: false,
    todos: [],
    todosOpen: true,
    highlightReady: true,
  };
}

const tokens = (u: {
  input_tokens: number;
  output_tokens: number;
  cache_read_tokens: number;
  cache_write_tokens: number;
}) => u.input_tokens + u.output_tokens + u.cache_read_tokens + u.cache_write_tokens;

function onAgent(state: UiState, event: AgentEvent): UiState {
  switch (event.type) {
    case "steer":
      return { ...add(settleAll(state), { kind: "user", text: event.text }), labelPending: true };
    case "text_delta": {
      const s = state.thinking ? settleThinking(state) : state;
      const streamedChars = (s.streamedChars ?? 0) + event.text.length;
      return settleText({ ...s, tail: s.tail + event.text, streamedChars }, false);
    }
    case "thinking_delta":
      return {
        ...state,
        thinking: state.thinking + event.text,
        streamedChars: (state.streamedChars ?? 0) + event.text.length,
      };
    case "tool_call": {
      const s = settleAll(state);
      const tool = {
        id: event.id,
        name: event.name,
        title: toolTitle(event.name, event.arguments),
        args: event.arguments,
      };
      return { ...s, tools: [...s.tools, tool], labelPending: true };
    }
    case "subagent": {
      const inner = event.event;
      const s = inner.type === "tool_result" ? dropReview(state, inner.id) : state;
      return {
        ...s,
        tools: s.tools.map((t) =>
          t.id === event.parent_id ? { ...t, sub: advanceSubagent(t.sub, event) } : t,
        ),
      };
    }
    case "tool_proposal":
      return {
        ...state,
        tools: state.tools.map((t) => (t.id === event.id ? { ...t, review: event.review } : t)),
      };
    case "approval_request":
      return {
        ...settleAll(state),
        review: pendingReview(event.id, event.name, event.review, subagentLabel(state, event)),
      };
    case "tool_result": {
      const running = state.tools.find((t) => t.id === event.id);
      const settled = settleTool({
        name: event.name,
        title: toolTitle(event.name, running?.args, true),
        content: event.content,
        isError: event.is_error,
        details: event.details,
        ...(running?.review ? { review: running.review } : {}),
        ...(running?.decision ? { decision: running.decision } : {}),
        ...(running?.cancelled ? { cancelled: true } : {}),
      });
      const s = {
        ...dropReview(state, event.id),
        tools: state.tools.filter((t) => t.id !== event.id),
        turnLabelled: true,
      };
      return add(s, { kind: "tool", ...settled, ...(state.turnLabelled ? {} : { label: true }) });
    }
    case "check_start": {
      const s = settleAll(state);
      const tool = { id: event.id, name: "check", title: checkRunningTitle(event.command) };
      return { ...s, tools: [...s.tools, tool], labelPending: true };
    }
    case "check_end": {
      const s = {
        ...state,
        tools: state.tools.filter((t) => t.id !== event.id),
        turnLabelled: true,
      };
      return add(s, {
        kind: "tool",
        ...settleCheck(event),
        ...(state.turnLabelled ? {} : { label: true }),
      });
    }
    case "todo": {
      const { todosStopped: _stopped, ...s } = state;
      return { ...s, todos: event.items };
    }
    case "usage":
      return {
        ...state,
        contextTokens: tokens(event.usage),
        turnTokens: tokens(event.total),
        streamedChars: 0,
      };
    case "retry": {
      const seconds = (event.delay_ms / 1000).toFixed(1);
      // Text of the cut answer already in scrollback stays there: say that it is superseded, so
      // the answer starting again below is not a silent duplicate.
      const superseded = state.stepSettled ? ` ${t("retry.superseded")}` : "";
      const s = { ...state, tail: "", thinking: "", tailJoined: false, stepSettled: false };
      return {
        ...add(s, {
          kind: "note",
          tone: "warn",
          text: `${errorText(event.error)} ${t("retry.in", { seconds })}${superseded}`,
        }),
        labelPending: true,
      };
    }
    case "step_start":
      return state.stepSettled ? { ...state, stepSettled: false } : state;
    case "error":
      // A failed turn says what to try next.
      return add(settleAll(state), {
        kind: "note",
        tone: "error",
        text: `${errorText(event.error)} ${t("turn.failedHint")}`,
      });
    case "turn_end": {
      let s = dropReview(settleAtEnd(state));
      s = {
        ...s,
        tools: [],
        sessionTokens: s.sessionTokens + tokens(event.usage),
        turnTokens: 0,
        streamedChars: 0,
      };
      if (event.stop_reason === "aborted") {
        s = add(s, { kind: "note", tone: "warn", text: t("turn.cancelled") });
        if (s.todos.some((i) => i.status !== "completed")) s = { ...s, todosStopped: true };
      }
      if (event.stop_reason === "max_steps") {
        s = add(s, {
          kind: "note",
          tone: "warn",
          text: t("turn.stepCap", { steps: event.steps }),
        });
      }
      if (event.stop_reason === "max_tokens")
        s = add(s, { kind: "note", tone: "warn", text: t("turn.maxTokens") });
      return s;
    }
    default:
      return reduceExtras(state, event);
  }
}

/** "general · raise the attempts": which sub-agent asks, for its review's header. */
function subagentLabel(
  state: UiState,
  event: Extract<AgentEvent, { type: "approval_request" }>,
): string | undefined {
  if (!event.agent) return undefined;
  const task = state.tools.find((t) => t.sub?.calls.some((c) => c.id === event.id));
  return task?.sub ? `${task.sub.agent} · ${task.sub.description}` : event.agent;
}

/** Without the pending review (of call `id` only, when given): it was settled or cancelled. */
function dropReview(state: UiState, id?: string): UiState {
  if (!state.review || (id !== undefined && state.review.id !== id)) return state;
  const { review: _review, ...rest } = state;
  return rest;
}

/** The one place state changes. Pure: the same state and action give the same result. */
export function reduce(state: UiState, action: UiAction): UiState {
  switch (action.type) {
    case "agent":
      return onAgent(state, action.event);
    case "submitted":
      return {
        ...add(settleAll(state), { kind: "user", text: action.text }),
        busy: true,
        labelPending: true,
        turnLabelled: false,
        ...(action.at !== undefined ? { turnStartedAt: action.at } : {}),
      };
    case "note":
      return add(settleAll(state), { kind: "note", text: action.text, tone: action.tone });
    case "welcome":
      return add(state, { kind: "welcome", configFile: action.configFile });
    case "header": {
      const { type: _type, ...header } = action;
      return add(state, { kind: "header", ...header });
    }
    case "queue":
      return { ...state, queue: action.queue, steering: action.steering };
    case "resize":
      return { ...state, rows: action.rows, width: action.width };
    case "exit-hint":
      return { ...state, exitHint: action.on };
    case "rewind-hint":
      return { ...state, rewindHint: action.on };
    case "model":
      return {
        ...state,
        model: {
          name: action.name,
          contextWindow: action.contextWindow,
          ...(action.effort ? { effort: action.effort } : {}),
        },
        ...(action.sandbox ? { sandbox: action.sandbox } : {}),
      };
    case "standing": {
      const { type: _type, ...standing } = action;
      const same =
        state.standing?.edits === standing.edits &&
        state.standing.rules === standing.rules &&
        state.standing.tools === standing.tools;
      return same ? state : { ...state, standing };
    }
    case "mcp":
      return state.mcp?.failed === action.failed && state.mcp.waiting === action.waiting
        ? state
        : { ...state, mcp: { failed: action.failed, waiting: action.waiting } };
    case "jobs":
      return state.jobs === action.running ? state : { ...state, jobs: action.running };
    case "toggle-todos":
      return { ...state, todosOpen: !state.todosOpen };
    case "idle":
      return { ...dropReview(settleAtEnd(state)), busy: false, tools: [], compacting: false };
    case "theme":
      return (state.theme ?? "dark") === action.name ? state : { ...state, theme: action.name };
    case "highlighter": {
      const s = { ...state, highlightReady: action.ready };
      return action.ready && !state.busy && s.tail ? settleAll(s) : s;
    }
    default:
      return isComposerAction(action) ? reduceComposer(state, action) : reduceReview(state, action);
  }
}
