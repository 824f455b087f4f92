import type { Command } from "../types.js";

export const stopCommand: Command = {
  name: "stop",
  description: "Cancel the running turn and clear queued messages",
  arity: "none",
  source: "builtin",
  run(ctx) {
    ctx.stop();
  },
};
