import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import type { GlobalConfig } from "../config/config.js";
import { availableModels, needsLocalProbe, selectModel } from "./model-selection.js";
import { setUpModel } from "./model-setup.js";

const pick = (choice: { model: { id: string }; vendor: { name: string } }) =>
  `${choice.vendor.name}/${choice.model.id}`;
const lab: GlobalConfig = {
  providers: {
    lab: {
      protocol: "openai-chat",
      baseUrl: "http://127.0.0.1:9/v1",
      models: [{ id: "qwen3", price: { input: 0.1, output: 0.2 } }, { id: "glm" }],
    },
  },
};

describe("selectModel", () => {
  it("takes the flags, else the config, else the vendor with a key", () => {
    const env = { OPENAI_API_KEY: "k", ANTHROPIC_API_KEY: "k" };
    const config = { ...lab, model: "glm", provider: "lab" };
    expect(pick(selectModel({ model: "haiku" }, config, env))).toBe("anthropic/claude-haiku-5-5");
    expect(pick(selectModel({}, config, env))).toBe("lab/glm");
    expect(pick(selectModel({}, {}, { OPENAI_API_KEY: "k" }))).toBe("openai/gpt-5.6-sol");
  });

  it("gives a provider named alone its own default, not the config's model", () => {
    const config = { model: "claude-opus-5-5" };
    expect(pick(selectModel({ provider: "openai" }, config, {}))).toBe("openai/gpt-5.6-sol");
    expect(pick(selectModel({ provider: "lab" }, { ...lab, ...config }, {}))).toBe("lab/qwen3");
  });

  it("uses a configured provider when no built-in key is set", () => {
    const choice = selectModel({}, lab, {});
    expect(pick(choice)).toBe("lab/qwen3");
    expect(choice.model.price).toEqual({ input: 0.1, output: 0.2 });
  });

  it("says what to set when nothing can be called", () => {
    expect(() => selectModel({}, {}, {})).toThrow(/ANTHROPIC_API_KEY or OPENAI_API_KEY/);
  });

  it("carries the Azure settings of a provider into its vendor", () => {
    const config: GlobalConfig = {
      providers: {
        azure: {
          protocol: "openai-responses",
          baseUrl: "https://r.openai.azure.com/openai/v1",
          apiKeyEnv: "AZURE_KEY",
          apiKeyHeader: "api-key",
          query: { "api-version": "preview" },
          models: [{ id: "dep" }],
        },
      },
    };
    expect(selectModel({ provider: "azure" }, config, {}).vendor).toMatchObject({
      protocol: "openai-responses",
      apiKeyEnv: "AZURE_KEY",
      apiKeyHeader: "api-key",
      query: { "api-version": "preview" },
      keyOptional: false,
    });
  });
});

describe("needsLocalProbe and availableModels", () => {
  it("probes only when nothing can be called or a local provider is named", () => {
    expect(needsLocalProbe([{}], {}, {})).toBe(true);
    expect(needsLocalProbe([{}], {}, { OPENAI_API_KEY: "k" })).toBe(false);
    expect(needsLocalProbe([{}], lab, {})).toBe(false);
    expect(needsLocalProbe([{ provider: "local-ollama" }], {}, { OPENAI_API_KEY: "k" })).toBe(true);
  });

  it("lists the models of the vendors that can be called", () => {
    const ids = availableModels(lab, { ANTHROPIC_API_KEY: "k" }).map((m) => m.id);
    expect(ids).toContain("claude-sonnet-5-5");
    expect(ids).toContain("qwen3");
    expect(ids).not.toContain("gpt-5.6-sol");
  });
});

describe("setUpModel", () => {
  const servers: Server[] = [];
  afterEach(() => {
    for (const s of servers.splice(0)) s.close();
  });

  const repo = (files: Record<string, string> = {}) => {
    const root = mkdtempSync(join(tmpdir(), "north-setup-"));
    for (const [path, text] of Object.entries(files)) {
      mkdirSync(join(root, path, ".."), { recursive: true });
      writeFileSync(join(root, path), text);
    }
    return root;
  };
  const setUp = (root: string, config: GlobalConfig, env: Record<string, string>, flags = {}) =>
    setUpModel({
      root,
      config,
      flags,
      configPath: "/cfg/config.json",
      env: { NORTH_LOCAL_SERVERS: "off", ...env },
    });

  it("lets the project settings win over the config, and the flags over both", async () => {
    const root = repo({ ".north/settings.json": '{ "model": "haiku" }' });
    const env = { ANTHROPIC_API_KEY: "k" };
    expect(pick((await setUp(root, { model: "opus" }, env)).choice)).toBe(
      "anthropic/claude-haiku-5-5",
    );
    const flagged = await setUp(root, { model: "opus" }, env, { model: "sonnet" });
    expect(pick(flagged.choice)).toBe("anthropic/claude-sonnet-5-5");
  });

  it("falls back with one line when a remembered choice cannot be used", async () => {
    const setup = await setUp(
      repo(),
      { model: "claude-opus-5-5", provider: "anthropic" },
      { OPENAI_API_KEY: "k" },
    );
    expect(pick(setup.choice)).toBe("openai/gpt-5.6-sol");
    expect(setup.notices).toEqual([
      "/cfg/config.json chooses claude-opus-5-5 (anthropic), which cannot be used: ANTHROPIC_API_KEY is not set; using gpt-5.6-sol (openai) instead.",
    ]);
  });

  it("reads keys from the repository's .env, the environment first", async () => {
    const root = repo({ ".env": "ANTHROPIC_API_KEY=from-dotenv\nOPENAI_API_KEY=from-dotenv\n" });
    const setup = await setUp(root, {}, { OPENAI_API_KEY: "real" });
    expect(setup.env.ANTHROPIC_API_KEY).toBe("from-dotenv");
    expect(setup.env.OPENAI_API_KEY).toBe("real");
    expect(pick(setup.choice)).toBe("anthropic/claude-sonnet-5-5");
  });

  it("says which local server did not answer when one is asked for by name", async () => {
    const env = { NORTH_LOCAL_SERVERS: "ollama=9", OPENAI_API_KEY: "k" };
    await expect(setUp(repo(), {}, env, { provider: "local-ollama" })).rejects.toThrow(
      "No Ollama answered on 127.0.0.1:9; start it, or choose another provider.",
    );
  });

  it("uses a local server's first model when no key is set anywhere", async () => {
    const server = createServer((req, res) => {
      res.writeHead(req.url === "/v1/models" ? 200 : 404, { "content-type": "application/json" });
      res.end(JSON.stringify({ data: [{ id: "qwen3-coder" }, { id: "phi" }] }));
    });
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const port = (server.address() as AddressInfo).port;
    const setup = await setUp(repo(), {}, { NORTH_LOCAL_SERVERS: `lmstudio=${port}` });
    expect(pick(setup.choice)).toBe("local-lmstudio/qwen3-coder");
    expect(setup.choice.vendor.baseUrl).toBe(`http://127.0.0.1:${port}/v1`);
    expect(setup.local.flatMap((v) => v.models!.map((m) => m.id))).toEqual(["qwen3-coder", "phi"]);
  });
});
