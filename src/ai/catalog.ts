import type { Protocol } from "./types.js";

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
}

const anthropic = (
  id: string,
  alias: string | undefined,
  name: string,
  maxOutput = 64_000,
): ModelInfo => ({
  id,
  ...(alias ? { alias } : {}),
  name,
  provider: "anthropic",
  protocol: "anthropic-messages",
  contextWindow: 200_000,
  maxOutput,
  supportsTools: true,
});

const openai = (
  id: string,
  alias: string | undefined,
  name: string,
  contextWindow = 400_000,
): ModelInfo => ({
  id,
  ...(alias ? { alias } : {}),
  name,
  provider: "openai",
  protocol: "openai-responses",
  contextWindow,
  maxOutput: 128_000,
  supportsTools: true,
});

/**
 * The current models of the built-in vendors, newest first, as the SDKs' own model types list
 * them (@anthropic-ai/sdk 1.12, openai 6.49). Models nearing retirement are left out.
 */
export const CATALOG: readonly ModelInfo[] = [
  anthropic("claude-opus-5-5", "opus", "Claude Opus 5.5", 32_000),
  anthropic("claude-sonnet-5-5", "sonnet", "Claude Sonnet 5.5"),
  anthropic("claude-haiku-5-5", "haiku", "Claude Haiku 5.5"),
  anthropic("claude-opus-5", undefined, "Claude Opus 5", 32_000),
  anthropic("claude-sonnet-5", undefined, "Claude Sonnet 5"),
  anthropic("claude-opus-4-8", undefined, "Claude Opus 4.8", 32_000),
  anthropic("claude-sonnet-4-6", undefined, "Claude Sonnet 4.6"),
  anthropic("claude-haiku-4-5", undefined, "Claude Haiku 4.5"),
  openai("gpt-5.6-sol", "sol", "GPT-5.6 Sol"),
  openai("gpt-5.6-terra", "terra", "GPT-5.6 Terra"),
  openai("gpt-5.6-luna", "luna", "GPT-5.6 Luna"),
  openai("gpt-5.4", "gpt", "GPT-5.4"),
  openai("gpt-5.4-mini", "gpt-mini", "GPT-5.4 mini"),
  openai("gpt-5.4-nano", "gpt-nano", "GPT-5.4 nano"),
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

/** The built-in vendor a model id belongs to by its prefix, as vendors name their models. */
export function inferProvider(id: string): "anthropic" | "openai" | undefined {
  if (id.startsWith("claude-")) return "anthropic";
  if (/^(gpt-|o\d|chatgpt-|codex-)/.test(id)) return "openai";
  return undefined;
}
