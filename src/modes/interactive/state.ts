import type { AgentEvent } from "../../agent/events.js";
import { toolOutcome, toolTitle } from "./tool-lines/index.js";
import { splitSettled } from "./stream-split.js";

/** A settled transcript entry: written once into scrollback (Ink's `<Static>`), never redrawn. */
export type Entry =
  | { id: number; kind: "user"; text: string }
  /**
   * A finished piece of an assistant answer; `label` on the first piece after something else;
   * `joined` when it continues the previous piece mid-paragraph (no blank line between).
   */
  | { id: number; kind: "markdown"; text: string; label: boolean; joined: boolean }
  | { id: number; kind: "thinking"; text: string }
  | { id: number; kind: "tool"; title: string; outcome?: string; error: boolean }
  | { id: number; kind: "note"; text: string; tone: NoteTone }
  | { id: number; kind: "welcome"; configFile: string };

export type NoteTone = "info" | "warn" | "error";
type NewEntry = Entry extends infer E ? (E extends Entry ? Omit<E, "id"> : never) : never;

export interface RunningTool {
  id: string;
  name: string;
  title: string;
}

/** Everything the interface shows. Changed only by {@link reduce}. */
export interface UiState {
  entries: readonly Entry[];
  nextId: number;
  /** The streaming text not yet settled (always starts outside a code fence). */
  tail: string;
  /** Whether the next assistant text starts a new labelled block. */
  labelPending: boolean;
  /** The tail continues the last settled piece mid-paragraph. */
  tailJoined: boolean;
  thinking: string;
  tools: readonly RunningTool[];
  busy: boolean;
  queue: readonly string[];
  rows: number;
  width: number;
  /** Tokens in the context window at the last step (input, cache and output). */
  contextTokens: number;
  /** Tokens of finished turns, plus `turnTokens` for the running one. */
  sessionTokens: number;
  turnTokens: number;
  /** "Press Ctrl+C again to exit" is showing. */
  exitHint: boolean;
  /** The model in use, once a session exists. */
  model?: { name: string; contextWindow: number };
}

export type UiAction =
  | { type: "agent"; event: AgentEvent }
  | { type: "submitted"; text: string }
  | { type: "note"; text: string; tone: NoteTone }
  | { type: "welcome"; configFile: string }
  | { type: "queue"; queue: readonly string[] }
  | { type: "resize"; rows: number; width: number }
  | { type: "exit-hint"; on: boolean }
  | { type: "model"; name: string; contextWindow: number }
  | { type: "idle" };

export function initialState(rows: number, width: number): UiState {
  return {
    entries: [],
    nextId: 1,
    tail: "",
    labelPending: true,
    tailJoined: false,
    thinking: "",
    tools: [],
    busy: false,
    queue: [],
    rows,
    width,
    contextTokens: 0,
    sessionTokens: 0,
    turnTokens: 0,
    exitHint: false,
  };
}

function add(state: UiState, ...entries: NewEntry[]): UiState {
  if (entries.length === 0) return state;
  const withIds = entries.map((e, i) => ({ ...e, id: state.nextId + i }) as Entry);
  return {
    ...state,
    entries: [...state.entries, ...withIds],
    nextId: state.nextId + entries.length,
  };
}

/** Rows the streaming tail may take so that the live part stays shorter than the screen. */
export function tailBudget(state: UiState): number {
  const reserved = 9 + state.tools.length + Math.min(state.queue.length, 3);
  return Math.max(3, Math.floor((state.rows - reserved) * 0.7));
}

function settleText(state: UiState, all: boolean): UiState {
  const { settled, tail, tailJoined } = all
    ? {
        settled: state.tail.trim() ? [state.tail.replace(/\s+$/, "")] : [],
        tail: "",
        tailJoined: false,
      }
    : splitSettled(state.tail, { rows: tailBudget(state), width: Math.max(20, state.width - 2) });
  if (settled.length === 0) return tail === state.tail ? state : { ...state, tail };
  const pieces = settled.map((text, i) => ({
    kind: "markdown" as const,
    text,
    label: i === 0 && state.labelPending,
    joined: i === 0 && state.tailJoined && !state.labelPending,
  }));
  return { ...add(state, ...pieces), tail, tailJoined, labelPending: false };
}

function settleThinking(state: UiState): UiState {
  if (!state.thinking.trim()) return state.thinking ? { ...state, thinking: "" } : state;
  return { ...add(state, { kind: "thinking", text: state.thinking.trim() }), thinking: "" };
}

/** Settles everything live before something else is shown, so the transcript keeps its order. */
const settleAll = (state: UiState) => settleText(settleThinking(state), true);

const tokens = (u: {
  input_tokens: number;
  output_tokens: number;
  cache_read_tokens: number;
  cache_write_tokens: number;
}) => u.input_tokens + u.output_tokens + u.cache_read_tokens + u.cache_write_tokens;

function onAgent(state: UiState, event: AgentEvent): UiState {
  switch (event.type) {
    case "text_delta": {
      const s = state.thinking ? settleThinking(state) : state;
      return settleText({ ...s, tail: s.tail + event.text }, false);
    }
    case "thinking_delta":
      return { ...state, thinking: state.thinking + event.text };
    case "tool_call": {
      const s = settleAll(state);
      const tool = {
        id: event.id,
        name: event.name,
        title: toolTitle(event.name, event.arguments),
      };
      return { ...s, tools: [...s.tools, tool], labelPending: true };
    }
    case "tool_result": {
      const running = state.tools.find((t) => t.id === event.id);
      const title = running?.title ?? toolTitle(event.name, undefined);
      const result = { content: event.content, isError: event.is_error, details: event.details };
      const outcome = toolOutcome(event.name, result);
      const s = { ...state, tools: state.tools.filter((t) => t.id !== event.id) };
      return add(s, {
        kind: "tool",
        title,
        error: event.is_error,
        ...(outcome ? { outcome } : {}),
      });
    }
    case "usage":
      return { ...state, contextTokens: tokens(event.usage), turnTokens: tokens(event.total) };
    case "retry": {
      const seconds = (event.delay_ms / 1000).toFixed(1);
      const s = { ...state, tail: "", thinking: "", tailJoined: false };
      return add(s, {
        kind: "note",
        tone: "warn",
        text: `${event.error.message} — retrying in ${seconds}s`,
      });
    }
    case "error":
      return add(settleAll(state), { kind: "note", tone: "error", text: event.error.message });
    case "turn_end": {
      let s = settleAll(state);
      s = { ...s, tools: [], sessionTokens: s.sessionTokens + tokens(event.usage), turnTokens: 0 };
      if (event.stop_reason === "aborted")
        s = add(s, { kind: "note", tone: "warn", text: "[Cancelled]" });
      if (event.stop_reason === "max_steps") {
        s = add(s, {
          kind: "note",
          tone: "warn",
          text: `Stopped after ${event.steps} steps (the step cap).`,
        });
      }
      if (event.stop_reason === "max_tokens")
        s = add(s, { kind: "note", tone: "warn", text: "[The answer hit the output limit]" });
      return s;
    }
    default:
      return state;
  }
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
      };
    case "note":
      return add(settleAll(state), { kind: "note", text: action.text, tone: action.tone });
    case "welcome":
      return add(state, { kind: "welcome", configFile: action.configFile });
    case "queue":
      return { ...state, queue: action.queue };
    case "resize":
      return { ...state, rows: action.rows, width: action.width };
    case "exit-hint":
      return { ...state, exitHint: action.on };
    case "model":
      return { ...state, model: { name: action.name, contextWindow: action.contextWindow } };
    case "idle":
      return { ...settleAll(state), busy: false, tools: [] };
  }
}
