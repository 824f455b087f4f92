import { t } from "../../i18n/index.js";
import { EFFORTS, saveEffort, type Effort } from "../../session/index.js";
import type { Command } from "../types.js";
import { reportWithoutArgs } from "./format.js";

const CHOICES = [...EFFORTS, "default"] as const;

/**
 * `/effort [low|medium|high|default]`: without an argument, the effort in use; with one, how
 * hard the model thinks from the next message on (`default`: the model's own), remembered in the
 * global config (`effort`). A model without the control keeps its default, and says so.
 */
export function effortCommand(env: Record<string, string | undefined>): Command {
  return {
    name: "effort",
    get description() {
      return t("cmd.effort.description");
    },
    arity: "one",
    source: "builtin",
    forModel: reportWithoutArgs(({ args }) => ({
      effect: "change",
      does: t("cmd.effort.does", { effort: args[0]! }),
    })),
    choices: () =>
      CHOICES.map((c) => ({
        value: c,
        label: c,
        description: t(`cmd.effort.${c}.about`),
      })),
    async run(ctx, { args }) {
      const wanted = args[0]?.toLowerCase();
      const session = ctx.session;
      if (!wanted) {
        ctx.say(t("cmd.effort.current", { effort: session.effort ?? "default" }));
        return;
      }
      const choice = CHOICES.find((c) => c === wanted);
      if (!choice) {
        ctx.say(t("cmd.effort.unknown", { value: wanted }), "error");
        return;
      }
      const effort: Effort | undefined = choice === "default" ? undefined : choice;
      const honoured = session.setEffort(effort);
      ctx.say(t("cmd.effort.set", { effort: choice }));
      if (!honoured)
        ctx.say(t("session.effortIgnored", { model: session.model.name, effort: choice }), "error");
      const saved = await saveEffort(env, effort);
      if (!saved.saved) ctx.say(t("cmd.sessionOnly", { reason: saved.reason }), "error");
    },
  };
}
