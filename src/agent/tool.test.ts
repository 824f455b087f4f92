import * as z from "zod";
import { describe, expect, it, vi } from "vitest";
import { defineTool, runTool } from "./tool.js";

const ctx = { signal: new AbortController().signal };

describe("a tool's argument schema", () => {
  it("is built when the tool first checks a call, and once", async () => {
    let builds = 0;
    const tool = defineTool({
      name: "echo_name",
      kind: "read",
      description: "Echoes a name.",
      schema: () => {
        builds += 1;
        return z.object({ name: z.string() });
      },
      execute: async ({ name }) => ({ content: name }),
    });
    expect(builds).toBe(0);
    const ok = await runTool(tool, { name: "Ada" }, '{"name":"Ada"}', ctx);
    expect(ok).toMatchObject({ isError: false, content: "Ada" });
    const bad = await runTool(tool, { name: 7 }, '{"name":7}', ctx);
    expect(bad.isError).toBe(true);
    expect(bad.content).toMatch(/Invalid arguments for echo_name: "name"/);
    expect(builds).toBe(1);
  });

  it("gives a change tool's JSON schema from the same builder, once zod is loaded", async () => {
    // Fresh modules: zod not loaded yet (the other tests here load it through runTool).
    vi.resetModules();
    const { defineChangeTool, schemasReady, toolSchema } = await import("./tool.js");
    let builds = 0;
    const tool = defineChangeTool({
      name: "rename_thing",
      kind: "edit",
      description: "Renames a thing.",
      schema: () => {
        builds += 1;
        return z.object({ from: z.string(), to: z.string().describe("The new name") });
      },
      prepare: async () => {
        throw new Error("not run here");
      },
    });
    expect(builds).toBe(0);
    // A tool the build did not precompute needs zod for its JSON schema.
    expect(() => toolSchema(tool)).toThrow(/before loadZod/);
    await schemasReady([tool]);
    const { parameters } = toolSchema(tool);
    expect(parameters).toMatchObject({
      type: "object",
      properties: { from: { type: "string" }, to: { type: "string", description: "The new name" } },
      required: ["from", "to"],
    });
    expect(tool.schema.safeParse({ from: "a", to: "b" }).success).toBe(true);
    expect(builds).toBe(1);
  });

  it("that cannot be built makes a call an error result, not a throw", async () => {
    const tool = defineTool({
      name: "broken_schema",
      kind: "read",
      description: "Never runs.",
      schema: (): z.ZodObject => {
        throw new Error("no schema today");
      },
      execute: async () => ({ content: "ran" }),
    });
    const result = await runTool(tool, {}, "{}", ctx);
    expect(result).toMatchObject({ isError: true });
    expect(result.content).toMatch(/broken_schema could not be checked \(no schema today\)/);
  });
});
