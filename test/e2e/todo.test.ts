// The todo list end to end, headless: `todo_write` streams a `todo` event, the list is saved
// with the conversation, and a resumed run starts from it; bad lists go back to the model.
import { describe, expect, it } from "vitest";
import { jsonLines } from "../support/cli-runner.js";
import { reply, toolResultsOf } from "../support/mock-model-server.js";
import { useE2e } from "../support/e2e-fixture.js";

type Json = Record<string, unknown>;

/** The tool results a request carried back, without their call ids. */
const results = (request: Parameters<typeof toolResultsOf>[0]) =>
  toolResultsOf(request).map(({ content, isError }) => ({ content, isError }));
const e2e = useE2e();

const events = (stdout: string) => jsonLines(stdout) as Json[];

const LIST = [
  { content: "Read the retry policy", status: "completed" },
  { content: "Raise the attempts", status: "in_progress" },
  { content: "Run the tests", status: "pending" },
];

describe("todo_write, headless", () => {
  it("streams a todo event, saves the list, and a resumed run starts from it", async () => {
    const { server, run } = await e2e.open([
      reply().tool("todo_write", { todos: LIST }),
      reply().text("Planned."),
      reply().text("Resumed."),
    ]);
    const first = await run(["-p", "plan it", "--output-format", "stream-json"]);
    expect(first.code).toBe(0);
    const todo = events(first.stdout).filter((e) => e.type === "todo");
    expect(todo).toEqual([{ type: "todo", items: LIST }]);
    expect(results(server.requests[1]!)).toEqual([
      { content: "Todo list updated: 1 of 3 completed.", isError: false },
    ]);

    const second = await run(["--continue", "-p", "go on", "--output-format", "stream-json"]);
    expect(second.code).toBe(0);
    const restored = events(second.stdout);
    // The restored list comes before the turn's own events.
    expect(restored.findIndex((e) => e.type === "todo")).toBeLessThan(
      restored.findIndex((e) => e.type === "turn_start"),
    );
    expect(restored.find((e) => e.type === "todo")).toEqual({ type: "todo", items: LIST });
  });

  it("a list with two items in progress goes back to the model as an error it can fix", async () => {
    const { server, run } = await e2e.open([
      reply().tool("todo_write", {
        todos: [
          { content: "One", status: "in_progress" },
          { content: "Two", status: "in_progress" },
        ],
      }),
      reply().text("Fixed."),
    ]);
    const planned = await run(["-p", "plan", "--output-format", "stream-json"]);
    expect(planned.code).toBe(0);
    expect(events(planned.stdout).some((e) => e.type === "todo")).toBe(false);
    const [result] = results(server.requests[1]!);
    expect(result!.isError).toBe(true);
    expect(result!.content).toContain("keep exactly one in progress");
  });
});
