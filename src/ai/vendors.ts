import type { ModelInfo } from "./catalog.js";
import type { Protocol } from "./types.js";

/** How to reach one vendor: its protocol, endpoint and where its key lives. */
export interface VendorConfig {
  name: string;
  protocol: Protocol;
  /** Explicit base URL; otherwise `baseUrlEnv`, otherwise the SDK's default. */
  baseUrl?: string;
  baseUrlEnv?: string;
  apiKeyEnv: string;
  /** Servers that take no key (a local Ollama) may leave the variable unset. */
  keyOptional?: boolean;
  headers?: Record<string, string>;
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
