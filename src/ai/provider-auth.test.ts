import { afterEach, describe, expect, it } from "vitest";
import {
  reply,
  startMockModelServer,
  type MockModelServer,
} from "../../test/support/mock-model-server.js";
import { createProvider } from "./provider.js";
import type { Protocol, StreamEvent } from "./types.js";

let server: MockModelServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function callOnce(
  protocol: Protocol,
  vendor: { apiKeyHeader?: string; query?: Record<string, string> },
) {
  const provider = createProvider({
    vendor: {
      name: "gateway",
      protocol,
      baseUrl: protocol === "anthropic-messages" ? server!.anthropicBaseUrl : server!.openaiBaseUrl,
      apiKeyEnv: "GATEWAY_KEY",
      headers: { "X-Team": "north" },
      ...vendor,
    },
    model: "m",
    env: { GATEWAY_KEY: "gw-secret-123456" },
  });
  const events: StreamEvent[] = [];
  const request = {
    model: "m",
    system: "s",
    messages: [{ role: "user" as const, content: "hi" }],
    tools: [],
    maxOutputTokens: 10,
  };
  for await (const e of provider.stream(request, new AbortController().signal)) events.push(e);
  expect(events.at(-1)).toMatchObject({ type: "done", message: { stopReason: "end" } });
  return server!.requests.at(-1)!;
}

describe("a vendor's key header", () => {
  it.each<Protocol>(["anthropic-messages", "openai-responses", "openai-chat"])(
    "replaces the Authorization header over %s",
    async (protocol) => {
      server = await startMockModelServer([reply().text("ok")]);
      const sent = await callOnce(protocol, {
        apiKeyHeader: "api-key",
        query: { "api-version": "v1" },
      });
      expect(sent.headers["api-key"]).toBe("gw-secret-123456");
      expect(sent.headers.authorization).toBeUndefined();
      expect(sent.headers["x-api-key"]).toBeUndefined();
      expect(sent.headers["x-team"]).toBe("north");
      expect(sent.url).toMatch(/\?api-version=v1$/);
    },
  );

  it("is the usual bearer token without one", async () => {
    server = await startMockModelServer([reply().text("ok")]);
    const sent = await callOnce("openai-chat", {});
    expect(sent.headers.authorization).toBe("Bearer gw-secret-123456");
    expect(sent.headers["api-key"]).toBeUndefined();
  });
});
