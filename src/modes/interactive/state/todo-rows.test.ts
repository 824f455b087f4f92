import { describe, expect, test } from "vitest";
import type { TodoItem } from "../../../agent/events.js";
import { TODO_LINES, todoPanelRows, todoRows } from "./todo-rows.js";

const list = (n: number, active: number): TodoItem[] =>
  Array.from({ length: n }, (_, i) => ({
    content: `item ${i + 1}`,
    status: i < active ? "completed" : i === active ? "in_progress" : "pending",
  }));

describe("todoRows", () => {
  test("nothing for an empty list, and no panel rows", () => {
    expect(todoRows([], true)).toEqual([]);
    expect(todoPanelRows({ todos: [], todosOpen: true })).toBe(0);
  });

  test("a header and every item of a short list", () => {
    const rows = todoRows(list(3, 1), true);
    expect(rows.map((r) => `${r.mark} ${r.text}`)).toEqual([
      "▾ Todo · 1/3 done · Ctrl+T hides",
      "☑ item 1",
      "◐ item 2",
      "☐ item 3",
    ]);
    expect(todoPanelRows({ todos: list(3, 1), todosOpen: true })).toBe(5);
  });

  test("a long list shows a window around the item in progress and counts the rest", () => {
    const rows = todoRows(list(20, 12), true);
    expect(rows).toHaveLength(1 + TODO_LINES + 1);
    expect(rows[1]!.text).toBe("item 11");
    expect(rows.some((r) => r.text === "item 13" && r.mark === "◐")).toBe(true);
    expect(rows.at(-1)!.text).toBe(`+${20 - TODO_LINES} more`);
  });

  test("folded: one line naming the item in progress; all done: one line", () => {
    expect(todoRows(list(3, 1), false)).toEqual([
      { mark: "▸", text: "Todo · 1/3 done · item 2", tone: "header" },
    ]);
    expect(todoRows(list(3, 3), true)).toEqual([{ mark: "✓", text: "3/3 done", tone: "done" }]);
  });
});
