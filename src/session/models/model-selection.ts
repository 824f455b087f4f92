import {
  BUILTIN_VENDORS,
  imagesByName,
  reasoningByName,
  CATALOG,
  DEFAULT_MODELS,
  UNKNOWN_MODEL_LIMITS,
  findModel,
  inferProvider,
  vendorReady,
  type ModelInfo,
  type VendorConfig,
} from "../../ai/index.js";
import type { GlobalConfig } from "../config/config.js";
import { SetupError, UsageError } from "../config/errors.js";
import { t } from "../../i18n/index.js";

export interface ModelChoice {
  model: ModelInfo;
  vendor: VendorConfig;
}

/** A model and/or provider someone asked for: flags, project settings or the global config. */
export interface ModelWish {
  model?: string;
  provider?: string;
}

type Env = Record<string, string | undefined>;

const named = (wish: ModelWish | undefined): wish is ModelWish =>
  Boolean(wish && (wish.model || wish.provider));

/**
 * Built-in vendors, then `extra` ones (local servers found on loopback), then those the config
 * names; a config entry may replace either.
 */
export function vendorsFrom(
  config: GlobalConfig,
  extra: readonly VendorConfig[] = [],
): Record<string, VendorConfig> {
  const vendors: Record<string, VendorConfig> = { ...BUILTIN_VENDORS };
  for (const vendor of extra) vendors[vendor.name] = vendor;
  for (const [name, entry] of Object.entries(config.providers ?? {})) {
    const protocol =
      entry.protocol === "openai-chat" || entry.protocol === "openai-responses"
        ? entry.protocol
        : "anthropic-messages";
    vendors[name] = {
      name,
      protocol,
      ...(entry.baseUrl ? { baseUrl: entry.baseUrl } : {}),
      apiKeyEnv: entry.apiKeyEnv ?? `${name.toUpperCase().replace(/[^A-Z0-9]/g, "_")}_API_KEY`,
      keyOptional: entry.apiKeyEnv === undefined,
      ...(entry.apiKeyHeader ? { apiKeyHeader: entry.apiKeyHeader } : {}),
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
        ...(m.supportsImages ? { supportsImages: true } : {}),
        ...(m.reasoning ? { reasoning: "effort" as const } : {}),
        ...(m.price ? { price: m.price } : {}),
      })),
    };
  }
  return vendors;
}

/**
 * Picks the model and the vendor serving it: `flags` when they name anything, otherwise the
 * config's `model`/`provider`, otherwise the first vendor that can be called (a built-in one with
 * its key, a configured provider, a local server in `extra`). A model no catalog knows is passed
 * through to the named or inferred provider with default limits. Throws `UsageError` for an
 * unknown provider or a model whose provider cannot be told, `SetupError` when nothing is
 * configured.
 */
export function selectModel(
  flags: ModelWish,
  config: GlobalConfig,
  env: Env,
  extra: readonly VendorConfig[] = [],
): ModelChoice {
  const vendors = vendorsFrom(config, extra);
  const wish = named(flags) ? flags : { model: config.model, provider: config.provider };
  const providerName = wish.provider;
  if (providerName && !vendors[providerName]) {
    const known = Object.keys(vendors).join(", ");
    throw new UsageError(t("session.unknownProvider", { provider: providerName, known }));
  }
  const id = wish.model ?? defaultModel(providerName, vendors, env);
  const models = Object.values(vendors).flatMap((v) => v.models ?? []);
  const known = findModel(
    id,
    providerName ? models.filter((m) => m.provider === providerName) : models,
  );
  if (known && (!providerName || known.provider === providerName) && vendors[known.provider]) {
    return { model: known, vendor: vendors[known.provider]! };
  }
  const name = providerName ?? inferProvider(id);
  if (!name) {
    throw new UsageError(
      t("session.whichProvider", { id, known: Object.keys(vendors).join(", ") }),
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
      // A built-in vendor's model the catalog does not list yet: by its name.
      ...(BUILTIN_VENDORS[name] === vendor && imagesByName(id) ? { supportsImages: true } : {}),
      ...(BUILTIN_VENDORS[name] === vendor && reasoningByName(id)
        ? { reasoning: reasoningByName(id)! }
        : {}),
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
    throw new UsageError(t("session.noModels", { provider: providerName }));
  }
  if (env.ANTHROPIC_API_KEY) return DEFAULT_MODELS.anthropic;
  if (env.OPENAI_API_KEY) return DEFAULT_MODELS.openai;
  const other = Object.values(vendors).find(
    (v) => !BUILTIN_VENDORS[v.name] && vendorReady(v, env) && (v.models?.length ?? 0) > 0,
  );
  if (other) return other.models![0]!.id;
  throw new SetupError(t("session.noProvider"));
}

/**
 * Whether the loopback servers should be asked for models: a local provider is wanted by name,
 * or no vendor at all can be called (no key anywhere, no configured provider usable).
 */
export function needsLocalProbe(wishes: readonly ModelWish[], config: GlobalConfig, env: Env) {
  const configured = config.providers ?? {};
  if (wishes.some((w) => w.provider?.startsWith("local-") && !configured[w.provider])) return true;
  return !Object.values(vendorsFrom(config)).some((v) => vendorReady(v, env));
}

/**
 * The models a person may switch to: the catalog models of the built-in vendors whose key is
 * set, and the models of every configured provider and local server that can be called.
 */
export function availableModels(
  config: GlobalConfig,
  env: Env,
  extra: readonly VendorConfig[] = [],
): ModelInfo[] {
  const out: ModelInfo[] = [];
  for (const vendor of Object.values(vendorsFrom(config, extra))) {
    if (!vendorReady(vendor, env)) continue;
    const builtin = BUILTIN_VENDORS[vendor.name] === vendor;
    out.push(
      ...(builtin ? CATALOG.filter((m) => m.provider === vendor.name) : (vendor.models ?? [])),
    );
  }
  return out;
}
