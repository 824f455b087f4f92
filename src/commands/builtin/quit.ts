import type { Command } from "../types.js";

export const quitCommand: Command = {
  name: "quit",
  aliases: ["exit"],
  description: "Leave North (the conversation is saved)",
  arity: "none",
  source: "builtin",
  run(ctx) {
    ctx.exit();
  },
};
