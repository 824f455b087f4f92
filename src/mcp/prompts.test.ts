import { afterEach, describe, expect, it } from "vitest";
import { startFakeMcp, type FakeMcp } from "../../test/support/mcp-fake-server.js";
import { createMcpPromptCommands } from "./prompts.js";

let fake: FakeMcp | undefined;
afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

async function reviewPrompt() {
  fake = await startFakeMcp([], {
    prompts: [
      {
        prompt: {
          name: "Code.Review",
          description: "Review a change\nwith care",
          arguments: [
            { name: "file", required: true },
            { name: "focus", required: false },
          ],
        },
        get: (args) => ({
          messages: [
            {
              role: "user",
              content: {
                type: "text",
                text: `Review ${args.file} for ${args.focus ?? "anything"}.`,
              },
            },
            {
              role: "user",
              content: { type: "resource", resource: { uri: "mem://guide", text: "Be kind." } },
            },
            { role: "assistant", content: { type: "image", data: "AAAA", mimeType: "image/png" } },
          ],
        }),
      },
    ],
  });
  const listed = await fake.client.listPrompts();
  return createMcpPromptCommands(
    { server: "git hub", connect: async () => fake!.client, timeoutMs: 5000 },
    listed.prompts,
  );
}

describe("MCP prompts as slash commands", () => {
  it("names and describes the command with its arguments", async () => {
    const [command] = await reviewPrompt();
    expect(command).toMatchObject({
      name: "mcp__git_hub__code_review",
      server: "git hub",
      prompt: "Code.Review",
      description: "Review a change (MCP git hub)",
      usage: "<file> [focus]",
    });
  });

  it("binds words in order or as name=value, and says what is missing", async () => {
    const [command] = await reviewPrompt();
    expect(command!.bind(["a.ts", "speed", "and", "memory"])).toEqual({
      values: { file: "a.ts", focus: "speed and memory" },
    });
    expect(command!.bind(["focus=tests", "b.ts"])).toEqual({
      values: { file: "b.ts", focus: "tests" },
    });
    expect(command!.bind([])).toEqual({
      problem:
        "/mcp__git_hub__code_review needs file: /mcp__git_hub__code_review <file> [focus] (or name=value).",
    });
  });

  it("fetches the prompt with its arguments and joins its messages as text", async () => {
    const [command] = await reviewPrompt();
    const text = await command!.get({ file: "a.ts" });
    expect(text).toBe(
      "Review a.ts for anything.\n\n[resource mem://guide]\nBe kind.\n\n[image: image/png, 3 B]",
    );
  });
});
