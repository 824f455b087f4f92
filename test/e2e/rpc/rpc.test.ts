import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { makeHome, makeRepo } from "../../support/cli-runner.js";
import { reply, type MockModelServer, userTexts } from "../../support/mock-model-server.js";
import { useE2e, anthropicEnv } from "../../support/e2e-fixture.js";
import { startRpc, type RpcClient } from "../../support/rpc-client.js";

type Json = Record<string, unknown>;

const e2e = useE2e();
let clients: RpcClient[] = [];
afterEach(async () => {
  for (const c of clients) if (c.child.exitCode === null) c.child.kill();
  clients = [];
});

function open(repo: string, env: Record<string, string>) {
  const client = startRpc({ cwd: repo, env });
  clients.push(client);
  return client;
}

const anthropic = (s: MockModelServer, env: Record<string, string>) => ({
  ...env,
  ...anthropicEnv(s),
});

describe("north rpc", () => {
  it("runs two turns with an approval, a queued message, a steer and a cancel; resumes; reads state", async () => {
    const server = await e2e.server([
      reply().text("Creating it.").tool("edit_create_file", { path: "one.txt", content: "one\n" }),
      reply().text("Done with one, and hi."),
      reply().text("Starting two, slowly.").text(" More.").hold("two", 4),
      reply().text("Welcome back."),
    ]);
    const repo = makeRepo();
    const { env } = makeHome();
    const runEnv = anthropic(server, env);
    const rpc = open(repo, runEnv);
    const started = await rpc.request("session/start", { model: "claude-sonnet-5-5" });
    expect(started).toMatchObject({ model: "claude-sonnet-5-5", mode: "agent", busy: false });

    expect(await rpc.request("turn/submit", { text: "make one" })).toEqual({ queued: false });
    const asked = await rpc.waitForEvent((e) => e.type === "approval_request");
    expect(asked).toMatchObject({ name: "edit_create_file" });
    // While the review waits: a message queues, a steer waits for the step boundary.
    expect(await rpc.request("turn/submit", { text: "then two" })).toEqual({ queued: true });
    expect(await rpc.request("turn/steer", { text: "and say hi" })).toEqual({
      delivery: "steered",
    });
    expect(await rpc.request("state/get")).toMatchObject({ busy: true, queue: ["then two"] });
    // The steer shows in the queue event until the turn takes it.
    expect(
      await rpc.waitForEvent((e) => e.type === "queue" && (e.steering as string[]).length > 0),
    ).toEqual({ type: "queue", messages: ["then two"], steering: ["and say hi"] });
    expect(
      await rpc.request("approval/respond", { id: asked.id as string, decision: "accept" }),
    ).toEqual({ answered: true });

    await rpc.waitForEvent((e) => e.type === "steer" && e.text === "and say hi");
    await rpc.waitForEvent((e) => e.type === "message_start" && e.text === "then two");
    const second = await server.waitForRequests(2);
    // The steer reached the model after the tool's result, in the same turn.
    expect(userTexts(second[1]!)).toEqual(["make one", "and say hi"]);
    expect(readFileSync(join(repo, "one.txt"), "utf8")).toBe("one\n");

    // The queued message runs; it is cancelled mid-stream.
    const streaming = rpc.events.length;
    await rpc.waitForEvent((e) => e.type === "text_delta", streaming);
    expect(await rpc.request("turn/cancel")).toEqual({ cancelled: true, dropped: [] });
    const ended = await rpc.waitForEvent((e) => e.type === "turn_end", streaming);
    expect(ended.stop_reason).toBe("aborted");
    await rpc.waitForEvent((e) => e.type === "message_end", streaming);

    const state = await rpc.request("state/get");
    expect(state).toMatchObject({ busy: false, queue: [] });
    expect((state.usage as Json).output_tokens).toBeGreaterThan(0);
    expect((state.context as Json).used).toBeGreaterThan(0);
    const id = state.sessionId as string;
    const listed = await rpc.request("session/list");
    expect((listed.sessions as Json[]).map((s) => s.id)).toContain(id);
    expect(await rpc.end()).toBe(0);

    // A second process continues the conversation.
    const again = open(repo, runEnv);
    const resumed = await again.request("session/start", { resume: { id } });
    expect(resumed.sessionId).toBe(id);
    await again.request("turn/submit", { text: "are you there?" });
    const done = await again.waitForEvent((e) => e.type === "turn_end");
    expect(done).toMatchObject({ stop_reason: "end", text: "Welcome back." });
    const requests = await server.waitForRequests(4);
    expect(userTexts(requests[3]!)).toEqual(
      expect.arrayContaining(["make one", "and say hi", "then two", "are you there?"]),
    );
    expect(await again.end()).toBe(0);
  });

  it("answers malformed input with JSON-RPC errors and keeps serving", async () => {
    const server = await e2e.server([reply().text("Still here.")]);
    const repo = makeRepo();
    const { env } = makeHome();
    const rpc = open(repo, anthropic(server, env));
    rpc.writeLine("this is not json");
    rpc.writeLine("[1,2,3]");
    expect(await rpc.call("state/get")).toMatchObject({ error: { code: -32001 } });
    expect(await rpc.call("no/such")).toMatchObject({ error: { code: -32601 } });
    expect(await rpc.call("session/start", { mode: "wild" })).toMatchObject({
      error: { code: -32602 },
    });
    expect(await rpc.call("session/start", { model: "no-such-model-at-all" })).toMatchObject({
      error: { code: -32003 },
    });
    await rpc.request("session/start", { model: "claude-sonnet-5-5" });
    expect(await rpc.call("turn/submit", {})).toMatchObject({ error: { code: -32602 } });
    expect(await rpc.call("session/start", {})).toMatchObject({ error: { code: -32002 } });
    await rpc.request("turn/submit", { text: "hello" });
    await rpc.waitForEvent((e) => e.type === "turn_end");
    expect(rpc.stray.map((s) => (s.error as Json).code)).toEqual([-32700]);
    // A batch of three non-requests: answered as a batch of three errors.
    expect(rpc.batches.map((b) => b.map((s) => (s.error as Json).code))).toEqual([
      [-32600, -32600, -32600],
    ]);
    expect(await rpc.end()).toBe(0);
  });

  it("ends cleanly when standard input closes mid-turn, leaving a conversation that resumes", async () => {
    const server = await e2e.server([
      reply().text("Thinking about it").text(" for a long time.").hold("eof", 4),
      reply().text("Resumed fine."),
    ]);
    const repo = makeRepo();
    const { env } = makeHome();
    const runEnv = anthropic(server, env);
    const rpc = open(repo, runEnv);
    const state = await rpc.request("session/start", { model: "claude-sonnet-5-5" });
    await rpc.request("turn/submit", { text: "take your time" });
    await rpc.waitForEvent((e) => e.type === "text_delta");
    expect(await rpc.end()).toBe(0);
    expect(rpc.events.find((e) => e.type === "turn_end")).toMatchObject({
      stop_reason: "aborted",
    });

    const again = open(repo, runEnv);
    await again.request("session/start", { resume: { id: state.sessionId } });
    await again.request("turn/submit", { text: "and now?" });
    expect(await again.waitForEvent((e) => e.type === "turn_end")).toMatchObject({
      stop_reason: "end",
    });
    const requests = await server.waitForRequests(2);
    expect(userTexts(requests[1]!)).toEqual(["take your time", "and now?"]);
    expect(existsSync(join(repo, ".north", "settings.json"))).toBe(false);
    expect(await again.end()).toBe(0);
  });
});
