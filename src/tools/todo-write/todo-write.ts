import type { TodoItem } from "../../agent/events.js";
import { ToolError, defineTool, type ZodModule } from "../../agent/tool.js";
import description from "./description.md";

const MAX_ITEMS = 30;
const MAX_CHARS = 200;

const schema = (z: ZodModule) =>
  z.object({
    todos: z
      .array(
        z.object({
          content: z.string(),
          status: z.enum(["pending", "in_progress", "completed"]),
        }),
      )
      .describe("The whole list"),
  });

/**
 * `todo_write`: the model replaces its visible todo list. It changes no file, so it is of the
 * read kind; `onWrite` receives the validated list (the session shows and saves it).
 */
export function createTodoWriteTool(onWrite: (items: TodoItem[]) => void) {
  return defineTool({
    name: "todo_write",
    kind: "read",
    description,
    schema,
    // Two lists written in one step would race for the last word: one at a time.
    concurrent: () => false,
    async execute({ todos }) {
      if (todos.length > MAX_ITEMS)
        throw new ToolError(
          `The list has ${todos.length} items; keep it to ${MAX_ITEMS} or fewer.`,
        );
      const long = todos.findIndex((t) => t.content.length > MAX_CHARS);
      if (long !== -1)
        throw new ToolError(`Item ${long + 1} is over ${MAX_CHARS} characters; say it shorter.`);
      if (todos.some((t) => !t.content.trim()))
        throw new ToolError("An item is empty; give every item a few words.");
      const active = todos.filter((t) => t.status === "in_progress").length;
      if (active > 1)
        throw new ToolError(
          `${active} items are in_progress; keep exactly one in progress at a time.`,
        );
      const items = todos.map((t) => ({ content: t.content.trim(), status: t.status }));
      onWrite(items);
      const done = items.filter((t) => t.status === "completed").length;
      return {
        content: `Todo list updated: ${done} of ${items.length} completed.`,
        details: { items },
      };
    },
  });
}
