// Reasoning effort (issue 30): `--effort` and the config's `effort` reach each protocol's own
// control in the request body; a model without one gets nothing and a notice; `/effort` changes
// it in the TUI and the status line shows it.
import { describe, expect, it, test } from "vitest";
import { jsonLines, makeHome, makeRepo, runCli } from "../support/cli-runner.js";
import { reply } from "../support/mock-model-server.js";
import { providerSetup, useE2e, type Protocol } from "../support/e2e-fixture.js";
import { send, useTui } from "../support/tui-fixture.js";

type Json = Record<string, unknown>;
const e2e = useE2e();
const tui = useTui();

/** One headless answer over `protocol`; `reasoning` marks the config model as reasoning. */
async function ask(
  protocol: Protocol,
  args: string[],
  extra: { reasoning?: boolean; config?: Json } = {},
) {
  const server = await e2e.server([reply().text("Done.")]);
  const setup = providerSetup(protocol, server);
  const config = { ...extra.config, ...setup.config } as {
    providers?: { local?: { models: Json[] } };
  };
  if (extra.reasoning && config.providers?.local)
    config.providers.local.models[0]!.reasoning = true;
  const { env } = makeHome(config);
  const result = await runCli(
    [...setup.args, ...args, "-p", "--output-format", "stream-json", "hi"],
    {
      cwd: makeRepo(),
      env: { ...env, ...setup.env },
    },
  );
  return {
    body: server.requests[0]?.body as Json | undefined,
    result,
    lines: jsonLines(result.stdout) as Json[],
  };
}

describe("--effort in each protocol's request", () => {
  it("Anthropic: adaptive thinking with output_config.effort", async () => {
    const { body, result } = await ask("anthropic-messages", ["--effort", "high"]);
    expect(result.code).toBe(0);
    expect(body?.thinking).toEqual({ type: "adaptive" });
    expect(body?.output_config).toEqual({ effort: "high" });
  }, 60_000);

  it("Anthropic Haiku 4.5 (no effort field): thinking with a budget below max_tokens", async () => {
    const { body, result } = await ask("anthropic-messages", [
      "--model",
      "claude-haiku-4-5",
      "--effort",
      "low",
    ]);
    expect(result.code).toBe(0);
    expect(body?.thinking).toEqual({ type: "enabled", budget_tokens: 4096 });
    expect(body?.output_config).toBeUndefined();
  }, 60_000);

  it("OpenAI Responses: reasoning.effort", async () => {
    const { body, result } = await ask("openai-responses", ["--effort", "low"]);
    expect(result.code).toBe(0);
    expect(body?.reasoning).toEqual({ effort: "low", summary: "auto" });
  }, 60_000);

  it("Chat Completions: reasoning_effort, for a config model marked reasoning", async () => {
    const { body, result } = await ask("openai-chat", ["--effort", "medium"], { reasoning: true });
    expect(result.code).toBe(0);
    expect(body?.reasoning_effort).toBe("medium");
  }, 60_000);

  it("a model without the control: nothing sent, one notice says so", async () => {
    const { body, result, lines } = await ask("openai-chat", ["--effort", "high"]);
    expect(result.code).toBe(0);
    expect(body).toBeDefined();
    expect(body?.reasoning_effort).toBeUndefined();
    const notice = lines.find((l) => l.type === "notice" && String(l.text).includes("effort"));
    expect(notice?.text).toContain("qwen3-coder has no control of how hard it thinks");
  }, 60_000);

  it("the config's effort without the flag; no effort: the request is as before", async () => {
    const configured = await ask("openai-responses", [], { config: { effort: "high" } });
    expect(configured.body?.reasoning).toEqual({ effort: "high", summary: "auto" });
    const plain = await ask("anthropic-messages", []);
    expect(plain.body?.thinking).toBeUndefined();
    expect(plain.body?.output_config).toBeUndefined();
  }, 60_000);

  it("an unknown level is a usage error", async () => {
    const { result } = await ask("anthropic-messages", ["--effort", "extreme"]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain("--effort must be one of low, medium, high");
  }, 60_000);
});

describe("/effort in the TUI", () => {
  test("--effort shows in the status line; /effort changes the next request and the line", async () => {
    const { term, server } = await tui.open(
      [reply().text("First."), reply().text("Second.")],
      ["--effort", "low"],
    );
    const status = () =>
      term
        .screen()
        .split("\n")
        .find((l) => l.includes("[AGENT]")) ?? "";
    await term.waitFor(() => status().includes("effort low"));
    await send(term, "one");
    await term.waitFor("First.");
    await send(term, "/effort high");
    await term.waitFor("Effort: high");
    await term.waitFor(() => status().includes("effort high"));
    await send(term, "two");
    await term.waitFor("Second.");
    expect((server.requests[0]!.body as Json).output_config).toEqual({ effort: "low" });
    expect((server.requests[1]!.body as Json).output_config).toEqual({ effort: "high" });
    await send(term, "/effort default");
    await term.waitFor("Effort: default");
    await term.waitFor(() => !status().includes("effort") && status().includes("sandboxed"));
  }, 60_000);
});
