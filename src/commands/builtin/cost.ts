import type { Command } from "../types.js";
import { REPORT } from "./format.js";
import { formatMoney, formatTokens, table } from "./format.js";
import { suggestionCostLines } from "./suggestion-cost.js";
import { t } from "../../i18n/index.js";

/** `/cost`: tokens and money of this session's requests, by model, at the catalog's prices. */
export const costCommand: Command = {
  name: "cost",
  get description() {
    return t("cmd.cost.description");
  },
  arity: "none",
  source: "builtin",
  forModel: REPORT,
  run(ctx) {
    const models = ctx.session.costs.list();
    // Ghost-text suggestions, counted apart: a line of their own under the conversation's.
    const suggested = suggestionCostLines(ctx.session);
    if (models.length === 0) {
      ctx.say(t("cmd.cost.none") + suggested);
      return;
    }
    const rows = [
      [
        t("cost.model"),
        t("cost.input"),
        t("cost.output"),
        t("cost.cacheRead"),
        t("cost.cacheWrite"),
        t("cost.cost"),
      ],
    ];
    for (const m of models) {
      const u = m.usage;
      rows.push([
        m.name,
        formatTokens(u.input_tokens),
        formatTokens(u.output_tokens),
        formatTokens(u.cache_read_tokens),
        formatTokens(u.cache_write_tokens),
        m.cost === undefined ? t("cost.noPrice") : formatMoney(m.cost),
      ]);
    }
    const total = ctx.session.costs.total();
    const foot = total === undefined ? "" : `\n${t("cost.total", { total: formatMoney(total) })}`;
    ctx.say(`${table(rows)}${foot}${suggested}`);
  },
};
