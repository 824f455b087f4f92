import type { Command } from "../types.js";
import { SCREEN } from "./format.js";
import { t } from "../../i18n/index.js";

export const quitCommand: Command = {
  name: "quit",
  aliases: ["exit"],
  get description() {
    return t("cmd.quit.description");
  },
  arity: "none",
  source: "builtin",
  forModel: SCREEN,
  run(ctx) {
    ctx.exit();
  },
};
