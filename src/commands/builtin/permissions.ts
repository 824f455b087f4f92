import type { AllowRule, Mode } from "../../session/index.js";
import type { Command } from "../types.js";
import { t } from "../../i18n/index.js";
import { PERSON, reportWithoutArgs } from "./format.js";

const ruleWords = (rule: AllowRule) =>
  "prefix" in rule
    ? t("cmd.permissions.prefix", { prefix: rule.prefix })
    : t("cmd.permissions.exact", { command: rule.exact });

/**
 * Which commands run without a question in `mode` (see `createPolicy`): with the sandbox, every
 * sandboxed one but those that would discard uncommitted work (read-only in ask mode and in plan
 * mode before a plan is accepted); without it, only the standing rules listed after.
 */
function withoutAsking(mode: Mode, sandboxed: boolean): string[] {
  if (!sandboxed) return [t("cmd.permissions.runsAsked")];
  if (mode === "agent") return [t("cmd.permissions.runsSandboxed")];
  const readOnly = t("cmd.permissions.runsReadOnly", { mode });
  return mode === "plan"
    ? [readOnly, `${t("cmd.permissions.planThen")} ${t("cmd.permissions.runsSandboxed")}`]
    : [readOnly];
}

/**
 * `/permissions`: every standing permission of this repository (edits auto-accepted, command
 * rules), numbered; `/permissions revoke N|edits|all` takes one or all back at once.
 */
export const permissionsCommand: Command = {
  name: "permissions",
  get description() {
    return t("cmd.permissions.description");
  },
  arity: "rest",
  source: "builtin",
  // Changing standing permissions is the person's, whichever way.
  forModel: reportWithoutArgs(PERSON),
  async run(ctx, { args }) {
    const permissions = ctx.session.permissions;
    const [verb, what] = args;
    if (verb === undefined) {
      const { edits, commands, mcpTools } = permissions.list();
      const lines = [
        ...withoutAsking(ctx.mode(), ctx.session.sandbox?.state === "on"),
        edits ? t("cmd.permissions.edits") : t("cmd.permissions.editsReviewed"),
      ];
      if (mcpTools.length > 0) {
        const names = mcpTools.map((k) => `${k.server}/${k.tool}`).join(", ");
        lines.push(t("cmd.permissions.mcpTools", { tools: names }));
      }
      lines.push(
        commands.length === 0
          ? t("cmd.permissions.noRules")
          : t("cmd.permissions.rules", { count: String(commands.length) }),
      );
      commands.forEach((rule, i) => lines.push(`  ${i + 1}. ${ruleWords(rule)}`));
      if (edits || commands.length > 0 || mcpTools.length > 0) {
        lines.push(t("cmd.permissions.howRevoke"));
      }
      ctx.say(lines.join("\n"));
      return;
    }
    if (verb !== "revoke" || what === undefined || args.length > 2) {
      ctx.say(t("cmd.permissions.usage"), "error");
      return;
    }
    const { edits, commands, mcpTools } = permissions.list();
    const saved: boolean[] = [];
    const done: string[] = [];
    if ((what === "mcp" || what === "all") && mcpTools.length > 0) {
      saved.push(await permissions.revokeMcpTools());
      done.push(...mcpTools.map((k) => `${k.server}/${k.tool}`));
    }
    if ((what === "edits" || what === "all") && edits) {
      saved.push(await permissions.revokeEdits());
      done.push(t("cmd.permissions.revokedEdits"));
    }
    if (what === "all") {
      for (let i = commands.length - 1; i >= 0; i--) saved.push(await permissions.revokeRule(i));
      for (const rule of commands) done.push(ruleWords(rule));
    } else if (what !== "edits" && what !== "mcp") {
      const n = Number(what);
      if (!Number.isInteger(n) || n < 1 || n > commands.length) {
        ctx.say(t("cmd.permissions.noSuchRule", { what, count: String(commands.length) }), "error");
        return;
      }
      saved.push(await permissions.revokeRule(n - 1));
      done.push(ruleWords(commands[n - 1]!));
    }
    if (done.length === 0) {
      ctx.say(t("cmd.permissions.nothing"));
      return;
    }
    const note = saved.every(Boolean) ? "" : ` ${t("cmd.permissions.notSaved")}`;
    ctx.say(`${t("cmd.permissions.revoked")}\n${done.map((d) => `  ${d}`).join("\n")}${note}`);
  },
};
