import type { Effort, ModelInfo } from "../../ai/index.js";

/** Thinking budgets for Anthropic models without the effort field (`reasoning: "budget"`). */
const BUDGETS: Record<Effort, number> = { low: 4_096, medium: 16_000, high: 32_000 };

/** The least budget the Messages API accepts. */
const MIN_BUDGET = 1_024;

/**
 * What a request carries for `effort` on `model`: the effort itself (the provider's effort
 * field), a thinking budget (below the model's output limit), `{}` when no effort is set, or
 * `undefined` when the model has no control for it (the caller says so once, sends nothing).
 */
export function reasoningFor(
  model: Pick<ModelInfo, "reasoning" | "maxOutput">,
  effort: Effort | undefined,
): { reasoning?: Effort; thinkingBudget?: number } | undefined {
  if (!effort) return {};
  if (model.reasoning === "effort") return { reasoning: effort };
  if (model.reasoning !== "budget") return undefined;
  const budget = Math.min(BUDGETS[effort], model.maxOutput - 1);
  return budget >= MIN_BUDGET ? { thinkingBudget: budget } : undefined;
}
