import type { Command } from "../types.js";
import { formatTokens, table } from "./format.js";
import { t } from "../../i18n/index.js";

const PARTS = [
  ["system", "System prompt"],
  ["rules", "Project rules"],
  ["card", "Project card"],
  ["tools", "Tool definitions"],
  ["summary", "Summary"],
  ["history", "Conversation"],
  ["files", "Tool results and files"],
] as const;

/** `/context`: what fills the context window, part by part, in tokens. */
export const contextCommand: Command = {
  name: "context",
  get description() {
    return t("cmd.context.description");
  },
  arity: "none",
  source: "builtin",
  effect: "report",
  run(ctx) {
    const report = ctx.session.context();
    const rows = PARTS.map(([key, label]) => [label, formatTokens(report.breakdown[key])]);
    const about = report.estimated ? " (estimated)" : "";
    const head = `Context: ${formatTokens(report.used)} of ${formatTokens(report.window)} tokens (${report.percent}%)${about}`;
    ctx.say(`${head}\n${table(rows)}`);
  },
};
