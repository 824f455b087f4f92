import type { Command } from "../types.js";

export const clearCommand: Command = {
  name: "clear",
  description: "Clear the screen; the conversation goes on",
  arity: "none",
  source: "builtin",
  run(ctx) {
    ctx.clearScreen();
  },
};
