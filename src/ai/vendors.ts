import type { ModelInfo } from "./catalog.js";
import type { Protocol } from "./types.js";

/** How to reach one vendor: its protocol, endpoint and where its key lives. */
export interface VendorConfig {
  name: string;
  protocol: Protocol;
  /** Explicit base URL; otherwise `baseUrlEnv`, otherwise the SDK's default. */
  baseUrl?: string;
  baseUrlEnv?: string;
  /** The name of the variable holding the key; North never stores a key itself. */
  apiKeyEnv: string;
  /**
   * Send the key in this header (Azure OpenAI: `api-key`) instead of the protocol's usual
   * `Authorization: Bearer …`; the Authorization header is then left out.
   */
  apiKeyHeader?: string;
  /** Servers that take no key (a local Ollama) may leave the variable unset. */
  keyOptional?: boolean;
  headers?: Record<string, string>;
  /** Added to every request's query string (Azure OpenAI: `api-version`). */
  query?: Record<string, string>;
  models?: ModelInfo[];
}

export const BUILTIN_VENDORS: Record<string, VendorConfig> = {
  anthropic: {
    name: "anthropic",
    protocol: "anthropic-messages",
    baseUrlEnv: "ANTHROPIC_BASE_URL",
    apiKeyEnv: "ANTHROPIC_API_KEY",
  },
  openai: {
    name: "openai",
    protocol: "openai-responses",
    baseUrlEnv: "OPENAI_BASE_URL",
    apiKeyEnv: "OPENAI_API_KEY",
  },
};

/** The environment variables vendors read (keys and base URLs): the only ones `.env` may set. */
export function vendorVariables(vendors: Iterable<VendorConfig>): Set<string> {
  const names = new Set<string>();
  for (const vendor of vendors) {
    names.add(vendor.apiKeyEnv);
    if (vendor.baseUrlEnv) names.add(vendor.baseUrlEnv);
  }
  return names;
}

/** Whether the vendor can be called with this environment: its key is set or it needs none. */
export function vendorReady(
  vendor: VendorConfig,
  env: Record<string, string | undefined>,
): boolean {
  return Boolean(env[vendor.apiKeyEnv]) || vendor.keyOptional === true;
}
