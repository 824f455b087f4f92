import { describe, expect, it } from "vitest";
import type { ModelInfo } from "../ai/catalog.js";
import type { AssistantMessage, Message, StreamEvent } from "../ai/types.js";
import { emptyUsage } from "../ai/types.js";
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { until } from "../../test/support/processes.js";
import { scriptedProvider, text } from "../../test/support/scripted-provider.js";
import { checkGlobalConfig } from "./config/config.js";
import { loadProjectSettings } from "./config/settings.js";
import {
  cleanSuggestion,
  createSuggestions,
  SuggestionCache,
  Suggestions,
  suggestionPrompt,
  type SuggestionTarget,
} from "./suggestions.js";

const model: ModelInfo = {
  id: "tiny-1",
  name: "Tiny 1",
  provider: "tiny",
  protocol: "openai-chat",
  contextWindow: 8000,
  maxOutput: 1000,
  supportsTools: false,
  price: { input: 1, output: 2 },
};

function clock(start = 0) {
  let now = start;
  return { now: () => now, advance: (ms: number) => (now += ms) };
}

function logs() {
  const lines: { event: string; fields?: Record<string, unknown> }[] = [];
  return {
    lines,
    log: (event: string, fields?: Record<string, unknown>) => lines.push({ event, fields }),
  };
}

/** A stream that waits for `signal` and then ends as an aborted request does. */
async function* untilAborted(signal: AbortSignal): AsyncIterable<StreamEvent> {
  await new Promise<void>((resolve) => signal.addEventListener("abort", () => resolve()));
  const message: AssistantMessage = {
    role: "assistant",
    content: [],
    protocol: "openai-chat",
    model: model.id,
    stopReason: "aborted",
    usage: { ...emptyUsage(), input_tokens: 7 },
  };
  yield { type: "done", message };
}

function suggestions(
  steps: Parameters<typeof scriptedProvider>[0],
  history: Message[] = [],
  now = clock().now,
) {
  const provider = scriptedProvider(steps);
  const log = logs();
  let opened = 0;
  const s = new Suggestions({
    open: async (): Promise<SuggestionTarget> => {
      opened += 1;
      return { model, provider };
    },
    history: () => history,
    logger: log,
    now,
  });
  return { s, provider, log, opened: () => opened };
}

describe("SuggestionCache", () => {
  it("forgets the least recently used entry past its capacity; a hit counts as a use", () => {
    const cache = new SuggestionCache(clock().now, 3);
    cache.set("a", "1");
    cache.set("b", "2");
    cache.set("c", "3");
    expect(cache.get("a")).toBe("1");
    cache.set("d", "4");
    expect(cache.get("b")).toBeUndefined();
    expect([cache.get("a"), cache.get("c"), cache.get("d")]).toEqual(["1", "3", "4"]);
    expect(cache.size).toBe(3);
  });

  it("keeps 50 entries by default", () => {
    const cache = new SuggestionCache(clock().now);
    for (let i = 0; i < 51; i++) cache.set(`k${i}`, String(i));
    expect(cache.size).toBe(50);
    expect(cache.get("k0")).toBeUndefined();
    expect(cache.get("k1")).toBe("1");
  });

  it("forgets an answer one minute after it was stored", () => {
    const time = clock(1_000);
    const cache = new SuggestionCache(time.now);
    cache.set("a", "1");
    time.advance(59_999);
    expect(cache.get("a")).toBe("1");
    time.advance(1);
    expect(cache.get("a")).toBeUndefined();
    expect(cache.size).toBe(0);
  });
});

describe("Suggestions", () => {
  it("asks the model once for a text, then answers from the cache until it expires", async () => {
    const time = clock();
    const { s, provider } = suggestions(
      [{ parts: [text(" the retry policy")] }, { parts: [text(" again")] }],
      [],
      time.now,
    );
    expect(await s.complete("explain")).toBe(" the retry policy");
    expect(await s.complete("explain")).toBe(" the retry policy");
    expect(provider.requests).toHaveLength(1);
    time.advance(60_000);
    expect(await s.complete("explain")).toBe(" again");
    expect(provider.requests).toHaveLength(2);
  });

  it("sends a short request: the typed text, a little conversation, no tools, few tokens", async () => {
    const history: Message[] = [{ role: "user", content: "what does retry.ts do?" }];
    const { s, provider } = suggestions([{ parts: [text(" tests")] }], history);
    await s.complete("now add");
    const request = provider.requests[0]!;
    expect(request.tools).toEqual([]);
    expect(request.maxOutputTokens).toBeLessThanOrEqual(64);
    expect(request.messages).toHaveLength(1);
    const prompt = request.messages[0]!.content as string;
    expect(prompt).toContain("Person: what does retry.ts do?");
    expect(prompt.endsWith("now add")).toBe(true);
  });

  it("a new request aborts the one in flight, which gives no suggestion", async () => {
    let firstSignal: AbortSignal | undefined;
    const { s, provider } = suggestions([
      (_request, signal) => {
        firstSignal = signal;
        return untilAborted(signal);
      },
      { parts: [text(" world")] },
    ]);
    const first = s.complete("hello");
    await until(() => provider.requests.length === 1, "the first suggestion request");
    const second = s.complete("hello there");
    expect(firstSignal?.aborted).toBe(true);
    expect(await first).toBeUndefined();
    expect(await second).toBe(" world");
    // The aborted request's tokens still count (the provider bills them).
    expect(s.costs.list()[0]!.usage.input_tokens).toBe(7 + 10);
  });

  it("the caller's signal and cancel() abort the request", async () => {
    const { s, provider } = suggestions([
      (_r, signal) => untilAborted(signal),
      (_r, signal) => untilAborted(signal),
    ]);
    const stop = new AbortController();
    const first = s.complete("hello", stop.signal);
    await until(() => provider.requests.length === 1, "the first suggestion request");
    stop.abort();
    expect(await first).toBeUndefined();
    const second = s.complete("hello");
    await until(() => provider.requests.length === 2, "the second suggestion request");
    s.cancel();
    expect(await second).toBeUndefined();
    // Nothing was cached for an aborted request.
    expect(await s.complete("hello", AbortSignal.abort())).toBeUndefined();
  });

  it("counts usage apart, with the model's price", async () => {
    const { s } = suggestions([{ parts: [text(" x")] }]);
    await s.complete("abc");
    const [entry] = s.costs.list();
    expect(entry).toMatchObject({ model: "tiny-1", usage: { input_tokens: 10, output_tokens: 5 } });
    expect(s.costs.total()).toBeCloseTo((10 * 1 + 5 * 2) / 1_000_000);
  });

  it("a failure is logged and gives no suggestion; a model that cannot open is tried once", async () => {
    const { s, log } = suggestions([
      { error: { kind: "server", message: "boom", retryable: false } },
    ]);
    expect(await s.complete("abc")).toBeUndefined();
    expect(log.lines.map((l) => l.event)).toContain("suggestion_failed");

    const opens = logs();
    let tries = 0;
    const broken = new Suggestions({
      open: () => {
        tries += 1;
        return Promise.reject(new Error("no key"));
      },
      history: () => [],
      logger: opens,
    });
    expect(await broken.complete("abc")).toBeUndefined();
    expect(await broken.complete("abcd")).toBeUndefined();
    expect(tries).toBe(1);
  });

  it("createSuggestions resolves the configured model and logs one that cannot be used", async () => {
    const log = logs();
    const made = createSuggestions({
      config: { suggestion: { model: "nope", provider: "missing" } },
      env: {},
      local: [],
      history: () => [],
      logger: log,
    });
    expect(await made.complete("abc")).toBeUndefined();
    expect(log.lines[0]).toMatchObject({ event: "suggestion_unavailable" });
  });
});

describe("the suggestion setting", () => {
  it("is a field of the global config: a model, optionally its provider", async () => {
    expect((await checkGlobalConfig({ suggestion: { model: "haiku" } })).success).toBe(true);
    const both = { suggestion: { model: "qwen3", provider: "local-ollama" } };
    expect((await checkGlobalConfig(both)).success).toBe(true);
    expect((await checkGlobalConfig({ suggestion: { modle: "haiku" } })).success).toBe(false);
    expect((await checkGlobalConfig({ suggestion: {} })).success).toBe(false);
  });

  it("is not read from a repository's .north/settings.json", async () => {
    const root = mkdtempSync(join(tmpdir(), "north-suggest-"));
    mkdirSync(join(root, ".north"));
    const settings = { model: "haiku", suggestion: { model: "haiku" } };
    writeFileSync(join(root, ".north", "settings.json"), JSON.stringify(settings));
    const read = await loadProjectSettings(root);
    expect(read.settings).toEqual({ model: "haiku" });
  });
});

describe("cleanSuggestion", () => {
  it("keeps the first line, drops a repetition of the typed line, and nothing stays nothing", () => {
    expect(cleanSuggestion(" world\nmore", "hello")).toBe(" world");
    expect(cleanSuggestion("hello world", "hello")).toBe(" world");
    expect(cleanSuggestion("  \n", "hello")).toBe("");
    expect(cleanSuggestion("x".repeat(300), "a").length).toBeLessThanOrEqual(160);
  });

  it("suggestionPrompt leaves out an empty conversation", () => {
    expect(suggestionPrompt("abc", [])).toBe("The person has typed so far:\nabc");
  });
});
