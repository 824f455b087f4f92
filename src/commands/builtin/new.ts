import type { Command } from "../types.js";

export const newCommand: Command = {
  name: "new",
  description: "Start a new conversation (the shell keeps its state)",
  arity: "none",
  source: "builtin",
  async run(ctx) {
    await ctx.newConversation();
    ctx.say("New conversation.");
  },
};
