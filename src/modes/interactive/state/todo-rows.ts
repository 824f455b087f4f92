import type { TodoItem } from "../../../agent/events.js";
import { t } from "../../../i18n/index.js";

/** Items of the todo list shown at most; the rest are counted on one line. */
export const TODO_LINES = 8;

const MARK: Record<TodoItem["status"], string> = {
  pending: "☐",
  in_progress: "◐",
  completed: "☑",
};

/** The mark of the item that was in progress when the turn was cancelled. */
const STOPPED_MARK = "◼";

/** One row of the todo panel: its mark, its text and how it is drawn. */
export interface TodoRow {
  mark: string;
  text: string;
  tone: "header" | "active" | "pending" | "done" | "more";
}

/**
 * The rows of the todo list above the composer. Nothing for an empty list; one summary row when
 * every item is done or the person folded it (Ctrl+T); else a header and the items, a window of
 * {@link TODO_LINES} around the item in progress. `stopped`: the turn was cancelled, so nothing is
 * in progress any more: the header says so and the item that was is drawn as waiting. Pure.
 */
export function todoRows(items: readonly TodoItem[], open: boolean, stopped = false): TodoRow[] {
  if (items.length === 0) return [];
  const done = items.filter((i) => i.status === "completed").length;
  const counts = { done: String(done), total: String(items.length) };
  if (done === items.length) return [{ mark: "✓", text: t("todo.allDone", counts), tone: "done" }];
  const active = items.find((i) => i.status === "in_progress");
  if (!open) {
    const now = stopped ? ` · ${t("todo.stopped")}` : active ? ` · ${active.content}` : "";
    return [{ mark: "▸", text: `${t("todo.folded", counts)}${now}`, tone: "header" }];
  }
  const header: TodoRow = {
    mark: "▾",
    text: t(stopped ? "todo.headerStopped" : "todo.header", counts),
    tone: "header",
  };
  const focus = Math.max(0, active ? items.indexOf(active) : items.findIndex(isPending));
  const start = Math.max(0, Math.min(focus - 2, items.length - TODO_LINES));
  const shown = items.slice(start, start + TODO_LINES).map((item): TodoRow => {
    const status = stopped && item.status === "in_progress" ? "stopped" : item.status;
    return {
      mark: status === "stopped" ? STOPPED_MARK : MARK[item.status],
      text: item.content,
      tone: status === "completed" ? "done" : status === "in_progress" ? "active" : "pending",
    };
  });
  const hidden = items.length - shown.length;
  const more: TodoRow[] =
    hidden > 0
      ? [{ mark: " ", text: t("todo.more", { count: String(hidden) }), tone: "more" }]
      : [];
  return [header, ...shown, ...more];
}

const isPending = (item: TodoItem) => item.status === "pending";

/** Screen rows the todo panel takes (its rows and the blank line above them). */
export function todoPanelRows(state: {
  todos: readonly TodoItem[];
  todosOpen: boolean;
  todosStopped?: boolean;
}): number {
  const rows = todoRows(state.todos, state.todosOpen, state.todosStopped).length;
  return rows === 0 ? 0 : rows + 1;
}
