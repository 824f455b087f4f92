import { describe, expect, it } from "vitest";
import type { Session } from "../../session/index.js";
import { CommandRegistry } from "../registry.js";
import type { CommandContext } from "../types.js";
import { compactCommand, summarizeCommand } from "./compact.js";
import { contextCommand } from "./context.js";
import { costCommand } from "./cost.js";
import { modelCommand } from "./model.js";

const usage = (input: number, output: number) => ({
  input_tokens: input,
  output_tokens: output,
  cache_read_tokens: 0,
  cache_write_tokens: 0,
});

/** Runs `input` against a session of only what these commands touch; returns what was said. */
async function run(input: string, session: Partial<Session>) {
  const said: string[] = [];
  const registry = new CommandRegistry([
    modelCommand,
    contextCommand,
    costCommand,
    compactCommand,
    summarizeCommand,
  ]);
  const ctx = {
    session: session as Session,
    say: (text: string, tone?: string) => said.push(tone === "error" ? `! ${text}` : text),
  } as unknown as CommandContext;
  await registry.run(input, ctx);
  return { said, registry, ctx };
}

describe("built-in commands of the context and models", () => {
  it("/cost lists tokens and money by model, with a total", async () => {
    const { said } = await run("/cost", {
      costs: {
        list: () => [
          { model: "a", name: "Model A", usage: usage(12_000, 800), cost: 0.05 },
          { model: "b", name: "Local B", usage: usage(500, 20), cost: undefined },
        ],
        total: () => 0.05,
      },
    });
    expect(said[0]).toBe(
      [
        "model    input  output  cache read  cache write      cost",
        "Model A    12k     800           0            0   $0.0500",
        "Local B    500      20           0            0  no price",
        "Total: $0.0500",
      ].join("\n"),
    );
  });

  it("/context shows the parts in tokens", async () => {
    const breakdown = {
      system: 400,
      card: 30,
      rules: 0,
      tools: 1400,
      summary: 0,
      history: 45,
      files: 2000,
    };
    const { said } = await run("/context", {
      context: () => ({ used: 3875, window: 200_000, percent: 1.9, estimated: true, breakdown }),
    });
    expect(said[0]).toMatch(/^Context: 3\.9k of 200k tokens \(1\.9%\) \(estimated\)\n/);
    expect(said[0]).toContain("Tool results and files  2.0k");
  });

  it("/summarize --keep-last N passes it on; a bad N is refused; refusals are said", async () => {
    const asked: unknown[] = [];
    const compact = async (options: unknown) => {
      asked.push(options);
      return { ok: false as const, reason: "nothing" as const, message: "Nothing to compact." };
    };
    const { said } = await run("/summarize --keep-last 2 the API", { compact });
    expect(asked[0]).toMatchObject({ keepLast: 2, focus: "the API" });
    expect(said).toEqual(["Nothing to compact."]);
    const bad = await run("/summarize --keep-last x", { compact });
    expect(bad.said[0]).toMatch(/^! --keep-last takes a number/);
    await run("/compact", { compact });
    expect(asked[1]).not.toHaveProperty("focus");
  });

  it("/model offers the session's models and switches by alias or provider/id", async () => {
    const models = [
      { id: "m-1", alias: "one", name: "Model One", provider: "p", contextWindow: 200_000 },
      { id: "local-x", name: "X", provider: "ollama", contextWindow: 8000 },
    ];
    const calls: unknown[][] = [];
    const session = {
      model: models[1],
      listModels: () => models,
      setModel: async (...args: unknown[]) => {
        calls.push(args);
        return { message: "Switched." };
      },
    } as unknown as Partial<Session>;
    const { said, registry, ctx } = await run("/model one", session);
    expect(said).toEqual(["Switched."]);
    await registry.run("/model ollama/qwen", ctx);
    expect(calls).toEqual([["one"], ["qwen", "ollama"]]);
    expect(registry.choicesFor("model", "zzz", ctx)).toEqual([]);
    // The model in use comes first, marked.
    const choices = registry.choicesFor("model", "", ctx);
    expect(choices.map((c) => c.value)).toEqual(["local-x", "one"]);
    expect(choices[0]!.label).toBe("X (current)");
  });
});

describe("commands that change the conversation", () => {
  it("declare that they wait for an idle session; the others do not", async () => {
    const { createCommands } = await import("../index.js");
    const registry = createCommands("/nonexistent-repo", { HOME: "/nonexistent-home" });
    const waiting = registry
      .list()
      .filter((c) => c.idleOnly)
      .map((c) => c.name)
      .sort();
    expect(waiting).toEqual([
      "add-dir",
      "compact",
      "fork",
      "model",
      "new",
      "resume",
      "rewind",
      "summarize",
      "undo",
    ]);
  });
});
