import { type ToolRenderer, clip, count, num, str } from "./types.js";
import { formatTokens } from "../components/status-line.js";

/**
 * `task`: "explore · find the retry policy" while the sub-agent works; once done
 * "4 tool calls · 3 steps · 12.3k tokens" (from the result's details; a resumed conversation,
 * which has no details, shows the line alone).
 */
export const taskLine: ToolRenderer = {
  title: (args) =>
    `${str(args.agent) ?? "sub-agent"} · ${clip(str(args.description) ?? "a task", 60)}`,
  summary(details) {
    const steps = num(details.steps);
    if (steps === undefined) return undefined;
    const usage = (details.usage ?? {}) as Record<string, unknown>;
    const tokens = ["input_tokens", "output_tokens", "cache_read_tokens", "cache_write_tokens"]
      .map((k) => num(usage[k]) ?? 0)
      .reduce((a, b) => a + b, 0);
    const parts = [
      count(num(details.toolCalls) ?? 0, "tool call"),
      count(steps, "step"),
      `${formatTokens(tokens)} tokens`,
    ];
    if (details.stopReason === "aborted") parts.push("cancelled");
    if (details.stopReason === "max_steps") parts.push("stopped at the step cap");
    return parts.join(" · ");
  },
};
