import { describe, expect, it } from "vitest";
import {
  assistantMsg,
  pairingProblems,
  randomHistory,
  seeded,
  toolMsg,
  userMsg,
} from "../../../test/support/history-builder.js";
import type { Message } from "../../ai/types.js";
import {
  applyClearing,
  applyCompaction,
  canClear,
  chooseCut,
  clearToolResults,
  isSummary,
  summaryMessage,
} from "../storage/compaction.js";
import { clip, renderTranscript } from "./compaction-summary.js";
import { estimateMessages, estimateTokens } from "../models/token-estimate.js";

describe("chooseCut", () => {
  it("cuts at the start of an exchange, so every call keeps its result on its side (200 cases)", () => {
    const random = seeded(7);
    for (let n = 0; n < 200; n++) {
      const history = randomHistory(random, 1 + Math.floor(random() * 8));
      const keep = {
        exchanges: Math.floor(random() * 5),
        ...(random() < 0.5 ? { maxTokens: Math.floor(random() * 3000) } : {}),
        minExchanges: random() < 0.5 ? 1 : 0,
      };
      const cut = chooseCut(history, keep);
      if (cut === undefined) continue;
      expect(cut === history.length || history[cut]!.role === "user").toBe(true);
      expect(pairingProblems(history.slice(0, cut))).toEqual([]);
      expect(pairingProblems(history.slice(cut))).toEqual([]);
      const compacted = [...history];
      applyCompaction(compacted, "summary", cut);
      expect(pairingProblems(compacted)).toEqual([]);
      expect(compacted.filter(isSummary)).toHaveLength(1);
    }
  });

  it("keeps the last N exchanges, fewer when they pass maxTokens, never fewer than the minimum", () => {
    const history = [
      userMsg("one"),
      assistantMsg("a1"),
      userMsg("two"),
      assistantMsg("", ["t1"]),
      toolMsg("t1", "z".repeat(7000)),
      assistantMsg("a2"),
      userMsg("three"),
      assistantMsg("a3"),
    ];
    expect(chooseCut(history, { exchanges: 2 })).toBe(2);
    expect(chooseCut(history, { exchanges: 2, maxTokens: 100 })).toBe(6);
    expect(chooseCut(history, { exchanges: 0 })).toBe(history.length);
    expect(chooseCut(history, { exchanges: 3, maxTokens: 10, minExchanges: 3 })).toBeUndefined();
    expect(chooseCut(history, { exchanges: 1, maxTokens: 1, minExchanges: 1 })).toBe(6);
  });

  it("never compacts a history that is only a summary (no loop)", () => {
    const summary = summaryMessage("## Goal\nship it");
    expect(chooseCut([summary], { exchanges: 0 })).toBeUndefined();
    const current = [summary, userMsg("go on"), assistantMsg("", ["t1"]), toolMsg("t1")];
    expect(chooseCut(current, { exchanges: 3, maxTokens: 1, minExchanges: 1 })).toBeUndefined();
    // Once something besides the summary is before the cut, the summary is folded in again.
    const longer = [summary, userMsg("a"), assistantMsg("b"), userMsg("c")];
    expect(chooseCut(longer, { exchanges: 1 })).toBe(3);
  });
});

describe("clearing tool results", () => {
  it("clears the oldest outputs first, keeps the newest step's, and replays identically", () => {
    const history: Message[] = [
      userMsg("go"),
      assistantMsg("", ["a", "b"]),
      toolMsg("a", "A".repeat(5000)),
      toolMsg("b", "B".repeat(5000)),
      assistantMsg("", ["c"]),
      toolMsg("c", "C".repeat(5000)),
    ];
    const original = structuredClone(history);
    expect(canClear(history)).toBe(true);
    const ids = clearToolResults(history, 1000);
    expect(ids).toEqual(["a"]);
    expect(clearToolResults(history, 100_000)).toEqual(["b"]);
    expect(canClear(history)).toBe(false);
    expect((history[5] as { content: string }).content).toBe("C".repeat(5000));
    expect(pairingProblems(history)).toEqual([]);
    const replayed = structuredClone(original);
    applyClearing(replayed, ["a", "b"]);
    expect(replayed).toEqual(history);
  });
});

describe("the summary transcript", () => {
  it("fits its budget by shortening outputs, then by leaving out the oldest messages", () => {
    const history = randomHistory(seeded(3), 40);
    const roomy = renderTranscript(history, 1_000_000);
    expect(roomy).toContain("## Person\nrequest 0");
    const tight = renderTranscript(history, 3000);
    expect(estimateTokens(tight)).toBeLessThanOrEqual(3000);
    expect(tight).toContain("request 0");
    expect(tight).toContain("answer 39");
    expect(tight).toMatch(/messages left out/);
    expect(estimateMessages(history)).toBeGreaterThan(3000);
  });

  it("shows an earlier summary as such and clips long text in the middle", () => {
    const text = renderTranscript([summaryMessage("## Goal\nold goal"), userMsg("next")], 1000);
    expect(text).toContain("## Earlier summary\n## Goal\nold goal");
    const clipped = clip("a".repeat(50) + "b".repeat(50), 20);
    expect(clipped).toMatch(/^a{14}\n\[… 80 characters left out …\]\nb{6}$/);
  });
});
