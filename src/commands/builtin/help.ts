import type { Command } from "../types.js";

export const helpCommand: Command = {
  name: "help",
  description: "List the commands",
  arity: "none",
  source: "builtin",
  run(ctx) {
    const lines = ctx
      .commands()
      .map((c) => {
        const aliases = c.aliases?.length ? ` (${c.aliases.map((a) => `/${a}`).join(", ")})` : "";
        return `/${c.name}${aliases} — ${c.description}`;
      })
      .sort();
    ctx.say(`${lines.join("\n")}\n\n? on an empty input shows the keyboard shortcuts.`);
  },
};
