import type { Session } from "../../session/index.js";
import { formatMoney, formatTokens } from "./format.js";
import { t } from "../../i18n/index.js";

/**
 * `/cost`'s lines for the ghost-text suggestions, counted apart from the conversation: one per
 * suggestion model used, each after a line break; `""` when none was asked anything.
 */
export function suggestionCostLines(session: Pick<Session, "suggestions">): string {
  const used = session.suggestions?.costs.list() ?? [];
  return used
    .map((m) => {
      const u = m.usage;
      return `\n${t("suggest.cost", {
        model: m.name,
        input: formatTokens(u.input_tokens + u.cache_read_tokens + u.cache_write_tokens),
        output: formatTokens(u.output_tokens),
        cost: m.cost === undefined ? t("cost.noPrice") : formatMoney(m.cost),
      })}`;
    })
    .join("");
}
