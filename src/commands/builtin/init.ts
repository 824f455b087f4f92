import type { Command } from "../types.js";
import prompt from "./init-prompt.md";
import { t } from "../../i18n/index.js";

export const initCommand: Command = {
  name: "init",
  get description() {
    return t("cmd.init.description");
  },
  arity: "none",
  source: "builtin",
  forModel: () => ({ effect: "prompt" }),
  run(ctx) {
    ctx.send(prompt.trim());
  },
};
