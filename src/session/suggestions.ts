import {
  createProvider,
  defaultRetryPolicy,
  vendorReady,
  type Message,
  type ModelInfo,
  type Provider,
  type VendorConfig,
} from "../ai/index.js";
import type { Logger } from "../log/logger.js";
import type { GlobalConfig } from "./config/config.js";
import { chooseModel } from "./models/model-switch.js";
import type { SuggestionControl } from "./session-api.js";
import { UsageLedger } from "./models/usage-ledger.js";

// Ghost-text suggestions: a small model proposes the rest of the line the person is typing.
// Loaded by the session only when the global config names a `suggestion` model.

/** How many answers are kept, and for how long (ms). */
const CACHE_ENTRIES = 50;
const CACHE_MS = 60_000;
/** A suggestion is the rest of one line: a few words. */
const MAX_TOKENS = 48;
/** Longest suggestion shown (characters); a longer answer is cut at a word. */
const MAX_CHARS = 160;
/** How much of the recent conversation goes with the request. */
const CONTEXT_MESSAGES = 4;
const CONTEXT_CHARS = 400;

/**
 * The words the suggestion model is given; tests recognise its requests by
 * {@link SUGGESTION_SYSTEM}'s first words.
 */
export const SUGGESTION_SYSTEM =
  "You complete the line a person is typing to a coding assistant. Answer with only the text " +
  "that comes right after what they typed (start with a space when a new word begins), on one " +
  "line, without repeating their text and without quotes or explanations. When you cannot " +
  "guess, answer with nothing.";

/**
 * An LRU map of answers that forgets each one `ttlMs` after it was stored. `now` is the clock
 * (tests inject theirs).
 */
export class SuggestionCache {
  private readonly entries = new Map<string, { value: string; at: number }>();

  constructor(
    private readonly now: () => number = Date.now,
    readonly capacity = CACHE_ENTRIES,
    readonly ttlMs = CACHE_MS,
  ) {}

  /** The answer stored for `key` if younger than the limit; a hit becomes the most recent. */
  get(key: string): string | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.entries.delete(key);
    if (this.now() - entry.at >= this.ttlMs) return undefined;
    this.entries.set(key, entry);
    return entry.value;
  }

  /** Stores `value`, dropping the least recently used entry past the capacity. */
  set(key: string, value: string): void {
    this.entries.delete(key);
    this.entries.set(key, { value, at: this.now() });
    while (this.entries.size > this.capacity) {
      const oldest = this.entries.keys().next().value as string;
      this.entries.delete(oldest);
    }
  }

  get size(): number {
    return this.entries.size;
  }
}

/** The model and the client suggestion requests go through (never the conversation's). */
export interface SuggestionTarget {
  model: ModelInfo;
  provider: Provider;
}

export interface SuggestionDeps {
  /** Resolves the model and builds its own client, once, on the first request; may throw. */
  open(): Promise<SuggestionTarget>;
  /** The conversation so far (its last messages go with the request). */
  history(): readonly Message[];
  logger: Pick<Logger, "log">;
  /** The cache's clock (ms). */
  now?(): number;
}

/** The request's user message: a little of the recent conversation, then the typed text. */
export function suggestionPrompt(text: string, history: readonly Message[]): string {
  const recent: string[] = [];
  for (let i = history.length - 1; i >= 0 && recent.length < CONTEXT_MESSAGES; i--) {
    const message = history[i]!;
    const said =
      message.role === "user"
        ? message.content
        : message.role === "assistant"
          ? message.content.map((p) => (p.type === "text" ? p.text : "")).join("")
          : "";
    const line = said.replace(/\s+/g, " ").trim();
    if (!line) continue;
    const short = line.length > CONTEXT_CHARS ? `${line.slice(0, CONTEXT_CHARS)}…` : line;
    recent.unshift(`${message.role === "user" ? "Person" : "Assistant"}: ${short}`);
  }
  const before = recent.length > 0 ? `Recent conversation:\n${recent.join("\n")}\n\n` : "";
  return `${before}The person has typed so far:\n${text}`;
}

/**
 * The model's answer as the text to insert after `text`: its first line, without a repetition
 * of the typed line, at most {@link MAX_CHARS}; `""` when nothing is left.
 */
export function cleanSuggestion(answer: string, text: string): string {
  let out = answer.replace(/^\n+/, "").split("\n")[0] ?? "";
  const line = text.slice(text.lastIndexOf("\n") + 1);
  if (line && out.startsWith(line)) out = out.slice(line.length);
  out = out.trimEnd();
  if (out.length > MAX_CHARS) {
    const space = out.lastIndexOf(" ", MAX_CHARS);
    out = out.slice(0, space > 0 ? space : MAX_CHARS);
  }
  return out.trim() === "" ? "" : out;
}

/**
 * Suggestions for one session (see {@link SuggestionControl}). One request at a time: a new one
 * aborts the one before. Answers (also "nothing") are cached by the typed text and the
 * conversation's length; failures are logged and give no suggestion.
 */
export class Suggestions implements SuggestionControl {
  private readonly cache: SuggestionCache;
  private readonly ledger = new UsageLedger();
  private target: Promise<SuggestionTarget> | undefined;
  private running: AbortController | undefined;
  /** The model could not be opened (logged once by `open`): no more requests. */
  private broken = false;

  constructor(private readonly deps: SuggestionDeps) {
    this.cache = new SuggestionCache(deps.now ?? Date.now);
  }

  get costs(): Pick<UsageLedger, "list" | "total"> {
    return this.ledger;
  }

  cancel(): void {
    this.running?.abort();
    this.running = undefined;
  }

  async complete(text: string, signal?: AbortSignal): Promise<string | undefined> {
    this.cancel();
    if (signal?.aborted || this.broken) return undefined;
    const history = this.deps.history();
    const key = `${history.length}\u0000${text}`;
    const cached = this.cache.get(key);
    if (cached !== undefined) return cached || undefined;
    const own = new AbortController();
    this.running = own;
    const stop = () => own.abort();
    signal?.addEventListener("abort", stop, { once: true });
    try {
      const answer = await this.ask(text, history, own.signal);
      if (answer === undefined) return undefined;
      this.cache.set(key, answer);
      return answer || undefined;
    } catch (error) {
      this.deps.logger.log("suggestion_failed", { message: (error as Error).message });
      return undefined;
    } finally {
      signal?.removeEventListener("abort", stop);
      if (this.running === own) this.running = undefined;
    }
  }

  /** The cleaned answer; `undefined` when aborted or failed (logged). */
  private async ask(
    text: string,
    history: readonly Message[],
    signal: AbortSignal,
  ): Promise<string | undefined> {
    let target: SuggestionTarget;
    try {
      target = await (this.target ??= this.deps.open());
    } catch {
      this.broken = true;
      return undefined;
    }
    const { model, provider } = target;
    if (signal.aborted) return undefined;
    const request = {
      model: model.id,
      system: SUGGESTION_SYSTEM,
      messages: [{ role: "user" as const, content: suggestionPrompt(text, history) }],
      tools: [],
      maxOutputTokens: Math.min(MAX_TOKENS, model.maxOutput),
      capOutput: true,
    };
    let answer = "";
    for await (const event of provider.stream(request, signal)) {
      if (event.type === "text_delta") answer += event.text;
      if (event.type !== "done") continue;
      this.ledger.add(model, event.message.usage);
      if (event.message.stopReason === "aborted") return undefined;
      if (event.error) {
        this.deps.logger.log("suggestion_failed", {
          model: model.id,
          kind: event.error.kind,
          message: event.error.message,
        });
        return undefined;
      }
    }
    return cleanSuggestion(answer, text);
  }
}

/**
 * The session's suggestions for `config.suggestion`: the model is resolved as `--model` would
 * resolve it (a configured provider or a local server's model qualifies) on the first request,
 * with a client of its own (no retries, short limits). A model that cannot be used is logged
 * once and no request is made.
 */
export function createSuggestions(options: {
  config: GlobalConfig;
  env: Record<string, string | undefined>;
  local: readonly VendorConfig[];
  history(): readonly Message[];
  logger: Pick<Logger, "log">;
  /** Tests: the provider for every model. */
  providerOverride?: Provider;
}): Suggestions {
  const { config, env, logger } = options;
  const wish = config.suggestion!;
  return new Suggestions({
    history: options.history,
    logger,
    async open() {
      try {
        const { choice } = await chooseModel(wish, config, env, options.local);
        if (!vendorReady(choice.vendor, env)) {
          throw new Error(`${choice.vendor.apiKeyEnv} is not set`);
        }
        const provider =
          options.providerOverride ??
          createProvider({
            vendor: choice.vendor,
            model: choice.model.id,
            env,
            retry: { ...defaultRetryPolicy, maxRetries: 0 },
            timeouts: { connectMs: 10_000, idleMs: 15_000 },
          });
        logger.log("suggestion_model", { model: choice.model.id, provider: choice.vendor.name });
        return { model: choice.model, provider };
      } catch (error) {
        logger.log("suggestion_unavailable", {
          model: wish.model,
          message: (error as Error).message,
        });
        throw error;
      }
    },
  });
}
