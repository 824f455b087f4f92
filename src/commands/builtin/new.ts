import type { Command } from "../types.js";
import { t } from "../../i18n/index.js";

export const newCommand: Command = {
  name: "new",
  get description() {
    return t("cmd.new.description");
  },
  arity: "none",
  source: "builtin",
  idleOnly: true,
  forModel: () => ({ effect: "change", does: t("cmd.new.does") }),
  async run(ctx) {
    await ctx.newConversation();
    ctx.say(t("cmd.new.done"));
  },
};
