import type { McpPromptCommand } from "../session/index.js";
import type { Command } from "./types.js";

/**
 * The slash command of a server's prompt: `/mcp__<server>__<prompt> [args…]` fetches the prompt
 * with its arguments (`name=value`, or in order) and sends its text as the person's message.
 */
export function mcpPromptCommand(entry: McpPromptCommand): Command {
  return {
    name: entry.name,
    description: entry.usage ? `${entry.description} — ${entry.usage}` : entry.description,
    arity: "rest",
    source: `mcp:${entry.server}`,
    async run(ctx, { args }) {
      const bound = entry.bind(args);
      if ("problem" in bound) {
        return ctx.refuse ? ctx.refuse(bound.problem) : ctx.say(bound.problem, "error");
      }
      ctx.send(await entry.get(bound.values));
    },
  };
}
