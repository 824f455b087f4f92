import type { Command } from "../types.js";
import { t } from "../../i18n/index.js";

export const clearCommand: Command = {
  name: "clear",
  get description() {
    return t("cmd.clear.description");
  },
  arity: "none",
  source: "builtin",
  forModel: () => ({ effect: "change", does: t("cmd.clear.does") }),
  run(ctx) {
    ctx.clearScreen();
  },
};
