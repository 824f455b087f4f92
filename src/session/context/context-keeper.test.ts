import { describe, expect, it } from "vitest";
import {
  assistantMsg,
  pairingProblems,
  toolMsg,
  userMsg,
} from "../../../test/support/history-builder.js";
import {
  scriptedProvider,
  text,
  type ScriptedStep,
} from "../../../test/support/scripted-provider.js";
import type { AgentEvent } from "../../agent/events.js";
import { runTurn } from "../../agent/loop.js";
import type { Message, ModelInfo } from "../../ai/index.js";
import { emptyUsage } from "../../ai/index.js";
import { isSummary, summaryMessage } from "../storage/compaction.js";
import { ContextKeeper } from "./context-keeper.js";
import type { RequestParts } from "./context-usage.js";
import type { RewriteEntry } from "../storage/storage.js";

const parts: RequestParts = { system: "You are North.", card: "", rules: "", schemas: [] };
const model: ModelInfo = {
  id: "m",
  name: "Test Model",
  provider: "scripted",
  protocol: "anthropic-messages",
  contextWindow: 1000,
  maxOutput: 500,
  supportsTools: true,
};
const SUMMARY = "## Goal\nFinish the parser.";

function setup(history: Message[], steps: ScriptedStep[]) {
  const provider = scriptedProvider(steps);
  const records: RewriteEntry[] = [];
  const events: AgentEvent[] = [];
  let flushes = 0;
  const keeper = new ContextKeeper({
    history,
    model: () => model,
    provider: () => provider,
    parts: () => parts,
    threshold: 0.85,
    flush: () => void flushes++,
    record: (entry) => void records.push(entry),
  });
  const emit = (event: AgentEvent) => void events.push(event);
  return { keeper, provider, records, events, emit, flushes: () => flushes };
}

/** Four exchanges, each reading a 700-character file: about 1,100 tokens in all. */
const longHistory = (): Message[] =>
  [1, 2, 3, 4].flatMap((n) => [
    userMsg(`question ${n}`),
    assistantMsg("", [`t${n}`]),
    toolMsg(`t${n}`, "x".repeat(700)),
    assistantMsg(`answer ${n}`),
  ]);

const signal = () => new AbortController().signal;

describe("automatic compaction", () => {
  it("does nothing while the next request stays under the threshold", async () => {
    const history = [userMsg("hi")];
    const { keeper, provider, events, emit } = setup(history, []);
    expect(await keeper.beforeStep(parts, emit, signal())).toBeUndefined();
    expect(provider.requests).toHaveLength(0);
    expect(events).toEqual([]);
  });

  it("summarises older exchanges with no tools, records it, and says how much it saved", async () => {
    const history = longHistory();
    const { keeper, provider, records, events, emit, flushes } = setup(history, [
      { parts: [text(SUMMARY)] },
    ]);
    const before = keeper.context(parts).used;
    expect(before).toBeGreaterThan(850);
    expect(await keeper.beforeStep(parts, emit, signal())).toBeUndefined();

    const request = provider.requests[0]!;
    expect(request.tools).toEqual([]);
    expect(request.system).toContain("## Open tasks");
    expect(request.messages).toHaveLength(1);
    expect(request.messages[0]!.content).toContain("question 1");
    expect(history[0]).toEqual(summaryMessage(SUMMARY));
    expect(history.slice(1).filter(isSummary)).toEqual([]);
    expect(history[1]).toEqual(userMsg("question 4"));
    expect(pairingProblems(history)).toEqual([]);
    expect(records).toEqual([{ type: "compaction", summary: SUMMARY, replaced: 12 }]);
    expect(flushes()).toBe(1);
    expect(events.map((e) => e.type)).toEqual(["compaction_start", "compaction_end", "context"]);
    expect(events[1]).toMatchObject({
      ok: true,
      reason: "auto",
      tokens_before: before,
      replaced_messages: 12,
      summary: SUMMARY,
    });
    const end = events[1] as Extract<AgentEvent, { type: "compaction_end"; ok: true }>;
    expect(end.tokens_after).toBeLessThan(before / 2);
    expect(keeper.context(parts).used).toBe(end.tokens_after);
  });

  it("never summarises a history that is only a summary and the exchange in progress", async () => {
    const history = [
      summaryMessage(SUMMARY),
      userMsg("go on"),
      assistantMsg("", ["big"]),
      toolMsg("big", "y".repeat(4000)),
    ];
    const { keeper, provider, events, emit } = setup(history, []);
    const error = await keeper.beforeStep(parts, emit, signal());
    expect(provider.requests).toHaveLength(0);
    expect(events).toEqual([]);
    expect(error).toMatchObject({ kind: "context_overflow" });
    expect(error?.message).toMatch(/nothing is left to compact.*\/compact.*\/new/s);
  });

  it("clears old tool results of a long turn when no earlier exchange is left to summarise", async () => {
    const history = [
      summaryMessage(SUMMARY),
      userMsg("go on"),
      assistantMsg("", ["a"]),
      toolMsg("a", "a".repeat(2000)),
      assistantMsg("", ["b"]),
      toolMsg("b", "b".repeat(600)),
    ];
    const { keeper, provider, records, events, emit } = setup(history, []);
    expect(await keeper.beforeStep(parts, emit, signal())).toBeUndefined();
    expect(provider.requests).toHaveLength(0);
    expect(records).toEqual([{ type: "cleared", ids: ["a"] }]);
    expect(events[1]).toMatchObject({ ok: true, replaced_messages: 0, cleared_results: 1 });
    expect(pairingProblems(history)).toEqual([]);
  });

  it("ends the turn without sending when the summary fails, and says how to go on", async () => {
    const history = longHistory();
    const before = structuredClone(history);
    const overloaded = { kind: "overloaded" as const, message: "Overloaded", retryable: true };
    const { keeper, provider, records } = setup(history, [{ error: overloaded }]);
    const events: AgentEvent[] = [];
    const emit = (e: AgentEvent) => void events.push(e);
    const turn = await runTurn(
      history,
      "and now?",
      {
        provider,
        model: "m",
        maxOutputTokens: 100,
        system: parts.system,
        tools: [],
        schemas: [],
        maxSteps: 5,
        authorize: async () => ({ allow: true }),
        beforeStep: (_history, stepSignal) => keeper.beforeStep(parts, emit, stepSignal),
      },
      signal(),
      emit,
    );
    expect(turn.stopReason).toBe("error");
    expect(turn.error?.kind).toBe("context_overflow");
    expect(turn.error?.message).toMatch(/Overloaded.*Nothing was sent.*\/compact.*\/new/s);
    // Only the summary request went out; the step itself was never sent.
    expect(provider.requests.map((r) => r.tools.length)).toEqual([0]);
    expect(history).toEqual([...before, userMsg("and now?")]);
    expect(records).toEqual([]);
    expect(events.map((e) => e.type)).toEqual([
      "turn_start",
      "compaction_start",
      "compaction_end",
      "error",
      "turn_end",
    ]);
    expect(events[2]).toMatchObject({ ok: false, error: overloaded });
  });
});

describe("compacting on request", () => {
  it("keeps the last N exchanges, then finds nothing more to compact", async () => {
    const history = longHistory();
    const { keeper, events } = setup(history, [{ parts: [text(SUMMARY)] }]);
    const result = await keeper.compact({
      keepLast: 2,
      focus: "the parser",
      onEvent: (e) => events.push(e),
    });
    expect(result).toMatchObject({ ok: true, replaced: 8 });
    expect(history).toHaveLength(9);
    expect(events[1]).toMatchObject({ type: "compaction_end", reason: "manual", ok: true });
    expect(await keeper.compact({ keepLast: 2 })).toMatchObject({ ok: false, reason: "nothing" });
  });

  it("passes the focus to the summary request", async () => {
    const { keeper, provider } = setup(longHistory(), [{ parts: [text(SUMMARY)] }]);
    await keeper.compact({ keepLast: 1, focus: "the failing test" });
    expect(provider.requests[0]!.messages[0]!.content).toMatch(/keep above all: the failing test$/);
  });

  it("is refused while a turn runs", async () => {
    const { keeper } = setup(longHistory(), []);
    const emit = keeper.wrapEmit(() => {});
    emit({ type: "turn_start", prompt: "x" });
    expect(await keeper.compact()).toMatchObject({ ok: false, reason: "busy" });
    emit({
      type: "turn_end",
      stop_reason: "end",
      text: "",
      steps: 1,
      tool_calls: 0,
      usage: emptyUsage(),
    });
    expect(await keeper.compact({ keepLast: 9 })).toMatchObject({ ok: false, reason: "nothing" });
  });
});

describe("context events", () => {
  it("follow each usage report with the size of the context", () => {
    const { keeper } = setup([], []);
    const seen: AgentEvent[] = [];
    const usage = { ...emptyUsage(), input_tokens: 20, cache_read_tokens: 480, output_tokens: 100 };
    keeper.wrapEmit((e) => seen.push(e))({ type: "usage", usage, total: usage });
    expect(seen[1]).toEqual({
      type: "context",
      used: 600,
      window: 1000,
      percent: 60,
      estimated: false,
    });
  });
});
