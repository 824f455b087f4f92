import { MODES, type Mode } from "../../session/index.js";
import type { Command } from "../types.js";
import { t } from "../../i18n/index.js";
import { reportWithoutArgs } from "./format.js";

const KEYS = { ask: "cmd.mode.ask", agent: "cmd.mode.agent", plan: "cmd.mode.plan" } as const;
const describe = (mode: Mode) => t(KEYS[mode]);

export const modeCommand: Command = {
  name: "mode",
  get description() {
    return t("cmd.mode.description");
  },
  arity: "one",
  source: "builtin",
  effect: reportWithoutArgs,
  // The mode in use first, marked: the menu opens on it.
  choices: (ctx) =>
    [ctx.mode(), ...MODES.filter((m) => m !== ctx.mode())].map((m) => ({
      value: m,
      label: m === ctx.mode() ? `${m} ${t("cmd.model.currentMark")}` : m,
      description: describe(m),
    })),
  run(ctx, { args }) {
    const wanted = args[0];
    if (!wanted) {
      ctx.say(t("cmd.mode.current", { mode: ctx.mode(), description: describe(ctx.mode()) }));
      return;
    }
    if (!MODES.includes(wanted as Mode)) {
      ctx.say(t("cmd.mode.unknown", { mode: wanted }), "error");
      return;
    }
    ctx.setMode(wanted as Mode);
    ctx.say(t("cmd.mode.current", { mode: wanted, description: describe(wanted as Mode) }));
  },
};
