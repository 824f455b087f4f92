import type { Command } from "../types.js";
import { REPORT } from "./format.js";
import { formatTokens, table } from "./format.js";
import { t } from "../../i18n/index.js";

const PARTS = [
  ["system", "context.system"],
  ["rules", "context.rules"],
  ["card", "context.card"],
  ["tools", "context.tools"],
  ["summary", "context.summary"],
  ["history", "context.history"],
  ["files", "context.files"],
] as const;

/** `/context`: what fills the context window, part by part, in tokens. */
export const contextCommand: Command = {
  name: "context",
  get description() {
    return t("cmd.context.description");
  },
  arity: "none",
  source: "builtin",
  forModel: REPORT,
  run(ctx) {
    const report = ctx.session.context();
    const rows = PARTS.map(([key, label]) => [t(label), formatTokens(report.breakdown[key])]);
    const about = report.estimated ? t("context.estimated") : "";
    const head = `${t("context.head", {
      used: formatTokens(report.used),
      window: formatTokens(report.window),
      percent: report.percent,
    })}${about}`;
    ctx.say(`${head}\n${table(rows)}`);
  },
};
