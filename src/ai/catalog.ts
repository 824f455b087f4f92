import type { Protocol } from "./types.js";

/**
 * US dollars per million tokens. `input` is the price of uncached input; a cache price left out
 * is charged at the input price (no discount known).
 */
export interface ModelPrice {
  input: number;
  output: number;
  cacheRead?: number;
  cacheWrite?: number;
}

export interface ModelInfo {
  id: string;
  alias?: string;
  name: string;
  /** The vendor that serves it: a built-in one or a provider named in the config. */
  provider: string;
  protocol: Protocol;
  contextWindow: number;
  maxOutput: number;
  supportsTools: boolean;
  /**
   * Whether user messages may carry images (`UserMessage.images`). Absent: they may not — the
   * session then sends the text alone and says so. Config entries set it with `supportsImages`.
   */
  supportsImages?: boolean;
  /** Absent when nobody published one (local models, config entries without `price`). */
  price?: ModelPrice;
  /**
   * The model's control of how hard it thinks (`--effort`): `effort`, the provider's effort
   * field; `budget`, Anthropic thinking with a token budget (models before the effort field).
   * Absent: none — an effort asked for is ignored with a notice. Config entries: `reasoning`.
   */
  reasoning?: "effort" | "budget";
}

type Limits = { contextWindow: number; maxOutput: number };

const M1 = { contextWindow: 1_000_000, maxOutput: 128_000 };

const anthropic = (
  id: string,
  alias: string | undefined,
  name: string,
  price: ModelPrice,
  limits: Limits = M1,
): ModelInfo => ({
  id,
  ...(alias ? { alias } : {}),
  name,
  provider: "anthropic",
  protocol: "anthropic-messages",
  ...limits,
  supportsTools: true,
  supportsImages: true,
  price,
  // Claude Haiku 4.5 predates the effort field; it takes a thinking budget.
  reasoning: id === "claude-haiku-4-5" ? "budget" : "effort",
});

const openai = (
  id: string,
  alias: string | undefined,
  name: string,
  price: ModelPrice,
  limits: Limits = { contextWindow: 1_050_000, maxOutput: 128_000 },
): ModelInfo => ({
  id,
  ...(alias ? { alias } : {}),
  name,
  provider: "openai",
  protocol: "openai-responses",
  ...limits,
  supportsTools: true,
  supportsImages: true,
  price,
  reasoning: "effort",
});

/** Input, output, cache read, cache write (Anthropic: the 5-minute write North uses). */
const usd = (input: number, output: number, cacheRead: number, cacheWrite: number) => ({
  input,
  output,
  cacheRead,
  cacheWrite,
});

/**
 * The current models of the built-in vendors, newest first, as the SDKs' own model types list
 * them (@anthropic-ai/sdk 1.12, openai 6.49). Models nearing retirement, dated snapshots and
 * invitation-only models (Claude Mythos) are left out.
 *
 * Prices and limits are the vendors' published ones (platform.claude.com pricing and model
 * pages, developers.openai.com model pages), checked in November 2026. Where a vendor prices by
 * prompt length, the price here is the one for ordinary prompts; longer prompts cost more.
 */
export const CATALOG: readonly ModelInfo[] = [
  anthropic("claude-opus-5-5", "opus", "Claude Opus 5.5", usd(4, 20, 0.2, 5)),
  // Cache reads were cut from $0.20 to $0.10 on 2026-10-07.
  anthropic("claude-sonnet-5-5", "sonnet", "Claude Sonnet 5.5", usd(2, 10, 0.1, 2.5)),
  // Prompts over 100K tokens cost five times as much ($0.50 / $2.50), output included.
  anthropic("claude-haiku-5-5", "haiku", "Claude Haiku 5.5", usd(0.1, 0.5, 0.01, 0.125)),
  anthropic("claude-fable-5-2", "fable", "Claude Fable 5.2", usd(8, 40, 0.2, 10)),
  anthropic("claude-fable-5-1", undefined, "Claude Fable 5.1", usd(10, 50, 0.25, 12.5)),
  anthropic("claude-opus-5", undefined, "Claude Opus 5", usd(5, 25, 0.5, 6.25)),
  anthropic("claude-sonnet-5", undefined, "Claude Sonnet 5", usd(2, 10, 0.2, 2.5)),
  anthropic("claude-opus-4-8", undefined, "Claude Opus 4.8", usd(5, 25, 0.5, 6.25)),
  anthropic("claude-sonnet-4-6", undefined, "Claude Sonnet 4.6", usd(3, 15, 0.3, 3.75), {
    contextWindow: 200_000,
    maxOutput: 64_000,
  }),
  anthropic("claude-haiku-4-5", undefined, "Claude Haiku 4.5", usd(1, 5, 0.1, 1.25), {
    contextWindow: 200_000,
    maxOutput: 64_000,
  }),
  // OpenAI bills cache writes at 1.25 times the input price for the GPT-5.6 family. Sol's price
  // is the promotional one OpenAI announced "at least through 2026-11-21" and still lists; its
  // list price is $5 / $30 (cached $0.50).
  openai("gpt-5.6-sol", "sol", "GPT-5.6 Sol", usd(4, 20, 0.4, 5)),
  openai("gpt-5.6-terra", "terra", "GPT-5.6 Terra", usd(2, 12, 0.2, 2.5)),
  openai("gpt-5.6-luna", "luna", "GPT-5.6 Luna", usd(0.2, 1.2, 0.02, 0.25)),
  // The GPT-5.4 family charges no cache-write premium.
  openai("gpt-5.4", "gpt", "GPT-5.4", usd(2.5, 15, 0.25, 2.5)),
  openai("gpt-5.4-mini", "gpt-mini", "GPT-5.4 mini", usd(0.75, 4.5, 0.075, 0.75), {
    contextWindow: 400_000,
    maxOutput: 128_000,
  }),
  openai("gpt-5.4-nano", "gpt-nano", "GPT-5.4 nano", usd(0.2, 1.25, 0.02, 0.2), {
    contextWindow: 400_000,
    maxOutput: 128_000,
  }),
];

export const DEFAULT_MODELS: Record<"anthropic" | "openai", string> = {
  anthropic: "claude-sonnet-5-5",
  openai: "gpt-5.6-sol",
};

/** Limits for a model no catalog knows yet. */
export const UNKNOWN_MODEL_LIMITS = { contextWindow: 128_000, maxOutput: 16_000 } as const;

export function findModel(
  idOrAlias: string,
  extra: readonly ModelInfo[] = [],
): ModelInfo | undefined {
  const all = [...extra, ...CATALOG];
  return all.find((m) => m.id === idOrAlias) ?? all.find((m) => m.alias === idOrAlias);
}

/**
 * Whether a model of a built-in vendor that the catalog does not list takes images, by its id:
 * Claude 3 and later, OpenAI's GPT-4o, GPT-4.1, GPT-5 and o-series (o1-mini and o3-mini never did).
 */
export function imagesByName(id: string): boolean {
  if (/^claude-(3|[4-9]|\d\d|opus|sonnet|haiku|fable)/.test(id)) return true;
  if (/^o\d-mini/.test(id)) return false;
  return /^(gpt-4o|chatgpt-4o|gpt-4\.1|gpt-5|o\d)/.test(id);
}

/**
 * The effort control of a model of a built-in vendor that the catalog does not list, by its id:
 * Claude 4.6 and later families take the effort field, OpenAI's GPT-5 and o-series reasoning.
 */
export function reasoningByName(id: string): ModelInfo["reasoning"] {
  if (/^claude-(opus|sonnet|fable|haiku)-([5-9]|\d\d)/.test(id)) return "effort";
  if (/^claude-(opus|sonnet)-4-[6-9]/.test(id)) return "effort";
  if (/^claude-3-[0-6]/.test(id)) return undefined;
  if (/^claude-/.test(id)) return "budget";
  return /^(gpt-5|o\d)/.test(id) ? "effort" : undefined;
}

/** The built-in vendor a model id belongs to by its prefix, as vendors name their models. */
export function inferProvider(id: string): "anthropic" | "openai" | undefined {
  if (id.startsWith("claude-")) return "anthropic";
  if (/^(gpt-|o\d|chatgpt-|codex-)/.test(id)) return "openai";
  return undefined;
}
