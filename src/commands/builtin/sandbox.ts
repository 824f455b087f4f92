import type { Session } from "../../session/index.js";
import type { Command } from "../types.js";
import { t } from "../../i18n/index.js";
import { PERSON, reportWithoutArgs } from "./format.js";

/** What the sandbox state means for the person, and how to change it. */
function describe(session: Session): string {
  const { state, reason, hint } = session.sandbox;
  if (state === "on") return t("cmd.sandbox.on");
  if (state === "off") return t("cmd.sandbox.off", { reason: reason ?? "" });
  return t("cmd.sandbox.unavailable", { reason: reason ?? "", hint: hint ?? "" });
}

/**
 * `/sandbox`: whether commands run in the OS sandbox, why not, and how to leave or re-enter it;
 * `/sandbox on|off` switches for this session (on only takes effect where it is available).
 */
export const sandboxCommand: Command = {
  name: "sandbox",
  get description() {
    return t("cmd.sandbox.description");
  },
  arity: "one",
  source: "builtin",
  // Turning the sandbox off or on is the person's.
  forModel: reportWithoutArgs(PERSON),
  choices: () => [
    { value: "on", label: "on", description: t("cmd.sandbox.onChoice") },
    { value: "off", label: "off", description: t("cmd.sandbox.offChoice") },
  ],
  run(ctx, { args }) {
    const wanted = args[0];
    if (wanted !== undefined && wanted !== "on" && wanted !== "off") {
      ctx.say(t("cmd.sandbox.unknown", { value: wanted }), "error");
      return;
    }
    if (wanted) ctx.session.setSandbox(wanted === "on");
    ctx.say(describe(ctx.session));
  },
};
