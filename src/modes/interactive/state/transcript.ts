import { cleanForDisplay } from "./display-text.js";
import { splitSettled } from "./stream-split.js";
import type { Entry, NewEntry, UiState } from "./state.js";
import { runningToolRows } from "./subagent-progress.js";
import { todoPanelRows } from "./todo-rows.js";

/**
 * Appends settled entries to the transcript, with fresh ids. The one way into scrollback: each
 * entry's strings are cleaned for display here (`cleanForDisplay`), whoever made it — an event,
 * a slash command's note (MCP servers' text, session titles), a resumed history.
 */
export function add(state: UiState, ...entries: NewEntry[]): UiState {
  if (entries.length === 0) return state;
  const withIds = entries.map((e, i) => ({ ...cleanForDisplay(e), id: state.nextId + i }) as Entry);
  return {
    ...state,
    entries: [...state.entries, ...withIds],
    nextId: state.nextId + entries.length,
  };
}

/** Rows the streaming tail may take so that the live part stays shorter than the screen. */
export function tailBudget(state: UiState): number {
  const reserved =
    9 +
    runningToolRows(state.tools) +
    Math.min(state.queue.length + state.steering.length, 3) +
    (state.steering.length > 0 ? 1 : 0) +
    todoPanelRows(state);
  return Math.max(3, Math.floor((state.rows - reserved) * 0.7));
}

/** Moves what of the streaming tail is finished into the transcript (`all`: everything). */
export function settleText(state: UiState, all: boolean): UiState {
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
  return {
    ...add(state, ...pieces),
    tail,
    tailJoined,
    labelPending: false,
    turnLabelled: true,
    stepSettled: true,
  };
}

export function settleThinking(state: UiState): UiState {
  if (!state.thinking.trim()) return state.thinking ? { ...state, thinking: "" } : state;
  return { ...add(state, { kind: "thinking", text: state.thinking.trim() }), thinking: "" };
}

/** Settles everything live before something else is shown, so the transcript keeps its order. */
export const settleAll = (state: UiState) => settleText(settleThinking(state), true);

/**
 * At the end of a turn: settles everything, except an answer with code while the highlighter is
 * still loading — it stays live (and is highlighted) until `highlighter` ready settles it, so
 * the first code block of a session is not written to scrollback uncoloured.
 */
export const settleAtEnd = (state: UiState) =>
  !state.highlightReady && state.tail.includes("```") ? settleThinking(state) : settleAll(state);
