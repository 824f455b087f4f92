import type { AllowRule, Mode, Session } from "../../session/index.js";
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

/** One standing permission as `/permissions` numbers it, with how to take it back. */
interface Standing {
  words: string;
  revoke(): Promise<boolean>;
}

/**
 * Every standing permission of this repository in the order `/permissions` numbers them:
 * auto-accepted edits, then MCP tools, then command rules, then web domains. A command rule is revoked by its
 * rule (looked up again when revoked), so revoking several at once never shifts the others.
 */
function standing(permissions: Session["permissions"]): Standing[] {
  const { edits, commands, mcpTools, webDomains } = permissions.list();
  return [
    ...(edits
      ? [{ words: t("cmd.permissions.itemEdits"), revoke: () => permissions.revokeEdits() }]
      : []),
    ...mcpTools.map(({ server, tool }) => ({
      words: t("cmd.permissions.itemMcp", { server, tool }),
      revoke: () => permissions.revokeMcpTool(server, tool),
    })),
    ...commands.map((rule) => ({
      words: ruleWords(rule),
      revoke: async () => {
        const now = permissions.list().commands;
        const index = now.findIndex((r) => JSON.stringify(r) === JSON.stringify(rule));
        return index === -1 ? true : permissions.revokeRule(index);
      },
    })),
    ...webDomains.map((domain) => ({
      words: t("cmd.permissions.itemWeb", { domain }),
      revoke: () => permissions.revokeWebDomain(domain),
    })),
  ];
}

/**
 * `/permissions`: every standing permission of this repository (edits auto-accepted, MCP tools,
 * command rules, web domains), numbered in one list; `/permissions revoke N` takes back line N whatever its
 * kind, `revoke edits|mcp|all` a kind or all at once.
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
    const all = standing(permissions);
    if (verb === undefined) {
      const { edits } = permissions.list();
      const lines = [...withoutAsking(ctx.mode(), ctx.session.sandbox?.state === "on")];
      if (!edits) lines.push(t("cmd.permissions.editsReviewed"));
      if (all.length === 0) lines.push(t("cmd.permissions.none"));
      else {
        lines.push(t("cmd.permissions.list", { count: String(all.length) }));
        all.forEach((item, i) => lines.push(`  ${i + 1}. ${item.words}`));
        lines.push(t("cmd.permissions.howRevoke"));
      }
      ctx.say(lines.join("\n"));
      return;
    }
    if (verb !== "revoke" || what === undefined || args.length > 2) {
      ctx.say(t("cmd.permissions.usage"), "error");
      return;
    }
    const { edits, mcpTools } = permissions.list();
    let chosen: Standing[];
    if (what === "all") chosen = all;
    else if (what === "edits") chosen = edits ? all.slice(0, 1) : [];
    else if (what === "mcp") chosen = all.slice(edits ? 1 : 0, (edits ? 1 : 0) + mcpTools.length);
    else {
      const n = Number(what);
      if (!Number.isInteger(n) || n < 1 || n > all.length) {
        const key = all.length === 0 ? "cmd.permissions.nothing" : "cmd.permissions.noSuchRule";
        ctx.say(t(key, { what, count: String(all.length) }), "error");
        return;
      }
      chosen = [all[n - 1]!];
    }
    if (chosen.length === 0) {
      ctx.say(t("cmd.permissions.nothing"));
      return;
    }
    const saved: boolean[] = [];
    for (const item of chosen) saved.push(await item.revoke());
    const note = saved.every(Boolean) ? "" : ` ${t("cmd.permissions.notSaved")}`;
    const done = chosen.map((item) => `  ${item.words}`).join("\n");
    ctx.say(`${t("cmd.permissions.revoked")}\n${done}${note}`);
  },
};
