import type { EndpointOptions } from "./anthropic-messages.js";

/** The slice of the OpenAI SDK client the adapters use. */
export interface OpenAIClient {
  responses: {
    create(body: Record<string, unknown>, opts: Record<string, unknown>): Promise<unknown>;
  };
  chat: {
    completions: {
      create(body: Record<string, unknown>, opts: Record<string, unknown>): Promise<unknown>;
    };
  };
}

/** Loads the SDK on first use, so a run that never calls OpenAI never parses it. */
export async function loadOpenAI(options: EndpointOptions): Promise<OpenAIClient> {
  const { default: OpenAI } = await import("openai");
  return new OpenAI({
    apiKey: options.apiKey,
    ...(options.baseURL ? { baseURL: options.baseURL } : {}),
    ...(options.fetch ? { fetch: options.fetch } : {}),
    ...(options.query ? { defaultQuery: options.query } : {}),
    defaultHeaders: options.headers ?? {},
    ...(options.sdkTimeoutMs ? { timeout: options.sdkTimeoutMs } : {}),
    maxRetries: 0,
  }) as unknown as OpenAIClient;
}
