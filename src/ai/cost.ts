import type { ModelInfo } from "./catalog.js";
import type { Usage } from "./types.js";

/**
 * What `usage` cost in US dollars at the model's price, or `undefined` when the model has no
 * price. `input_tokens` excludes cache reads and writes, as every adapter reports it; a cache
 * price the model does not list is charged at its input price.
 */
export function costOf(usage: Usage, model: Pick<ModelInfo, "price">): number | undefined {
  const price = model.price;
  if (!price) return undefined;
  const perToken =
    usage.input_tokens * price.input +
    usage.output_tokens * price.output +
    usage.cache_read_tokens * (price.cacheRead ?? price.input) +
    usage.cache_write_tokens * (price.cacheWrite ?? price.input);
  return perToken / 1_000_000;
}

/** A cost rounded for display and JSON: to a millionth of a dollar, never `-0`. */
export function roundCost(usd: number): number {
  return Math.round(usd * 1_000_000) / 1_000_000 || 0;
}
