import { type ToolRenderer, clip, count, num, str } from "./types.js";
import { formatTokens } from "../components/status-line.js";
import { t } from "../../../i18n/index.js";

/**
 * `task`: "explore · find the retry policy" while the sub-agent works; once done
 * "4 tool calls · 3 steps · 12.3k tokens" (from the result's details; a resumed conversation,
 * which has no details, shows the line alone).
 */
export const taskLine: ToolRenderer = {
  title: (args) =>
    `${str(args.agent) ?? t("tool.subagent")} · ${clip(str(args.description) ?? t("tool.aTask"), 60)}`,
  summary(details) {
    const steps = num(details.steps);
    if (steps === undefined) return undefined;
    const usage = (details.usage ?? {}) as Record<string, unknown>;
    const tokens = ["input_tokens", "output_tokens", "cache_read_tokens", "cache_write_tokens"]
      .map((k) => num(usage[k]) ?? 0)
      .reduce((a, b) => a + b, 0);
    const parts = [
      count(num(details.toolCalls) ?? 0, "toolCall"),
      count(steps, "step"),
      t("status.tokens", { count: formatTokens(tokens) }),
    ];
    if (details.stopReason === "aborted") parts.push(t("tool.cancelled"));
    if (details.stopReason === "max_steps") parts.push(t("tool.stepCap"));
    return parts.join(" · ");
  },
};
