// The todo list end to end, headless: `todo_write` streams a `todo` event, the list is saved
// with the conversation, and a resumed run starts from it; bad lists go back to the model.
import { afterEach, describe, expect, it } from "vitest";
import { jsonLines, makeHome, makeRepo, runCli } from "../support/cli-runner.js";
import {
  reply,
  startMockModelServer,
  type MockModelServer,
  toolResultsOf,
} from "../support/mock-model-server.js";

type Json = Record<string, unknown>;

/** The tool results a request carried back, without their call ids. */
const results = (request: Parameters<typeof toolResultsOf>[0]) =>
  toolResultsOf(request).map(({ content, isError }) => ({ content, isError }));
let server: MockModelServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const events = (stdout: string) => jsonLines(stdout) as Json[];

const LIST = [
  { content: "Read the retry policy", status: "completed" },
  { content: "Raise the attempts", status: "in_progress" },
  { content: "Run the tests", status: "pending" },
];

describe("todo_write, headless", () => {
  it("streams a todo event, saves the list, and a resumed run starts from it", async () => {
    server = await startMockModelServer([
      reply().tool("todo_write", { todos: LIST }),
      reply().text("Planned."),
      reply().text("Resumed."),
    ]);
    const repo = makeRepo();
    const env = {
      ...makeHome().env,
      ANTHROPIC_API_KEY: "sk-ant-test",
      ANTHROPIC_BASE_URL: server.anthropicBaseUrl,
    };
    const first = await runCli(["-p", "plan it", "--output-format", "stream-json"], {
      cwd: repo,
      env,
    });
    expect(first.code).toBe(0);
    const todo = events(first.stdout).filter((e) => e.type === "todo");
    expect(todo).toEqual([{ type: "todo", items: LIST }]);
    expect(results(server.requests[1]!)).toEqual([
      { content: "Todo list updated: 1 of 3 completed.", isError: false },
    ]);

    const second = await runCli(["--continue", "-p", "go on", "--output-format", "stream-json"], {
      cwd: repo,
      env,
    });
    expect(second.code).toBe(0);
    const restored = events(second.stdout);
    // The restored list comes before the turn's own events.
    expect(restored.findIndex((e) => e.type === "todo")).toBeLessThan(
      restored.findIndex((e) => e.type === "turn_start"),
    );
    expect(restored.find((e) => e.type === "todo")).toEqual({ type: "todo", items: LIST });
  });

  it("a list with two items in progress goes back to the model as an error it can fix", async () => {
    server = await startMockModelServer([
      reply().tool("todo_write", {
        todos: [
          { content: "One", status: "in_progress" },
          { content: "Two", status: "in_progress" },
        ],
      }),
      reply().text("Fixed."),
    ]);
    const run = await runCli(["-p", "plan", "--output-format", "stream-json"], {
      cwd: makeRepo(),
      env: {
        ...makeHome().env,
        ANTHROPIC_API_KEY: "sk-ant-test",
        ANTHROPIC_BASE_URL: server.anthropicBaseUrl,
      },
    });
    expect(run.code).toBe(0);
    expect(events(run.stdout).some((e) => e.type === "todo")).toBe(false);
    const [result] = results(server.requests[1]!);
    expect(result!.isError).toBe(true);
    expect(result!.content).toContain("keep exactly one in progress");
  });
});
