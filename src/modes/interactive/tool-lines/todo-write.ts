import { type ToolRenderer, verb } from "./types.js";
import { t } from "../../../i18n/index.js";

/** `todo_write`: "Updating the todo list — 2 of 5 done" (the list itself shows above the composer). */
export const todoWriteLine: ToolRenderer = {
  title: (_args, done) => verb("tool.updatingTodos", done),
  summary(details, content) {
    // A resumed conversation has no details: the counts are read back from the result.
    const counted = /(\d+) of (\d+) completed/.exec(content);
    if (!Array.isArray(details.items))
      return counted ? t("tool.todoDone", { done: counted[1]!, total: counted[2]! }) : undefined;
    const items = details.items as { status?: unknown }[];
    if (items.length === 0) return t("tool.todoCleared");
    const done = items.filter((i) => i.status === "completed").length;
    return t("tool.todoDone", { done, total: items.length });
  },
};
