/**
 * How full the context is: the next request's size in tokens, from the last size a provider
 * reported plus estimates of what was added since, or from estimates alone before the first step.
 */
import type { Message, ToolSchema } from "../../ai/types.js";
import { isSummary } from "../storage/compaction.js";
import {
  estimateMessage,
  estimateSchemas,
  estimateTokens,
  promptTokens,
} from "../models/token-estimate.js";

/** The parts of a request besides the history, as the next one would be sent. */
export interface RequestParts {
  /** The base system prompt (instructions, environment). */
  system: string;
  /** The project card block ("" when none). */
  card: string;
  /** The project rules block ("" when none). */
  rules: string;
  schemas: readonly ToolSchema[];
}

/** The system prompt sent: the base prompt, then the rules, then the project card. */
export function joinSystem(parts: Pick<RequestParts, "system" | "card" | "rules">): string {
  return [parts.system, parts.rules, parts.card].filter(Boolean).join("\n\n");
}

/**
 * Tokens per part of the next request. Estimates, scaled so they sum to `used` when a provider
 * has reported a size. `history` is the conversation without tool results; `files` is the tool
 * results (file contents, command output); `summary` is the summary of compacted history.
 */
export interface ContextBreakdown {
  system: number;
  card: number;
  rules: number;
  tools: number;
  summary: number;
  history: number;
  files: number;
}

export interface ContextReport {
  /** Tokens the next request would take. */
  used: number;
  /** The model's context window. */
  window: number;
  /** `used` as a share of `window`, 0–100, one decimal. */
  percent: number;
  /** True when no provider-reported size is part of `used` (before the first step, after compaction). */
  estimated: boolean;
  breakdown: ContextBreakdown;
}

export const percentOf = (used: number, window: number) =>
  window > 0 ? Math.round((used / window) * 1000) / 10 : 0;

/**
 * Measures the next request. The last assistant message at or after `reportedFrom` whose usage
 * has a prompt size anchors the count: that request held everything before it, so `used` is its
 * prompt + its output + estimates of the messages since. Messages before `reportedFrom` carry
 * sizes that no longer hold (the history was compacted after them).
 */
export function measureContext(
  parts: RequestParts,
  history: readonly Message[],
  window: number,
  reportedFrom = 0,
): ContextReport {
  const breakdown: ContextBreakdown = {
    system: estimateTokens(parts.system),
    card: estimateTokens(parts.card),
    rules: estimateTokens(parts.rules),
    tools: estimateSchemas(parts.schemas),
    summary: 0,
    history: 0,
    files: 0,
  };
  for (const message of history) {
    const tokens = estimateMessage(message);
    if (isSummary(message)) breakdown.summary += tokens;
    else if (message.role === "tool") breakdown.files += tokens;
    else breakdown.history += tokens;
  }
  const estimate = Object.values(breakdown).reduce((a, b) => a + b, 0);
  let anchor = -1;
  for (let i = history.length - 1; i >= reportedFrom && anchor === -1; i--) {
    const m = history[i]!;
    if (m.role === "assistant" && promptTokens(m.usage) > 0) anchor = i;
  }
  if (anchor === -1) {
    return {
      used: estimate,
      window,
      percent: percentOf(estimate, window),
      estimated: true,
      breakdown,
    };
  }
  const reported = history[anchor] as Extract<Message, { role: "assistant" }>;
  let used = promptTokens(reported.usage) + reported.usage.output_tokens;
  for (const message of history.slice(anchor + 1)) used += estimateMessage(message);
  return {
    used,
    window,
    percent: percentOf(used, window),
    estimated: false,
    breakdown: scale(breakdown, estimate, used),
  };
}

/** Scales every part by `used / estimate`; rounding is settled on `history`. */
function scale(parts: ContextBreakdown, estimate: number, used: number): ContextBreakdown {
  if (estimate === 0) return { ...parts, history: used };
  const factor = used / estimate;
  const out = { ...parts };
  let sum = 0;
  for (const key of Object.keys(out) as (keyof ContextBreakdown)[]) {
    out[key] = Math.round(parts[key] * factor);
    sum += out[key];
  }
  out.history = Math.max(0, out.history + used - sum);
  return out;
}
