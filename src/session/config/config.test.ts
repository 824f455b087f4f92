import {
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { checkGlobalConfig, loadConfigFile } from "./config.js";
import { saveModelChoice } from "./config-save.js";
import { loadProjectSettings } from "./settings.js";

function home(text?: string) {
  const dir = mkdtempSync(join(tmpdir(), "north-config-"));
  const env = { XDG_CONFIG_HOME: dir };
  const file = join(dir, "north", "config.json");
  if (text !== undefined) {
    mkdirSync(join(dir, "north"), { recursive: true });
    writeFileSync(file, text);
  }
  return { env, file };
}

async function noticeFor(config: unknown): Promise<string> {
  const { env, file } = home(typeof config === "string" ? config : JSON.stringify(config));
  const loaded = await loadConfigFile(env);
  expect(loaded.config).toEqual({});
  expect(loaded.writable).toBe(false);
  expect(loaded.notice).toContain(file);
  expect(loaded.notice!.split("\n")).toHaveLength(1);
  return loaded.notice!;
}

const chat = (extra: object) => ({ providers: { local: { protocol: "openai-chat", ...extra } } });

describe("a broken global config gives one line and the defaults", () => {
  it.each([
    ["bad JSON", '{ "model": "x",\n  oops }', /is not valid JSON: .*line 2/],
    ["a list at the top", "[1, 2]", /the top level: expected an object, got a list/],
    ["a wrong type", { maxSteps: "ten" }, /field "maxSteps": expected a number, got a string/],
    ["a negative step cap", { maxSteps: -3 }, /field "maxSteps": expected a number above 0/],
    [
      "an unknown protocol",
      { providers: { local: { protocol: "grpc" } } },
      /field "providers\.local\.protocol": expected one of "anthropic", "openai-responses", "openai-chat"/,
    ],
    [
      "a bad URL",
      chat({ baseUrl: "localhost:11434" }),
      /field "providers\.local\.baseUrl": expected an http:\/\/ or https:\/\/ URL/,
    ],
    [
      "a typo in a provider",
      chat({ baseURL: "http://x" }),
      /field "providers\.local\.baseURL" is not one North knows \(known: protocol, baseUrl,/,
    ],
    [
      "a header that is not a string",
      chat({ headers: { "X-Title": 3 } }),
      /field "providers\.local\.headers\.X-Title": expected a string, got a number/,
    ],
    [
      "a model without an id",
      chat({ models: [{ name: "Qwen" }] }),
      /field "providers\.local\.models\[0\]\.id": expected a string, got nothing/,
    ],
    [
      "a negative price",
      chat({ models: [{ id: "q", price: { input: -1, output: 1 } }] }),
      /field "providers\.local\.models\[0\]\.price\.input": expected a price of 0 or more/,
    ],
    [
      "a timeout that is not a number of milliseconds",
      { timeouts: { idleMs: "2m" } },
      /field "timeouts\.idleMs": expected a number, got a string/,
    ],
    [
      "a typo in the timeouts",
      { timeouts: { connectTimeout: 5 } },
      /field "timeouts\.connectTimeout" is not one North knows \(known: connectMs, idleMs\)/,
    ],
    [
      "removing a secret-file pattern North does not have",
      { secretFiles: { remove: ["*.npmrc"] } },
      /field "secretFiles\.remove\[0\]": expected one of North's built-in secret-file patterns/,
    ],
    [
      "an empty secret-file pattern",
      { secretFiles: { add: ["!"] } },
      /field "secretFiles\.add\[0\]": expected a glob pattern/,
    ],
    [
      "no sub-agents at once",
      { subagents: { maxConcurrent: 0 } },
      /field "subagents\.maxConcurrent": expected a number above 0/,
    ],
    [
      "a typo in the sub-agent limits",
      { subagents: { maxThreads: 2 } },
      /field "subagents\.maxThreads" is not one North knows \(known: maxConcurrent, maxPerTurn\)/,
    ],
  ])("%s", async (_name, config, expected) => {
    const notice = await noticeFor(config);
    expect(notice).toMatch(expected);
    expect(notice).toMatch(/using the defaults instead \(the file was left unchanged\)\.$/);
  });

  it("never repeats a key pasted where a variable name belongs", async () => {
    const notice = await noticeFor(chat({ apiKeyEnv: "sk-live-0123456789abcdef" }));
    expect(notice).toMatch(
      /field "providers\.local\.apiKeyEnv": expected the name of an environment variable/,
    );
    expect(notice).not.toContain("sk-live");
  });

  it("never repeats the text of a file that is not JSON (it may be a key)", async () => {
    const notice = await noticeFor("sk-live-0123456789abcdef");
    expect(notice).toMatch(/is not valid JSON: Unexpected token/);
    expect(notice).not.toContain("sk-live");
  });

  it("says so when the file cannot be read", async () => {
    const { env, file } = home();
    mkdirSync(file, { recursive: true });
    const loaded = await loadConfigFile(env);
    expect(loaded).toMatchObject({ config: {}, writable: false });
    expect(loaded.notice).toMatch(
      /config\.json cannot be read: it is a folder, not a regular file/,
    );
  });
});

describe("a usable global config", () => {
  it("is read whole, with Azure-style providers", async () => {
    const config = {
      model: "my-gpt",
      provider: "azure",
      futureSetting: true,
      providers: {
        azure: {
          protocol: "openai-responses",
          baseUrl: "https://res.openai.azure.com/openai/v1",
          apiKeyEnv: "AZURE_OPENAI_API_KEY",
          apiKeyHeader: "api-key",
          query: { "api-version": "preview" },
          models: [{ id: "my-gpt", contextWindow: 400000, price: { input: 1, output: 8 } }],
        },
      },
    };
    const { env } = home(JSON.stringify(config));
    const loaded = await loadConfigFile(env);
    expect(loaded.notice).toBeUndefined();
    expect(loaded.writable).toBe(true);
    expect(loaded.config.providers!.azure!.apiKeyHeader).toBe("api-key");
    expect(loaded.config).not.toHaveProperty("futureSetting");
  });

  it("reads the request time limits", async () => {
    const { env } = home(JSON.stringify({ timeouts: { connectMs: 5000, idleMs: 60000 } }));
    expect((await loadConfigFile(env)).config.timeouts).toEqual({ connectMs: 5000, idleMs: 60000 });
  });

  it("reads the sub-agent limits", async () => {
    const { env } = home(JSON.stringify({ subagents: { maxConcurrent: 2, maxPerTurn: 50 } }));
    const { config } = await loadConfigFile(env);
    expect(config.subagents).toEqual({ maxConcurrent: 2, maxPerTurn: 50 });
  });

  it("accepts the example in docs/configuration.md", async () => {
    const doc = join(import.meta.dirname, "..", "..", "..", "docs", "configuration.md");
    const example = /```json\n([\s\S]*?)```/.exec(readFileSync(doc, "utf8"))![1]!;
    const checked = await checkGlobalConfig(JSON.parse(example));
    expect(checked.error?.issues).toBeUndefined();
  });

  it("is the defaults, writable, when missing or empty", async () => {
    expect(await loadConfigFile(home().env)).toMatchObject({ config: {}, writable: true });
    expect(await loadConfigFile(home("  \n").env)).toMatchObject({ config: {}, writable: true });
  });
});

describe("remembering the model", () => {
  it("creates the file when there is none", async () => {
    const { env, file } = home();
    expect(await saveModelChoice(env, { model: "gpt-5.4", provider: "openai" })).toEqual({
      saved: true,
      path: file,
    });
    expect(JSON.parse(readFileSync(file, "utf8"))).toEqual({
      model: "gpt-5.4",
      provider: "openai",
    });
  });

  it("keeps every other field, unknown ones too, and leaves no temporary file", async () => {
    const { env, file } = home(JSON.stringify({ maxSteps: 9, later: { a: 1 }, model: "old" }));
    await saveModelChoice(env, { model: "new", provider: "anthropic" });
    expect(JSON.parse(readFileSync(file, "utf8"))).toEqual({
      maxSteps: 9,
      later: { a: 1 },
      model: "new",
      provider: "anthropic",
    });
    expect(readdirSync(join(file, ".."))).toEqual(["config.json"]);
  });

  it.each([
    ["not JSON", "{ nope", /it is not valid JSON/],
    ["not a valid config", '{ "maxSteps": "many" }', /field "maxSteps": expected a number/],
  ])("never overwrites a file that is %s", async (_name, text, reason) => {
    const { env, file } = home(text);
    const result = await saveModelChoice(env, { model: "m", provider: "openai" });
    expect(result.saved).toBe(false);
    expect(result.saved === false && result.reason).toMatch(reason);
    expect(readFileSync(file, "utf8")).toBe(text);
  });
});

describe("project settings", () => {
  it("read the model and mode", async () => {
    const root = mkdtempSync(join(tmpdir(), "north-project-"));
    mkdirSync(join(root, ".north"));
    writeFileSync(join(root, ".north", "settings.json"), '{ "model": "haiku", "mode": "ask" }');
    expect(await loadProjectSettings(root)).toEqual({ settings: { model: "haiku", mode: "ask" } });
  });

  it("are the defaults plus one line when broken", async () => {
    const root = mkdtempSync(join(tmpdir(), "north-project-"));
    mkdirSync(join(root, ".north"));
    writeFileSync(join(root, ".north", "settings.json"), '{ "mode": "yolo" }');
    const { settings, notice } = await loadProjectSettings(root);
    expect(settings).toEqual({});
    expect(notice).toMatch(
      /\.north\/settings\.json: field "mode": expected one of "ask", "agent", "plan"/,
    );
  });

  it("are not read through a symlink that leads out of the repository", async () => {
    const root = mkdtempSync(join(tmpdir(), "north-project-"));
    const outside = join(mkdtempSync(join(tmpdir(), "north-elsewhere-")), "settings.json");
    writeFileSync(outside, '{ "model": "planted", "mode": "agent" }');
    mkdirSync(join(root, ".north"));
    symlinkSync(outside, join(root, ".north", "settings.json"));
    const { settings, notice } = await loadProjectSettings(root);
    expect(settings).toEqual({});
    expect(notice).toMatch(/settings\.json cannot be read: .*outside the repository/);
  });
});
