import { describe, expect, it } from "vitest";
import { assistantMsg, toolMsg, userMsg } from "../../../test/support/history-builder.js";
import { summaryMessage } from "../storage/compaction.js";
import { joinSystem, measureContext, type RequestParts } from "./context-usage.js";
import {
  estimateMessage,
  estimateSchemas,
  estimateTokens,
  promptTokens,
} from "../models/token-estimate.js";

const parts: RequestParts = {
  system: "s".repeat(350),
  card: "c".repeat(35),
  rules: "r".repeat(70),
  schemas: [{ name: "read_file", description: "Reads.", parameters: { type: "object" } }],
};

describe("token estimates", () => {
  it("counts 3.5 characters a token plus 10 %, rounding up", () => {
    expect(estimateTokens("")).toBe(0);
    expect(estimateTokens("x".repeat(35))).toBe(11);
    expect(estimateTokens("x".repeat(3500))).toBe(1100);
    expect(estimateTokens("x")).toBe(1);
  });

  it("counts what a message sends: text, call names and arguments, results", () => {
    const call = assistantMsg("Looking.", ["t1"]);
    const chars = "Looking.".length + "read_file".length + 2 + '{"path":"a.ts"}'.length;
    expect(estimateMessage(call)).toBe(Math.ceil((chars / 3.5) * 1.1) + 4);
    expect(estimateMessage(toolMsg("t1", "x".repeat(698)))).toBe(224);
    expect(estimateSchemas([])).toBe(0);
  });

  it("counts tool schemas as the length of their JSON", () => {
    const a = { name: "a", description: "Reads ü", parameters: { type: "object" } };
    const b = { name: "bb", description: "", parameters: { type: "object", properties: {} } };
    for (const schemas of [[a], [a, b], [b, a, b]]) {
      expect(estimateSchemas(schemas)).toBe(estimateTokens(JSON.stringify(schemas)));
    }
  });

  it("takes a step's prompt size as input + cache read + cache write", () => {
    const usage = {
      input_tokens: 5,
      output_tokens: 7,
      cache_read_tokens: 100,
      cache_write_tokens: 20,
    };
    expect(promptTokens(usage)).toBe(125);
  });
});

describe("measureContext", () => {
  it("estimates every part before the first step", () => {
    const history = [userMsg("hello")];
    const report = measureContext(parts, history, 1000);
    expect(report.estimated).toBe(true);
    expect(report.breakdown).toEqual({
      system: 110,
      card: 11,
      rules: 22,
      tools: estimateSchemas(parts.schemas),
      summary: 0,
      history: estimateMessage(history[0]!),
      files: 0,
    });
    const sum = Object.values(report.breakdown).reduce((a, b) => a + b, 0);
    expect(report.used).toBe(sum);
    expect(report.percent).toBe(Math.round((sum * 1000) / 1000) / 10);
  });

  it("anchors on the last reported size and estimates only what came after it", () => {
    const result = toolMsg("t1", "x".repeat(3500));
    const history = [
      summaryMessage("## Goal\ngo"),
      userMsg("read a.ts"),
      assistantMsg("", ["t1"], { input_tokens: 10, cache_read_tokens: 900, output_tokens: 40 }),
      result,
    ];
    const report = measureContext(parts, history, 10_000);
    expect(report.estimated).toBe(false);
    expect(report.used).toBe(950 + estimateMessage(result));
    expect(report.percent).toBe(Math.round(((950 + estimateMessage(result)) / 10_000) * 1000) / 10);
    const sum = Object.values(report.breakdown).reduce((a, b) => a + b, 0);
    expect(sum).toBe(report.used);
    expect(report.breakdown.summary).toBeGreaterThan(0);
    expect(report.breakdown.files).toBeGreaterThan(report.breakdown.history);
  });

  it("ignores sizes reported before a rewrite", () => {
    const history = [
      userMsg("q"),
      assistantMsg("a", [], { input_tokens: 50_000, output_tokens: 10 }),
      userMsg("next"),
    ];
    expect(measureContext(parts, history, 100_000).used).toBeGreaterThan(50_000);
    const after = measureContext(parts, history, 100_000, 2);
    expect(after.estimated).toBe(true);
    expect(after.used).toBeLessThan(1000);
  });

  it("puts the system prompt first, then the rules, then the card", () => {
    expect(joinSystem({ system: "S", rules: "R", card: "C" })).toBe("S\n\nR\n\nC");
    expect(joinSystem({ system: "S", rules: "", card: "" })).toBe("S");
  });
});
