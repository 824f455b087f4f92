import { describe, expect, it } from "vitest";
import type { Session } from "../../session/index.js";
import { suggestionCostLines } from "./suggestion-cost.js";

const usage = (input: number, output: number) => ({
  input_tokens: input,
  output_tokens: output,
  cache_read_tokens: 0,
  cache_write_tokens: 0,
});

const withSuggestions = (list: ReturnType<Session["costs"]["list"]>) =>
  ({
    suggestions: { costs: { list: () => list, total: () => undefined } },
  }) as unknown as Pick<Session, "suggestions">;

describe("/cost's suggestion line", () => {
  it("shows the suggestion model's tokens and money on a line of its own", () => {
    const line = suggestionCostLines(
      withSuggestions([{ model: "t", name: "Tiny 1", usage: usage(1500, 40), cost: 0.0016 }]),
    );
    expect(line).toBe("\nSuggestions (Tiny 1): 1.5k input, 40 output tokens, $0.0016");
  });

  it("says when the model has no price, and nothing without suggestions or requests", () => {
    const line = suggestionCostLines(
      withSuggestions([{ model: "t", name: "Local", usage: usage(10, 2), cost: undefined }]),
    );
    expect(line).toBe("\nSuggestions (Local): 10 input, 2 output tokens, no price");
    expect(suggestionCostLines(withSuggestions([]))).toBe("");
    expect(suggestionCostLines({ suggestions: undefined })).toBe("");
  });
});
