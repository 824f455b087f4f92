import { once } from "node:events";
import * as http from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { classifyError } from "./errors.js";
import { createHttpFetch } from "./http-fetch.js";
import { SseProgress } from "./stall.js";

const servers = new Set<http.Server>();
afterEach(() => {
  for (const server of servers) {
    server.closeAllConnections();
    server.close();
  }
  servers.clear();
});

async function serve(handler: http.RequestListener): Promise<string> {
  const server = http.createServer(handler);
  servers.add(server);
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

const hints = { keyEnv: "K", baseUrlEnv: "U", model: "m" };
const sse = { "content-type": "text/event-stream" };
const bytes = (text: string) => new TextEncoder().encode(text);

describe("SseProgress", () => {
  it("counts content lines, not comments, empty lines or pings, across chunk boundaries", () => {
    const p = new SseProgress();
    expect(p.scan(bytes(": keep-alive\n\n"))).toBe(false);
    expect(p.scan(bytes('event: ping\ndata: {"type": "ping"}\n\n'))).toBe(false);
    expect(p.scan(bytes("\r\n:\r\n"))).toBe(false);
    expect(p.scan(bytes("eve"))).toBe(false); // undecided until the line shows what it is
    expect(p.scan(bytes("nt: message_start\n"))).toBe(true);
    expect(p.scan(bytes('data: {"type":"content_block_delta","delta":{"text":"a long'))).toBe(true);
    expect(p.scan(bytes(" line still arriving"))).toBe(true);
    expect(p.scan(bytes("\n\n: x\n\n"))).toBe(false);
  });
});

describe("httpFetch time limits", () => {
  it("rejects when no headers come within connectMs, classified as a retryable stall", async () => {
    const url = await serve(() => {}); // accepts, never answers
    const fetch = createHttpFetch({
      proxyFromEnv: false,
      timeouts: { connectMs: 80, idleMs: 5000 },
    });
    const error = await fetch(url).catch((e: unknown) => e);
    expect(error).toMatchObject({ name: "TypeError", cause: { name: "ModelStallError" } });
    const classified = classifyError(error, hints);
    expect(classified).toMatchObject({ kind: "network", retryable: true });
    expect(classified.message).toMatch(/did not start answering within 80 ms/);
  });

  it("errors the body when only keep-alives and pings arrive for idleMs", async () => {
    let sent = 0;
    const url = await serve((_req, res) => {
      res.writeHead(200, sse);
      res.write('event: message_start\ndata: {"type":"message_start"}\n\n');
      const beat = () => {
        if (res.destroyed) return;
        res.write(sent++ % 2 ? ": keep-alive\n\n" : 'event: ping\ndata: {"type": "ping"}\n\n');
        setTimeout(beat, 10);
      };
      beat();
    });
    const fetch = createHttpFetch({
      proxyFromEnv: false,
      timeouts: { connectMs: 5000, idleMs: 150 },
    });
    const res = await fetch(url);
    const error = await res.text().catch((e: unknown) => e);
    expect(error).toMatchObject({ name: "ModelStallError", phase: "idle" });
    expect(sent).toBeGreaterThan(3);
    expect(classifyError(error, hints).message).toMatch(/sent nothing for 150 ms/);
  });

  it("lets a slow stream with real progress finish", async () => {
    const url = await serve((_req, res) => {
      res.writeHead(200, sse);
      let n = 0;
      const next = () => {
        if (n++ === 6) return void res.end("data: [DONE]\n\n");
        res.write(`data: {"n":${n}}\n\n`);
        setTimeout(next, 40);
      };
      next();
    });
    const fetch = createHttpFetch({
      proxyFromEnv: false,
      timeouts: { connectMs: 5000, idleMs: 1000 },
    });
    expect(await (await fetch(url)).text()).toContain("[DONE]");
  });

  it("keeps only harmless headers when a redirect leaves the origin", async () => {
    let seen: http.IncomingHttpHeaders = {};
    const other = await serve((req, res) => {
      seen = req.headers;
      res.end("ok");
    });
    const url = await serve((_req, res) => res.writeHead(307, { location: `${other}/x` }).end());
    const fetch = createHttpFetch({ proxyFromEnv: false });
    const headers = {
      "x-secret-token": "s1",
      "x-org-secret": "s2",
      "api-key": "s3",
      "content-type": "application/json",
      "x-stainless-lang": "js",
      "anthropic-version": "2023-06-01",
    };
    await (await fetch(url, { method: "POST", body: "{}", headers })).text();
    expect(seen).toMatchObject({
      "content-type": "application/json",
      "x-stainless-lang": "js",
      "anthropic-version": "2023-06-01",
    });
    expect(Object.keys(seen)).not.toContain("x-secret-token");
    expect(Object.keys(seen)).not.toContain("x-org-secret");
    expect(Object.keys(seen)).not.toContain("api-key");
  });
});
