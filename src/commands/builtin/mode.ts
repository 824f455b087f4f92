import { MODES, type Mode } from "../../session/index.js";
import type { Command } from "../types.js";

const DESCRIPTIONS: Record<Mode, string> = {
  ask: "read only: the model answers from the code",
  agent: "the model may change files and run commands, with your review",
  plan: "the model studies and presents a plan; changes wait until you accept it",
};

export const modeCommand: Command = {
  name: "mode",
  description: "Switch between ask, agent and plan",
  arity: "one",
  source: "builtin",
  choices: () => MODES.map((m) => ({ value: m, label: m, description: DESCRIPTIONS[m] })),
  run(ctx, { args }) {
    const wanted = args[0];
    if (!wanted) {
      ctx.say(`Mode: ${ctx.mode()} — ${DESCRIPTIONS[ctx.mode()]}`);
      return;
    }
    if (!MODES.includes(wanted as Mode)) {
      ctx.say(`Unknown mode "${wanted}": choose ask, agent or plan.`, "error");
      return;
    }
    ctx.setMode(wanted as Mode);
    ctx.say(`Mode: ${wanted} — ${DESCRIPTIONS[wanted as Mode]}`);
  },
};
