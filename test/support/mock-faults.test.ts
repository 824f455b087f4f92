import * as http from "node:http";
import { afterEach, describe, expect, it } from "vitest";
import {
  fault,
  type MockModelServer,
  redirect,
  startMockModelServer,
} from "./mock-model-server.js";

let server: MockModelServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** POSTs a streaming request and resolves with the status, headers and the first `bytes` of body. */
function post(url: string, bytes: number) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }>(
    (resolve, reject) => {
      const req = http.request(url, {
        method: "POST",
        headers: { "content-type": "application/json" },
      });
      req.on("error", reject);
      req.on("response", (res) => {
        let body = "";
        res.setEncoding("utf8");
        const done = () => {
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body });
          req.destroy();
        };
        res.on("data", (chunk: string) => {
          body += chunk;
          if (body.length >= bytes) done();
        });
        res.on("end", done);
      });
      req.end(JSON.stringify({ model: "m", stream: true, messages: [] }));
    },
  );
}

describe("mock faults", () => {
  it("ping_forever: Anthropic message_start, then pings in the real format", async () => {
    server = await startMockModelServer([fault("ping_forever", { intervalMs: 5 })]);
    const { status, headers, body } = await post(`${server.url}/v1/messages`, 1000);
    expect(status).toBe(200);
    expect(headers["content-type"]).toMatch(/^text\/event-stream/);
    const events = body.split("\n\n").filter(Boolean);
    expect(events[0]).toMatch(/^event: message_start\ndata: \{"type":"message_start"/);
    expect(events.slice(1, 3)).toEqual([
      'event: ping\ndata: {"type": "ping"}',
      'event: ping\ndata: {"type": "ping"}',
    ]);
  });

  it("keepalive_forever: only comment lines", async () => {
    server = await startMockModelServer([fault("keepalive_forever", { intervalMs: 5 })]);
    const { body } = await post(`${server.url}/v1/chat/completions`, 40);
    expect(body.startsWith(": keep-alive\n\n: keep-alive\n\n")).toBe(true);
  });

  it("malformed_sse: a cut-off JSON event after the first one, then the end", async () => {
    server = await startMockModelServer([fault("malformed_sse")]);
    const { body } = await post(`${server.url}/v1/responses`, Infinity);
    const events = body.split("\n\n").filter(Boolean);
    expect(events[0]).toMatch(/^event: response.created\n/);
    expect(() => JSON.parse(events[1]!.split("data: ")[1]!)).toThrow(SyntaxError);
  });

  it("a redirect answers with its status and location, and hang_before_headers never answers", async () => {
    server = await startMockModelServer([
      redirect("http://127.0.0.1:9/v1/chat/completions"),
      fault("hang_before_headers"),
    ]);
    const moved = await post(`${server.url}/v1/chat/completions`, 1);
    expect([moved.status, moved.headers.location]).toEqual([
      307,
      "http://127.0.0.1:9/v1/chat/completions",
    ]);
    const req = http.request(`${server.url}/v1/chat/completions`, { method: "POST" });
    let answered = false;
    req.on("response", () => (answered = true)).on("error", () => {});
    req.end(JSON.stringify({ model: "m", stream: true, messages: [] }));
    await server.waitForRequests(2);
    req.destroy();
    expect(await server.waitForResponse(1)).toBe("client_closed");
    expect(answered).toBe(false);
  });
});
