// North driven as a Claude Code SDK host drives `claude` (issue 27, interop review F2/F4): spawn
// with `-p --input-format stream-json --output-format stream-json`, keep standard input open,
// send `control_request` initialize and wait for its `control_response`, send user messages,
// read `system`/`init` and a result object with Claude Code's fields, interrupt a turn with a
// `control_request` interrupt, go on, close standard input.
import { spawn } from "node:child_process";
import { afterEach, describe, expect, it } from "vitest";
import { CLI, makeHome, makeRepo } from "../support/cli-runner.js";
import { reply, startMockModelServer, type MockModelServer } from "../support/mock-model-server.js";
import { TINY_PNG } from "../support/images.js";

type Json = Record<string, unknown>;

let server: MockModelServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** The host's side: lines written to the CLI, messages read back, waiting on one that matches. */
function host(cwd: string, env: Record<string, string>) {
  const child = spawn(
    process.execPath,
    [CLI, "-p", "--input-format", "stream-json", "--output-format", "stream-json"],
    { cwd, env: { PATH: process.env.PATH ?? "", ...env }, stdio: ["pipe", "pipe", "pipe"] },
  );
  const messages: Json[] = [];
  const waiters: { match: (m: Json) => boolean; resolve: (m: Json) => void }[] = [];
  let buffer = "";
  let stderr = "";
  child.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
  child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
    buffer += chunk;
    for (let i = buffer.indexOf("\n"); i >= 0; i = buffer.indexOf("\n")) {
      const message = JSON.parse(buffer.slice(0, i)) as Json;
      buffer = buffer.slice(i + 1);
      messages.push(message);
      for (const w of waiters.splice(0)) {
        if (w.match(message)) w.resolve(message);
        else waiters.push(w);
      }
    }
  });
  const exited = new Promise<number | null>((resolve) => child.on("close", resolve));
  return {
    messages,
    stderr: () => stderr,
    send: (message: Json) => child.stdin.write(`${JSON.stringify(message)}\n`),
    /** The first message from now on (or already read, after `from`) that `match`es. */
    next(match: (m: Json) => boolean, from = 0): Promise<Json> {
      const seen = messages.slice(from).find(match);
      if (seen) return Promise.resolve(seen);
      return new Promise((resolve) => waiters.push({ match, resolve }));
    },
    close: () => child.stdin.end(),
    exited,
  };
}

const user = (text: string) => ({
  type: "user",
  message: { role: "user", content: [{ type: "text", text }] },
  parent_tool_use_id: null,
  session_id: "",
});

const response = (id: string) => (m: Json) =>
  m.type === "control_response" && (m.response as Json).request_id === id;

describe("a Claude Code SDK host driving north -p", () => {
  it("is answered: initialize, init, results with Claude's fields, interrupt", async () => {
    server = await startMockModelServer([
      reply().text("ans one"),
      reply().text("never finished").hold("second"),
      reply().text("ans three"),
    ]);
    const { env } = makeHome();
    const cli = host(makeRepo(), {
      ...env,
      ANTHROPIC_API_KEY: "sk-ant-test",
      ANTHROPIC_BASE_URL: server.anthropicBaseUrl,
    });

    cli.send({ type: "control_request", request_id: "req_1", request: { subtype: "initialize" } });
    const init = await cli.next(response("req_1"));
    expect(init.response).toMatchObject({
      subtype: "success",
      response: {
        model: "claude-sonnet-5-5",
        permissionMode: "default",
        commands: expect.arrayContaining([expect.objectContaining({ name: "cost" })]) as unknown,
      },
    });

    cli.send(user("first"));
    const first = await cli.next((m) => m.type === "result");
    expect(cli.messages[0]).toMatchObject({
      type: "system",
      subtype: "init",
      model: "claude-sonnet-5-5",
      permissionMode: "default",
      tools: expect.arrayContaining(["read_file", "shell_run"]) as unknown,
    });
    expect(typeof cli.messages[0]!.cwd).toBe("string");
    expect(first).toMatchObject({
      subtype: "success",
      is_error: false,
      result: "ans one",
      num_turns: 1,
      total_cost_usd: expect.any(Number) as unknown,
      session_id: (cli.messages[0] as Json).session_id,
      // North's own fields stay.
      text: "ans one",
      stop_reason: "end",
      steps: 1,
    });
    expect(typeof first.duration_ms).toBe("number");

    const from = cli.messages.length;
    cli.send(user("second"));
    await cli.next((m) => m.type === "step_start", from);
    cli.send({ type: "control_request", request_id: "req_2", request: { subtype: "interrupt" } });
    expect((await cli.next(response("req_2"))).response).toMatchObject({ subtype: "success" });
    const second = await cli.next((m) => m.type === "result", from);
    expect(second).toMatchObject({
      stop_reason: "aborted",
      is_error: true,
      subtype: "error_during_execution",
    });

    // The run goes on after an interrupt, as Claude Code's does.
    const later = cli.messages.length;
    cli.send(user("third"));
    expect(await cli.next((m) => m.type === "result", later)).toMatchObject({
      result: "ans three",
    });
    cli.send({ type: "control_request", request_id: "req_3", request: { subtype: "rewind" } });
    expect((await cli.next(response("req_3"))).response).toMatchObject({ subtype: "error" });
    cli.close();
    expect(await cli.exited).toBe(0);
    expect(cli.stderr()).not.toMatch(/skipped/);
  }, 60_000);

  it("sends an image block with the text (Anthropic's image block)", async () => {
    server = await startMockModelServer([reply().text("seen")]);
    const { env } = makeHome();
    const cli = host(makeRepo(), {
      ...env,
      ANTHROPIC_API_KEY: "sk-ant-test",
      ANTHROPIC_BASE_URL: server.anthropicBaseUrl,
    });
    cli.send({
      type: "user",
      message: {
        role: "user",
        content: [
          { type: "text", text: "with image" },
          { type: "image", source: { type: "base64", media_type: "image/png", data: TINY_PNG } },
        ],
      },
    });
    await cli.next((m) => m.type === "result");
    cli.close();
    expect(await cli.exited).toBe(0);
    expect(cli.stderr()).not.toContain("image");
    const body = server.requests[0]!.body as { messages: { content: unknown }[] };
    expect(body.messages.at(-1)?.content).toEqual([
      { type: "text", text: "with image" },
      expect.objectContaining({
        type: "image",
        source: { type: "base64", media_type: "image/png", data: TINY_PNG },
      }),
    ]);
  }, 60_000);
});
