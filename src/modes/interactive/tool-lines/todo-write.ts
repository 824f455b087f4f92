import { type ToolRenderer } from "./types.js";

/** `todo_write`: "Updating the todo list — 2 of 5 done" (the list itself shows above the composer). */
export const todoWriteLine: ToolRenderer = {
  title: () => "Updating the todo list",
  summary(details, content) {
    // A resumed conversation has no details: the counts are read back from the result.
    const counted = /(\d+) of (\d+) completed/.exec(content);
    if (!Array.isArray(details.items))
      return counted ? `${counted[1]} of ${counted[2]} done` : undefined;
    const items = details.items as { status?: unknown }[];
    if (items.length === 0) return "cleared";
    const done = items.filter((i) => i.status === "completed").length;
    return `${done} of ${items.length} done`;
  },
};
