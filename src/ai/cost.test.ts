import { describe, expect, it } from "vitest";
import { CATALOG, findModel } from "./catalog.js";
import { costOf, roundCost } from "./cost.js";

const usage = (input: number, output: number, cacheRead = 0, cacheWrite = 0) => ({
  input_tokens: input,
  output_tokens: output,
  cache_read_tokens: cacheRead,
  cache_write_tokens: cacheWrite,
});

describe("the catalog", () => {
  it("prices every model, with cache prices", () => {
    for (const model of CATALOG) {
      expect(model.price, model.id).toBeDefined();
      expect(model.price!.cacheRead, model.id).toBeLessThan(model.price!.input);
      expect(model.price!.output, model.id).toBeGreaterThan(model.price!.input);
    }
  });

  it("has unique ids and aliases", () => {
    const names = CATALOG.flatMap((m) => [m.id, ...(m.alias ? [m.alias] : [])]);
    expect(new Set(names).size).toBe(names.length);
  });
});

describe("costOf", () => {
  it("charges each kind of token at its own price", () => {
    const sonnet = findModel("sonnet")!;
    // 1M input at $2, 100K output at $10, 2M cache reads at $0.10, 100K writes at $2.50.
    const cost = costOf(usage(1_000_000, 100_000, 2_000_000, 100_000), sonnet)!;
    expect(cost).toBeCloseTo(2 + 1 + 0.2 + 0.25, 10);
  });

  it("charges cache tokens at the input price when the model lists no cache price", () => {
    const model = { price: { input: 1, output: 2 } };
    expect(costOf(usage(0, 0, 500_000, 500_000), model)).toBeCloseTo(1, 10);
  });

  it("is undefined for a model without a price", () => {
    expect(costOf(usage(10, 10), {})).toBeUndefined();
  });

  it("rounds to a millionth of a dollar", () => {
    expect(roundCost(0.0000004)).toBe(0);
    expect(roundCost(0.1234567)).toBe(0.123457);
  });
});
