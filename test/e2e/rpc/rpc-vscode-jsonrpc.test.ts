// `north rpc` driven by vscode-jsonrpc's stock StreamMessageReader/StreamMessageWriter (LSP's
// Content-Length framing): what an editor extension built on that library does, unchanged.
import { spawn } from "node:child_process";
import { afterEach, describe, expect, it } from "vitest";
import {
  createMessageConnection,
  StreamMessageReader,
  StreamMessageWriter,
  type MessageConnection,
} from "vscode-jsonrpc/node.js";
import { CLI, makeHome, makeRepo } from "../../support/cli-runner.js";
import { reply } from "../../support/mock-model-server.js";
import { useE2e, anthropicEnv } from "../../support/e2e-fixture.js";

type Json = Record<string, unknown>;

const e2e = useE2e();
let closers: (() => void)[] = [];
afterEach(() => {
  for (const close of closers) close();
  closers = [];
});

describe("north rpc and vscode-jsonrpc", () => {
  it("answers requests, runs notifications and sends events over Content-Length frames", async () => {
    const server = await e2e.server([reply().text("Framed hello ✓.")]);
    const { env } = makeHome();
    const childEnv: Record<string, string | undefined> = { ...process.env };
    for (const name of ["ANTHROPIC_API_KEY", "ANTHROPIC_BASE_URL", "OPENAI_API_KEY"])
      delete childEnv[name];
    const child = spawn(process.execPath, [CLI, "rpc"], {
      cwd: makeRepo(),
      env: { ...childEnv, ...env, ...anthropicEnv(server) },
      stdio: "pipe",
    });
    const exited = new Promise<number | null>((resolve) => child.on("close", resolve));
    const connection: MessageConnection = createMessageConnection(
      new StreamMessageReader(child.stdout),
      new StreamMessageWriter(child.stdin),
    );
    const errors: unknown[] = [];
    connection.onError((e) => errors.push(e));
    const events: Json[] = [];
    connection.onNotification("event", (params: Json) => events.push(params));
    connection.listen();
    closers.push(() => {
      connection.dispose();
      if (child.exitCode === null) child.kill();
    });

    // A request answered; an unknown method is a ResponseError the library raises.
    await connection.sendRequest("session/start", { model: "claude-sonnet-5-5" });
    await expect(connection.sendRequest("no/such", {})).rejects.toMatchObject({ code: -32601 });

    // A notification is run (mode/set) and not answered (the library would report a stray).
    await connection.sendNotification("mode/set", { mode: "plan" });
    expect(await connection.sendRequest("state/get", {})).toMatchObject({ mode: "plan" });
    await connection.sendNotification("mode/set", { mode: "agent" });

    // Session events arrive as `event` notifications in frames.
    await connection.sendRequest("turn/submit", { text: "say hi ✓" });
    await expect
      .poll(() => events.find((e) => e.type === "turn_end"))
      .toMatchObject({ stop_reason: "end", text: "Framed hello ✓." });
    expect(events.some((e) => e.type === "text_delta")).toBe(true);
    expect(await connection.sendRequest("state/get", {})).toMatchObject({ mode: "agent" });

    expect(errors).toEqual([]);
    expect(await connection.sendRequest("shutdown", {})).toEqual({ ok: true });
    connection.dispose();
    child.stdin.end();
    expect(await exited).toBe(0);
  });
});
