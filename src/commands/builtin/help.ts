import type { Command } from "../types.js";
import { REPORT } from "./format.js";
import { t } from "../../i18n/index.js";

export const helpCommand: Command = {
  name: "help",
  get description() {
    return t("cmd.help.description");
  },
  arity: "none",
  source: "builtin",
  forModel: REPORT,
  run(ctx) {
    const lines = ctx
      .commands()
      .map((c) => {
        const aliases = c.aliases?.length ? ` (${c.aliases.map((a) => `/${a}`).join(", ")})` : "";
        return `/${c.name}${aliases} — ${c.description}`;
      })
      .sort();
    ctx.say(`${lines.join("\n")}\n\n${t("cmd.help.footer")}`);
  },
};
