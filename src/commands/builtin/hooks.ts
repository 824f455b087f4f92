import type { HookView } from "../../session/index.js";
import type { Command } from "../types.js";
import { t } from "../../i18n/index.js";
import { PERSON, reportWithoutArgs } from "./format.js";

/** One hook as lines of `/hooks`: event, matcher, where it comes from, timeout; the command. */
function line(hook: HookView): string {
  const matcher = hook.matcher === "" ? "" : ` [${hook.matcher}]`;
  const origin = hook.origin === "global" ? t("cmd.hooks.global") : ".north/hooks.json";
  const state = hook.active ? "" : `, ${t("cmd.hooks.notApproved")}`;
  const timeout = t("cmd.hooks.timeout", { seconds: String(hook.timeoutMs / 1000) });
  return `  ${hook.event}${matcher} — ${origin}${state}, ${timeout}\n    ${hook.command}`;
}

/**
 * `/hooks`: the hooks in force and proposed, each with its event, matcher, origin and timeout,
 * and the repository's `.north/hooks.json` shown whole while it is not approved;
 * `/hooks approve` approves that exact content for this repository (its hooks then run, in the
 * sandbox; any change asks again).
 */
export const hooksCommand: Command = {
  name: "hooks",
  get description() {
    return t("cmd.hooks.description");
  },
  arity: "rest",
  source: "builtin",
  // Approving runs the repository's programs: the person's alone.
  forModel: reportWithoutArgs(PERSON),
  choices: (ctx) => {
    const proposal = ctx.session.hooks?.proposal();
    return [
      { value: "", label: "list", description: t("cmd.hooks.listChoice") },
      ...(proposal && !proposal.approved
        ? [{ value: "approve", label: "approve", description: t("cmd.hooks.approveChoice") }]
        : []),
    ];
  },
  async run(ctx, { args }) {
    const words = args.join(" ").trim().split(/\s+/).filter(Boolean);
    const hooks = ctx.session.hooks;
    if (words.length > 1 || (words[0] !== undefined && words[0] !== "approve")) {
      ctx.say(t("cmd.hooks.usage"), "error");
      return;
    }
    const proposal = hooks?.proposal();
    if (words[0] === "approve") {
      const file = ".north/hooks.json";
      if (!hooks || !proposal) ctx.say(t("cmd.hooks.nothingToApprove", { file }), "error");
      else if (proposal.approved) ctx.say(t("cmd.hooks.alreadyApproved", { file }));
      else {
        // What is approved is shown whole again: a headless approval shows what it approved.
        const saved = await hooks.approve(proposal.text);
        const said = t(saved ? "cmd.hooks.approved" : "cmd.hooks.approvedUnsaved", { file });
        ctx.say(`${said}\n${proposal.text.trimEnd()}`);
      }
      return;
    }
    const listed = hooks?.list() ?? [];
    const parts = [
      listed.length === 0
        ? t(hooks ? "cmd.hooks.none" : "cmd.hooks.noneOrOff")
        : `${t("cmd.hooks.heading")}\n${listed.map(line).join("\n")}`,
    ];
    if (proposal && !proposal.approved) {
      parts.push(`${t("cmd.hooks.proposal", { file: proposal.file })}\n${proposal.text.trimEnd()}`);
    }
    ctx.say(parts.join("\n\n"));
  },
};
