import type { Command } from "../types.js";
import { SCREEN } from "./format.js";
import { t } from "../../i18n/index.js";

export const stopCommand: Command = {
  name: "stop",
  get description() {
    return t("cmd.stop.description");
  },
  arity: "none",
  source: "builtin",
  forModel: SCREEN,
  run(ctx) {
    ctx.stop();
  },
};
