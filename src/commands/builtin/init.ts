import type { Command } from "../types.js";
import prompt from "./init-prompt.md";

export const initCommand: Command = {
  name: "init",
  description: "Have the model study the repository and write or improve AGENTS.md",
  arity: "none",
  source: "builtin",
  run(ctx) {
    ctx.send(prompt.trim());
  },
};
