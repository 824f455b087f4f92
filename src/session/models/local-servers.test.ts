import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { untilTestDeadline } from "../../../test/support/test-deadline.js";
import { listLocalModels, localTargets, localVendor, probeLocalServers } from "./local-servers.js";

const servers: Server[] = [];
afterEach(async () => {
  for (const s of servers.splice(0)) {
    s.closeAllConnections();
    await new Promise((resolve) => s.close(resolve));
  }
});

/** A server on a random loopback port answering `routes` (path → JSON), 404 otherwise. */
async function fake(routes: Record<string, unknown>, silent = false): Promise<number> {
  const server = createServer((req, res) => {
    if (silent) return; // accepts, never answers
    const body = routes[req.url ?? ""];
    res.writeHead(body === undefined ? 404 : 200, { "content-type": "application/json" });
    res.end(JSON.stringify(body ?? { error: "not found" }));
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return (server.address() as AddressInfo).port;
}

/** A port nothing listens on. */
async function closedPort(): Promise<number> {
  const port = await fake({});
  const server = servers.pop()!;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe("probeLocalServers", () => {
  it("finds LM Studio by its OpenAI model list and Ollama by its own", async () => {
    const lmstudio = await fake({
      "/v1/models": { data: [{ id: "qwen3-coder" }, { id: "gemma" }] },
    });
    const ollama = await fake({ "/api/tags": { models: [{ name: "llama3.3:70b" }] } });
    const env = { NORTH_LOCAL_SERVERS: `ollama=${ollama},lmstudio=${lmstudio}` };
    // Servers that answer are waited for as long as the test may run: the product's short
    // budget is for servers that do not, and a busy machine can take longer to answer.
    const found = await probeLocalServers(env, untilTestDeadline());
    expect(found).toEqual([
      { name: "local-ollama", label: "Ollama", port: ollama, models: ["llama3.3:70b"] },
      {
        name: "local-lmstudio",
        label: "LM Studio",
        port: lmstudio,
        models: ["qwen3-coder", "gemma"],
      },
    ]);
    expect(
      (await listLocalModels(env, untilTestDeadline())).map((m) => `${m.provider}/${m.id}`),
    ).toEqual(["local-ollama/llama3.3:70b", "local-lmstudio/qwen3-coder", "local-lmstudio/gemma"]);
  });

  it("ignores servers that are closed, silent, or list no models", async () => {
    const silent = await fake({}, true);
    const empty = await fake({ "/v1/models": { data: [] } });
    const found = await probeLocalServers(
      { NORTH_LOCAL_SERVERS: `ollama=${silent},lmstudio=${empty}` },
      100,
    );
    expect(found).toEqual([]);
    const closed = await closedPort();
    expect(await probeLocalServers({ NORTH_LOCAL_SERVERS: `lmstudio=${closed}` })).toEqual([]);
  });

  it("can be turned off", async () => {
    expect(await probeLocalServers({ NORTH_LOCAL_SERVERS: "off" })).toEqual([]);
  });
});

describe("localTargets", () => {
  it("probes both usual ports by default, on loopback", () => {
    expect(localTargets({}).map((t) => [t.name, t.port])).toEqual([
      ["local-ollama", 11434],
      ["local-lmstudio", 1234],
    ]);
  });

  it("takes other ports and skips the servers not named", () => {
    expect(localTargets({ NORTH_LOCAL_SERVERS: "lmstudio:4321" }).map((t) => t.port)).toEqual([
      4321,
    ]);
  });
});

describe("localVendor", () => {
  it("is an openai-chat provider needing no key, with the server's models", () => {
    const vendor = localVendor({
      name: "local-ollama",
      label: "Ollama",
      port: 11434,
      models: ["q"],
    });
    expect(vendor).toMatchObject({
      name: "local-ollama",
      protocol: "openai-chat",
      baseUrl: "http://127.0.0.1:11434/v1",
      keyOptional: true,
    });
    expect(vendor.models![0]).toMatchObject({
      id: "q",
      name: "q (Ollama)",
      provider: "local-ollama",
    });
  });
});
