// `north rpc` as JSON-RPC 2.0 libraries expect it: notifications run and are never answered,
// `$/cancelRequest`, batches, positional params, and LSP's Content-Length framing answered in
// kind (vscode-jsonrpc's stock StreamMessageReader/Writer speak exactly these frames).
import { afterEach, describe, expect, it } from "vitest";
import { makeHome, makeRepo } from "../../support/cli-runner.js";
import { reply } from "../../support/mock-model-server.js";
import { useE2e, anthropicEnv } from "../../support/e2e-fixture.js";
import { startRpc, type RpcClient } from "../../support/rpc-client.js";

type Json = Record<string, unknown>;

const e2e = useE2e();
let clients: RpcClient[] = [];
afterEach(() => {
  for (const c of clients) if (c.child.exitCode === null) c.child.kill();
  clients = [];
});

async function open(framing: "lines" | "headers", script: Parameters<typeof e2e.server>[0]) {
  const server = await e2e.server(script);
  const { env } = makeHome();
  const rpc = startRpc({ cwd: makeRepo(), env: { ...env, ...anthropicEnv(server) }, framing });
  clients.push(rpc);
  return { rpc, server };
}

const note = (method: string, params?: Json) =>
  JSON.stringify({ jsonrpc: "2.0", method, ...(params ? { params } : {}) });
const ask = (id: string, method: string, params?: unknown) =>
  JSON.stringify({ jsonrpc: "2.0", id, method, ...(params ? { params } : {}) });

describe("north rpc and JSON-RPC 2.0", () => {
  it("runs notifications without answering, answers batches as batches, refuses positional params", async () => {
    const { rpc } = await open("lines", [
      reply().text("Slowly").text(" on.").hold("slow", 4),
      reply().text("Done."),
    ]);
    // Before a session: a notification that fails is still not answered.
    rpc.writeLine(note("state/get"));
    await rpc.request("session/start", { model: "claude-sonnet-5-5" });

    // A notification inside a batch runs (mode/set), the requests are answered in one array.
    rpc.writeLine(
      `[${ask("b1", "state/get")},${note("mode/set", { mode: "plan" })},${ask("b2", "no/such")},5]`,
    );
    await rpc.waitForStray(1, "batches");
    const [batch] = rpc.batches;
    expect(batch!.map((r) => [r.id, (r.error as Json | undefined)?.code])).toEqual([
      ["b1", undefined],
      ["b2", -32601],
      [null, -32600],
    ]);
    expect(((batch![0]!.result as Json).mode as string) === "agent").toBe(true);
    expect(await rpc.request("state/get")).toMatchObject({ mode: "plan" });
    // A batch of notifications only gets no answer; an empty batch one error.
    rpc.writeLine(`[${note("mode/set", { mode: "agent" })}]`);
    rpc.writeLine("[]");
    await rpc.waitForStray(1);
    expect(rpc.stray[0]).toMatchObject({ id: null, error: { code: -32600 } });
    expect(await rpc.request("state/get")).toMatchObject({ mode: "agent" });

    // Positional params: wrong where the method takes named ones; `[]` is no params.
    rpc.writeLine(ask("p1", "turn/submit", ["hello"]));
    rpc.writeLine(ask("p2", "state/get", []));
    await rpc.waitForStray(3);
    expect(rpc.stray[1]).toMatchObject({ id: "p1", error: { code: -32602 } });
    expect(rpc.stray[2]).toMatchObject({ id: "p2", result: { busy: false } });

    // `$/cancelRequest` for a request that has not started: answered -32800, not run.
    rpc.writeLine(
      `${ask("c1", "mode/set", { mode: "ask" })}\n${note("$/cancelRequest", { id: "c1" })}`,
    );
    await rpc.waitForStray(4);
    expect(rpc.stray[3]).toMatchObject({ id: "c1", error: { code: -32800 } });
    expect(await rpc.request("state/get")).toMatchObject({ mode: "agent" });

    // `turn/cancel` as a notification cancels the running turn.
    await rpc.request("turn/submit", { text: "take your time" });
    await rpc.waitForEvent((e) => e.type === "text_delta");
    rpc.writeLine(note("turn/cancel"));
    expect(await rpc.waitForEvent((e) => e.type === "turn_end")).toMatchObject({
      stop_reason: "aborted",
    });
    // Everything before this answer has been answered: no notification got one.
    await rpc.request("state/get");
    expect(rpc.stray).toHaveLength(4);
    expect(rpc.batches).toHaveLength(1);
    expect(await rpc.end()).toBe(0);
  });

  it("speaks Content-Length framing (LSP, vscode-jsonrpc) when the client does", async () => {
    const { rpc } = await open("headers", [reply().text("Hello in frames: é ✓.")]);
    // Every answer below is read as a Content-Length frame; a line would fail the parse.
    expect(await rpc.call("no/such")).toMatchObject({ error: { code: -32601 } });
    await rpc.request("session/start", { model: "claude-sonnet-5-5" });
    await rpc.request("turn/submit", { text: "say hi ✓" });
    expect(await rpc.waitForEvent((e) => e.type === "turn_end")).toMatchObject({
      stop_reason: "end",
      text: "Hello in frames: é ✓.",
    });
    rpc.writeMessage(note("$/cancelRequest", { id: 99 }));
    rpc.writeMessage(`[${ask("h1", "state/get")}]`);
    rpc.writeMessage("not json");
    await rpc.waitForStray(1);
    await rpc.waitForStray(1, "batches");
    expect(rpc.batches[0]).toMatchObject([{ id: "h1", result: { busy: false } }]);
    expect(rpc.stray).toMatchObject([{ id: null, error: { code: -32700 } }]);
    expect(await rpc.request("shutdown")).toEqual({ ok: true });
    expect(await rpc.end()).toBe(0);
  });
});
