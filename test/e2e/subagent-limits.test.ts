// Sub-agents are capped (review R11: 60 `task` calls in one step started 60 sub-agents at once,
// with a MaxListenersExceededWarning on the turn's signal): at most 4 run at once, the others
// wait in order; a turn starts at most 20, further calls are refused with how to raise it.
import { afterEach, describe, expect, it } from "vitest";
import { jsonLines, makeHome, makeRepo, runCli } from "../support/cli-runner.js";
import {
  firstUserText,
  reply,
  startMockModelServer,
  toolResultsOf,
  type MockModelServer,
  type RecordedRequest,
} from "../support/mock-model-server.js";

let server: MockModelServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const isSub = (r: RecordedRequest) => firstUserText(r).startsWith("SUB-");

/** The most sub-agent requests that were open at the same moment. */
function mostAtOnce(requests: readonly RecordedRequest[]): number {
  const edges = requests.filter(isSub).flatMap((r) => [
    { at: r.receivedAt, d: 1 },
    { at: r.finishedAt ?? Infinity, d: -1 },
  ]);
  edges.sort((a, b) => a.at - b.at || a.d - b.d);
  let open = 0;
  let most = 0;
  for (const e of edges) most = Math.max(most, (open += e.d));
  return most;
}

/**
 * Sub-agent answers held until four of them wait (or the last expected one arrived): with a cap
 * of four each wave is answered together; without a cap every request arrives before most end.
 */
function gatedAnswers(expected: number) {
  let arrived = 0;
  let held: (() => void)[] = [];
  return async (request: RecordedRequest) => {
    arrived += 1;
    await new Promise<void>((resolve) => {
      held.push(resolve);
      if (held.length >= 4 || arrived >= expected) {
        for (const go of held) go();
        held = [];
      }
    });
    return reply().text(`report of ${firstUserText(request).split(" ")[0]}`);
  };
}

describe("task: sub-agent limits, headless", () => {
  it("runs at most 4 sub-agents at once and at most 20 per turn", async () => {
    const calls = 24;
    let step = reply().text("Fanning out.");
    for (let i = 1; i <= calls; i++) {
      step = step.tool(
        "task",
        { agent: "explore", description: `part ${i}`, prompt: `SUB-${i} look at part ${i}` },
        { id: `toolu_task${i}` },
      );
    }
    server = await startMockModelServer([step, reply().text("All parts seen.")]);
    const answer = gatedAnswers(20);
    server.conversation(isSub, ...Array.from({ length: 20 }, () => answer));
    const run = await runCli(["-p", "look at every part", "--output-format", "stream-json"], {
      cwd: makeRepo(),
      env: {
        ...makeHome().env,
        ANTHROPIC_API_KEY: "sk-ant-test",
        ANTHROPIC_BASE_URL: server.anthropicBaseUrl,
      },
    });
    expect(run.stderr).not.toContain("MaxListenersExceededWarning");
    expect(run.code).toBe(0);
    const subs = server.requests.filter(isSub);
    expect(subs).toHaveLength(20);
    expect(mostAtOnce(server.requests)).toBeLessThanOrEqual(4);
    // They started in the order the model wrote them.
    expect(subs.map((r) => firstUserText(r).split(" ")[0])).toEqual(
      Array.from({ length: 20 }, (_, i) => `SUB-${i + 1}`),
    );
    const results = toolResultsOf(server.requests.at(-1)!);
    expect(results).toHaveLength(calls);
    expect(results.slice(0, 20).every((r) => !r.isError)).toBe(true);
    for (const refused of results.slice(20)) {
      expect(refused.isError).toBe(true);
      expect(refused.content).toContain("already started 20 sub-agents");
      expect(refused.content).toContain("subagents.maxPerTurn");
    }
    const final = (jsonLines(run.stdout) as Record<string, unknown>[]).at(-1)!;
    expect(final.text).toBe("All parts seen.");
  });

  it("takes both limits from the config", async () => {
    let step = reply();
    for (let i = 1; i <= 3; i++) {
      step = step.tool("task", { agent: "explore", description: `p${i}`, prompt: `SUB-${i} go` });
    }
    server = await startMockModelServer([step, reply().text("ok")]);
    server.conversation(isSub, reply().text("one"), reply().text("two"));
    const run = await runCli(["-p", "go"], {
      cwd: makeRepo(),
      env: {
        ...makeHome({ subagents: { maxConcurrent: 1, maxPerTurn: 2 } }).env,
        ANTHROPIC_API_KEY: "sk-ant-test",
        ANTHROPIC_BASE_URL: server.anthropicBaseUrl,
      },
    });
    expect(run.code).toBe(0);
    expect(mostAtOnce(server.requests)).toBe(1);
    const results = toolResultsOf(server.requests.at(-1)!);
    expect(results.map((r) => r.isError)).toEqual([false, false, true]);
    expect(results[2]!.content).toContain("already started 2 sub-agents");
  });
});
