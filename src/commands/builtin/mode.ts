import { MODES, type Mode } from "../../session/index.js";
import type { Command } from "../types.js";
import { t } from "../../i18n/index.js";
import { reportWithoutArgs } from "./format.js";

const KEYS = { ask: "cmd.mode.ask", agent: "cmd.mode.agent", plan: "cmd.mode.plan" } as const;
const describe = (mode: Mode) => t(KEYS[mode]);
/** How much runs without asking in each mode. */
const FREEDOM: Record<Mode, number> = { ask: 0, plan: 1, agent: 2 };

export const modeCommand: Command = {
  name: "mode",
  get description() {
    return t("cmd.mode.description");
  },
  arity: "one",
  source: "builtin",
  // A mode no freer than the one in use (ask < plan < agent) is a change the person reviews;
  // a freer one lets more run without asking: the person's.
  forModel: reportWithoutArgs(({ args }, ctx) => {
    const wanted = args[0] as Mode;
    if (!MODES.includes(wanted)) return { effect: "report" };
    if (FREEDOM[wanted] > FREEDOM[ctx.mode()]) return { effect: "person" };
    return {
      effect: "change",
      does: t("cmd.mode.does", { mode: wanted, description: describe(wanted) }),
    };
  }),
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
