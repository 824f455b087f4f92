// The dialogue tools headless, where nobody can answer: ask_user_question is not offered and, if
// called anyway, tells the model to go on on stated assumptions; enter_plan_mode is declined
// unless the run is already in plan mode; slash_command is not offered and refuses if called.
import { describe, expect, it } from "vitest";
import { makeHome, makeRepo, runCli } from "../support/cli-runner.js";
import { reply, type ScriptEntry, toolNames, toolResultsOf } from "../support/mock-model-server.js";
import { useE2e, anthropicEnv } from "../support/e2e-fixture.js";

/** The tool results a request carried back, without their call ids. */
const results = (request: Parameters<typeof toolResultsOf>[0]) =>
  toolResultsOf(request).map(({ content, isError }) => ({ content, isError }));
const e2e = useE2e();

async function run(script: ScriptEntry[], args: string[] = []) {
  const server = await e2e.server(script);
  const result = await runCli(["-p", "go", ...args], {
    cwd: makeRepo(),
    env: {
      ...makeHome().env,
      ...anthropicEnv(server),
    },
  });
  expect(result.code).toBe(0);
  return server;
}

describe("dialogue tools, headless", () => {
  it("ask_user_question and slash_command are not offered; called anyway, they say why", async () => {
    const server = await run([
      reply()
        .tool("ask_user_question", {
          questions: [{ question: "Which port?", options: [{ label: "80" }, { label: "8080" }] }],
        })
        .tool("slash_command", { command: "/cost" }),
      reply().text("Assuming 8080."),
    ]);
    const offered = toolNames(server.requests[0]!);
    expect(offered).not.toContain("ask_user_question");
    expect(offered).not.toContain("slash_command");
    expect(offered).toContain("enter_plan_mode");
    const [question, slash] = results(server.requests[1]!);
    expect(question).toEqual({
      content: expect.stringContaining("No person is available"),
      isError: false,
    });
    expect(slash).toEqual({
      content: expect.stringContaining("not available in this run"),
      isError: true,
    });
  });

  it("enter_plan_mode is declined in agent mode and accepted without asking in plan mode", async () => {
    const script = () => [
      reply().tool("enter_plan_mode", { reason: "Large change." }),
      reply().text("ok"),
    ];
    const agent = await run(script());
    expect(results(agent.requests[1]!)).toEqual([
      { content: expect.stringContaining("Declined: nobody can answer"), isError: true },
    ]);
    const plan = await run(script(), ["--mode", "plan"]);
    expect(results(plan.requests[1]!)).toEqual([
      { content: expect.stringContaining("Plan mode is on"), isError: false },
    ]);
  });
});
