import { createAnthropicProvider, type EndpointOptions } from "./anthropic-messages.js";
import { createHttpFetch } from "./http-fetch.js";
import { deferFormData, installLightHeaders } from "./light-web.js";
import { createOpenAIChatProvider } from "./openai-chat.js";
import { createOpenAIResponsesProvider } from "./openai-responses.js";
import { defaultRetryPolicy, withRetry, type RetryPolicy } from "./retry.js";
import { DEFAULT_TIMEOUTS, type RequestTimeouts } from "./stall.js";
import type { Provider } from "./types.js";
import type { VendorConfig } from "./vendors.js";

export interface ProviderOptions {
  vendor: VendorConfig;
  model: string;
  env: Record<string, string | undefined>;
  /**
   * Default: `httpFetch` on node:http(s) (which spares a short run undici's start-up cost) with
   * the connect and idle limits of `timeouts`; a given `fetch` has no limits of ours.
   */
  fetch?: typeof fetch;
  retry?: RetryPolicy;
  /** Per request; each missing field takes its default (10 s to the headers, 120 s idle). */
  timeouts?: Partial<RequestTimeouts>;
}

/** Thrown when a vendor cannot be reached for a reason the person must fix (a missing key). */
export class ProviderSetupError extends Error {
  override name = "ProviderSetupError";
}

/**
 * The vendor's headers; with `apiKeyHeader`, the key goes in that header and the SDK's own
 * `Authorization` header is removed, so the key is sent once, where the server expects it.
 */
function endpointHeaders(
  vendor: VendorConfig,
  apiKey: string | undefined,
): { headers?: Record<string, string | null> } {
  if (!vendor.apiKeyHeader) return vendor.headers ? { headers: vendor.headers } : {};
  return {
    headers: {
      ...vendor.headers,
      authorization: null,
      ...(apiKey ? { [vendor.apiKeyHeader]: apiKey } : {}),
    },
  };
}

/** Our `httpFetch` with these limits, made on first use (proxies from `process.env` then). */
function lazyFetch(timeouts: RequestTimeouts): typeof fetch {
  let made: typeof fetch | undefined;
  return (input, init) => (made ??= createHttpFetch({ timeouts }))(input, init);
}

/** A provider for one vendor, with the retry policy around its stream. */
export function createProvider(options: ProviderOptions): Provider {
  const { vendor, env } = options;
  const apiKey = env[vendor.apiKeyEnv];
  if (!apiKey && !vendor.keyOptional) {
    throw new ProviderSetupError(`No API key for ${vendor.name}: set ${vendor.apiKeyEnv}.`);
  }
  const baseURL = vendor.baseUrl ?? (vendor.baseUrlEnv ? env[vendor.baseUrlEnv] : undefined);
  const timeouts = { ...DEFAULT_TIMEOUTS, ...options.timeouts };
  const endpoint: EndpointOptions = {
    name: vendor.name,
    apiKey: apiKey || "none",
    ...(baseURL ? { baseURL } : {}),
    ...endpointHeaders(vendor, apiKey),
    ...(vendor.query ? { query: vendor.query } : {}),
    fetch: options.fetch ?? lazyFetch(timeouts),
    // The SDK's limit is only a backstop: the stall of ours ends first and says why.
    sdkTimeoutMs: Math.max(600_000, timeouts.connectMs + 60_000),
    hints: {
      keyEnv: vendor.apiKeyEnv,
      baseUrlEnv: vendor.baseUrlEnv ?? `the baseUrl of provider "${vendor.name}"`,
      model: options.model,
      host: hostOf(baseURL, vendor.protocol),
    },
  };
  const inner =
    vendor.protocol === "anthropic-messages"
      ? createAnthropicProvider(endpoint)
      : vendor.protocol === "openai-responses"
        ? createOpenAIResponsesProvider(endpoint)
        : createOpenAIChatProvider(endpoint);
  // With our fetch, the SDKs' own `new Headers()` need not load undici either.
  if (!options.fetch) {
    installLightHeaders();
    deferFormData();
  }
  const policy = options.retry ?? defaultRetryPolicy;
  return {
    name: inner.name,
    protocol: inner.protocol,
    stream: (request, signal) => withRetry(() => inner.stream(request, signal), policy, signal),
    prepare: async () => inner.prepare?.(),
  };
}

/** The host of `baseURL`, or of the vendor's default endpoint. */
function hostOf(baseURL: string | undefined, protocol: string): string {
  if (baseURL) {
    try {
      return new URL(baseURL).host;
    } catch {
      return baseURL;
    }
  }
  return protocol === "anthropic-messages" ? "api.anthropic.com" : "api.openai.com";
}
