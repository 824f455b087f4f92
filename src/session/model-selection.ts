import {
  BUILTIN_VENDORS,
  DEFAULT_MODELS,
  UNKNOWN_MODEL_LIMITS,
  findModel,
  inferProvider,
  type ModelInfo,
  type VendorConfig,
} from "../ai/index.js";
import type { GlobalConfig } from "./config.js";
import { SetupError, UsageError } from "./errors.js";

export interface ModelChoice {
  model: ModelInfo;
  vendor: VendorConfig;
}

type Env = Record<string, string | undefined>;

/** Built-in vendors plus those the config names; a config entry may replace a built-in. */
export function vendorsFrom(config: GlobalConfig): Record<string, VendorConfig> {
  const vendors: Record<string, VendorConfig> = { ...BUILTIN_VENDORS };
  for (const [name, entry] of Object.entries(config.providers ?? {})) {
    const protocol = entry.protocol === "anthropic" ? "anthropic-messages" : entry.protocol;
    vendors[name] = {
      name,
      protocol,
      ...(entry.baseUrl ? { baseUrl: entry.baseUrl } : {}),
      apiKeyEnv: entry.apiKeyEnv ?? `${name.toUpperCase().replace(/[^A-Z0-9]/g, "_")}_API_KEY`,
      keyOptional: entry.apiKeyEnv === undefined,
      ...(entry.headers ? { headers: entry.headers } : {}),
      ...(entry.query ? { query: entry.query } : {}),
      models: (entry.models ?? []).map((m) => ({
        id: m.id,
        ...(m.alias ? { alias: m.alias } : {}),
        name: m.name ?? m.id,
        provider: name,
        protocol,
        contextWindow: m.contextWindow ?? UNKNOWN_MODEL_LIMITS.contextWindow,
        maxOutput: m.maxOutput ?? UNKNOWN_MODEL_LIMITS.maxOutput,
        supportsTools: m.supportsTools ?? true,
      })),
    };
  }
  return vendors;
}

/**
 * Picks the model and the vendor serving it: `--model`/`--provider` first, then the config, then
 * whichever built-in vendor has a key. A model no catalog knows is passed through to the named or
 * inferred provider with default limits.
 */
export function selectModel(
  flags: { model?: string; provider?: string },
  config: GlobalConfig,
  env: Env,
): ModelChoice {
  const vendors = vendorsFrom(config);
  const extra = Object.values(vendors).flatMap((v) => v.models ?? []);
  const providerName = flags.provider ?? (flags.model ? undefined : config.provider);
  if (providerName && !vendors[providerName]) {
    const known = Object.keys(vendors).join(", ");
    throw new UsageError(`Unknown provider "${providerName}". Known providers: ${known}.`);
  }
  const id = flags.model ?? config.model ?? defaultModel(providerName, vendors, env);
  const known = findModel(
    id,
    providerName ? extra.filter((m) => m.provider === providerName) : extra,
  );
  if (known && (!providerName || known.provider === providerName)) {
    return { model: known, vendor: vendors[known.provider]! };
  }
  const name = providerName ?? inferProvider(id);
  if (!name) {
    throw new UsageError(
      `Cannot tell which provider serves model "${id}": pass --provider (${Object.keys(vendors).join(", ")}).`,
    );
  }
  const vendor = vendors[name]!;
  return {
    model: {
      id,
      name: id,
      provider: name,
      protocol: vendor.protocol,
      ...UNKNOWN_MODEL_LIMITS,
      supportsTools: true,
    },
    vendor,
  };
}

function defaultModel(
  providerName: string | undefined,
  vendors: Record<string, VendorConfig>,
  env: Env,
): string {
  if (providerName) {
    const builtin = DEFAULT_MODELS[providerName as keyof typeof DEFAULT_MODELS];
    const first = vendors[providerName]?.models?.[0]?.id;
    if (first ?? builtin) return (first ?? builtin)!;
    throw new UsageError(`Provider "${providerName}" lists no models: pass --model.`);
  }
  if (env.ANTHROPIC_API_KEY) return DEFAULT_MODELS.anthropic;
  if (env.OPENAI_API_KEY) return DEFAULT_MODELS.openai;
  throw new SetupError(
    "No model provider is configured: set ANTHROPIC_API_KEY or OPENAI_API_KEY (or add a provider to the config file).",
  );
}
