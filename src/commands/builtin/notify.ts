import { t } from "../../i18n/index.js";
import { saveNotifyEnabled } from "../../session/index.js";
import type { Command } from "../types.js";
import { PERSON, reportWithoutArgs } from "./format.js";

/**
 * `/notify [on|off]`: whether North notifies (the bell and OSC 9/777, or `notify.command`)
 * after long turns and reviews waiting unseen; `on`/`off` switches at once and saves
 * `notify.enabled` in the global config. The interface's only: headless runs never notify.
 */
export function notifyCommand(env: Record<string, string | undefined>): Command {
  return {
    name: "notify",
    get description() {
      return t("cmd.notify.description");
    },
    arity: "one",
    source: "builtin",
    // Whether the person is pinged is theirs to decide.
    forModel: reportWithoutArgs(PERSON),
    choices: () => [
      { value: "on", label: "on", description: t("cmd.notify.onChoice") },
      { value: "off", label: "off", description: t("cmd.notify.offChoice") },
    ],
    async run(ctx, { args }) {
      const wanted = args[0]?.toLowerCase();
      if (wanted !== undefined && wanted !== "on" && wanted !== "off") {
        ctx.say(t("cmd.notify.unknown", { value: wanted }), "error");
        return;
      }
      if (!ctx.notify) {
        ctx.say(t("cmd.notify.none"));
        return;
      }
      if (wanted) {
        ctx.notify.setEnabled(wanted === "on");
        const saved = await saveNotifyEnabled(env, wanted === "on");
        if (!saved.saved) ctx.say(t("cmd.sessionOnly", { reason: saved.reason }), "error");
      }
      ctx.say(t(ctx.notify.enabled ? "cmd.notify.isOn" : "cmd.notify.isOff"));
    },
  };
}
