import { LightResponse } from "./light-web.js";
import { execFileSync, spawn } from "node:child_process";
import { once } from "node:events";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import * as http from "node:http";
import * as https from "node:https";
import * as net from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import * as zlib from "node:zlib";
import Anthropic from "@anthropic-ai/sdk";
import OpenAI from "openai";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createHttpFetch, httpFetch, matchesNoProxy } from "./http-fetch.js";

// ---------------------------------------------------------------------------------------------
// Test support: servers on 127.0.0.1 that are torn down after each test.

const open = new Set<{ server: net.Server; sockets: Set<net.Socket> }>();

async function listen<S extends net.Server>(server: S): Promise<{ server: S; port: number }> {
  const sockets = new Set<net.Socket>();
  server.on("connection", (s: net.Socket) => {
    sockets.add(s);
    s.on("close", () => sockets.delete(s));
  });
  server.on("secureConnection", (s: net.Socket) => sockets.add(s));
  open.add({ server, sockets });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  return { server, port: (server.address() as net.AddressInfo).port };
}

async function serve(handler: http.RequestListener) {
  const { server, port } = await listen(http.createServer(handler));
  return { server, port, url: `http://127.0.0.1:${port}` };
}

afterEach(async () => {
  for (const entry of open) {
    for (const s of entry.sockets) s.destroy();
    entry.server.close();
  }
  open.clear();
});

function readBody(req: http.IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    let text = "";
    req.setEncoding("utf8");
    req.on("data", (d: string) => (text += d));
    req.on("end", () => resolve(text));
  });
}

/** A promise with its resolver, to synchronise a server and the test without sleeping. */
function deferred<T = void>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

const decoder = new TextDecoder();
async function readChunk(reader: ReadableStreamDefaultReader<Uint8Array>): Promise<string> {
  const { value, done } = await reader.read();
  return done ? "<done>" : decoder.decode(value);
}

/** A forwarding proxy: absolute-form requests for http targets, CONNECT tunnels for the rest. */
async function startProxy(requireAuth?: string) {
  const seen: { method: string; target: string; auth?: string }[] = [];
  const server = http.createServer((req, res) => {
    const auth = req.headers["proxy-authorization"];
    seen.push({ method: req.method ?? "", target: req.url ?? "", auth });
    const target = new URL(req.url ?? "");
    const headers = { ...req.headers };
    delete headers["proxy-authorization"];
    const upstream = http.request(
      { host: target.hostname, port: target.port, path: target.pathname + target.search },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    Object.assign(upstream, { method: req.method });
    for (const [k, v] of Object.entries(headers)) if (v !== undefined) upstream.setHeader(k, v);
    req.pipe(upstream);
  });
  server.on("connect", (req: http.IncomingMessage, socket: net.Socket, head: Buffer) => {
    const auth = req.headers["proxy-authorization"];
    seen.push({ method: "CONNECT", target: req.url ?? "", auth });
    if (requireAuth !== undefined && auth !== requireAuth) {
      socket.end("HTTP/1.1 407 Proxy Authentication Required\r\ncontent-length: 0\r\n\r\n");
      return;
    }
    const { hostname, port } = new URL(`http://${req.url}`);
    const upstream = net.connect(Number(port), hostname.replace(/^\[|\]$/g, ""), () => {
      socket.write("HTTP/1.1 200 Connection Established\r\n\r\n");
      upstream.write(head);
      upstream.pipe(socket);
      socket.pipe(upstream);
    });
    upstream.on("error", () => socket.destroy());
    socket.on("error", () => upstream.destroy());
    socket.on("close", () => upstream.destroy());
  });
  const { port } = await listen(server);
  return { seen, url: `http://127.0.0.1:${port}`, port };
}

// A self-signed certificate for localhost / 127.0.0.1, made at test time when openssl exists.
let tlsDir = "";
let tlsFiles: { key: string; cert: string; certPath: string } | undefined;
try {
  tlsDir = mkdtempSync(join(tmpdir(), "north-http-fetch-"));
  execFileSync(
    "openssl",
    [
      ...["req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes"],
      ...["-keyout", join(tlsDir, "key.pem"), "-out", join(tlsDir, "cert.pem"), "-days", "1"],
      ...["-subj", "/CN=localhost", "-addext", "subjectAltName=DNS:localhost,IP:127.0.0.1"],
    ],
    { stdio: "ignore" },
  );
  tlsFiles = {
    key: readFileSync(join(tlsDir, "key.pem"), "utf8"),
    cert: readFileSync(join(tlsDir, "cert.pem"), "utf8"),
    certPath: join(tlsDir, "cert.pem"),
  };
} catch {
  tlsFiles = undefined;
}
afterAll(() => {
  if (tlsDir) rmSync(tlsDir, { recursive: true, force: true });
});

async function serveTls(handler: http.RequestListener) {
  const files = tlsFiles!;
  const { server, port } = await listen(
    https.createServer({ key: files.key, cert: files.cert }, handler),
  );
  return { server, port };
}

// ---------------------------------------------------------------------------------------------

describe("httpFetch basics", () => {
  it("carries method, headers and body, and returns a Response", async () => {
    const received: { method?: string; headers: http.IncomingHttpHeaders; body: string }[] = [];
    const { url } = await serve(async (req, res) => {
      received.push({ method: req.method, headers: req.headers, body: await readBody(req) });
      res.writeHead(201, "Made", [
        ...["content-type", "application/json", "x-one", "1"],
        ...["set-cookie", "a=1", "set-cookie", "b=2"],
      ]);
      res.end(JSON.stringify({ ok: true }));
    });
    const fetch = createHttpFetch({ proxyFromEnv: false });

    const res = await fetch(`${url}/v1/x?q=1#frag`, {
      method: "post",
      headers: new Headers({ "content-type": "application/json", "x-api-key": "k" }),
      body: JSON.stringify({ a: 1 }),
    });
    expect(res).toBeInstanceOf(LightResponse);
    expect(res.status).toBe(201);
    expect(res.statusText).toBe("Made");
    expect(res.ok).toBe(true);
    expect(res.url).toBe(`${url}/v1/x?q=1`);
    expect(res.redirected).toBe(false);
    expect(res.headers.get("x-one")).toBe("1");
    expect(res.headers.getSetCookie()).toEqual(["a=1", "b=2"]);
    expect(await res.json()).toEqual({ ok: true });
    expect(received[0]).toMatchObject({ method: "POST", body: '{"a":1}' });
    expect(received[0]?.headers).toMatchObject({
      "content-type": "application/json",
      "x-api-key": "k",
      "content-length": "7",
    });

    await (await fetch(url, { headers: { "x-rec": "r" } })).text();
    await (await fetch(url, { headers: [["x-pair", "p"]] })).text();
    expect(received[1]?.headers["x-rec"]).toBe("r");
    expect(received[2]?.headers["x-pair"]).toBe("p");
    expect(received[1]?.method).toBe("GET");
  });

  it("encodes every body kind fetch accepts", async () => {
    const bodies: { type?: string; body: string }[] = [];
    const { url } = await serve(async (req, res) => {
      bodies.push({ type: req.headers["content-type"], body: await readBody(req) });
      res.end();
    });
    const fetch = createHttpFetch({ proxyFromEnv: false });
    const send = async (body: RequestInit["body"]) =>
      (await fetch(url, { method: "PUT", body })).text();
    await send("text");
    await send(new TextEncoder().encode("bytes"));
    await send(new TextEncoder().encode("buffer").buffer as ArrayBuffer);
    await send(new URLSearchParams({ a: "1", b: "x y" }));
    await send(new Blob(["blob"], { type: "text/x-blob" }));
    expect(bodies).toEqual([
      { type: "text/plain;charset=UTF-8", body: "text" },
      { body: "bytes" },
      { body: "buffer" },
      { type: "application/x-www-form-urlencoded;charset=UTF-8", body: "a=1&b=x+y" },
      { type: "text/x-blob", body: "blob" },
    ]);
    await expect(fetch(url, { body: "x" })).rejects.toThrow(TypeError);
  });

  it("gives 204 and HEAD responses a null body", async () => {
    const { url } = await serve((req, res) => {
      res.writeHead(req.url === "/empty" ? 204 : 200, { "content-length": "5" });
      res.end(req.method === "HEAD" ? undefined : "hello");
    });
    const fetch = createHttpFetch({ proxyFromEnv: false });
    const empty = await fetch(`${url}/empty`, { method: "DELETE" });
    expect(empty.status).toBe(204);
    expect(empty.body).toBeNull();
    const head = await fetch(url, { method: "HEAD" });
    expect(head.body).toBeNull();
    expect(head.headers.get("content-length")).toBe("5");
  });

  it("reuses one keep-alive connection for sequential requests", async () => {
    const { server, url } = await serve((_req, res) => res.end("x"));
    let connections = 0;
    server.on("connection", () => connections++);
    const fetch = createHttpFetch({ proxyFromEnv: false });
    for (let i = 0; i < 3; i++) expect(await (await fetch(url)).text()).toBe("x");
    expect(connections).toBe(1);
  });
});

describe("httpFetch streaming and decoding", () => {
  it("streams the body as bytes arrive", async () => {
    const started = deferred<http.ServerResponse>();
    const { url } = await serve((_req, res) => {
      res.writeHead(200, { "content-type": "text/event-stream" });
      res.write("one");
      started.resolve(res);
    });
    const res = await createHttpFetch({ proxyFromEnv: false })(url);
    const reader = res.body!.getReader();
    expect(await readChunk(reader)).toBe("one");
    const server = await started.promise;
    server.write("two");
    expect(await readChunk(reader)).toBe("two");
    server.end();
    expect(await readChunk(reader)).toBe("<done>");
  });

  it("decodes gzip, deflate and br, and streams gzip incrementally", async () => {
    const text = "compressed ".repeat(50);
    const gzip = deferred<zlib.Gzip>();
    const { url } = await serve((req, res) => {
      const coding = req.url!.slice(1);
      res.setHeader("content-encoding", coding === "stream" ? "gzip" : coding);
      if (coding === "gzip") res.end(zlib.gzipSync(text));
      else if (coding === "deflate") res.end(zlib.deflateSync(text));
      else if (coding === "br") res.end(zlib.brotliCompressSync(text));
      else {
        const z = zlib.createGzip();
        z.pipe(res);
        z.write("first");
        z.flush(() => gzip.resolve(z));
      }
    });
    const fetch = createHttpFetch({ proxyFromEnv: false });
    for (const coding of ["gzip", "deflate", "br"]) {
      expect(await (await fetch(`${url}/${coding}`)).text()).toBe(text);
    }
    const reader = (await fetch(`${url}/stream`)).body!.getReader();
    expect(await readChunk(reader)).toBe("first");
    const z = await gzip.promise;
    z.end("second");
    expect(await readChunk(reader)).toBe("second");
  });
});

describe("httpFetch abort and errors", () => {
  it("rejects at once when the signal is already aborted", async () => {
    let requests = 0;
    const { url } = await serve((_req, res) => (requests++, res.end()));
    const fetch = createHttpFetch({ proxyFromEnv: false });
    const reason = new Error("stop");
    await expect(fetch(url, { signal: AbortSignal.abort(reason) })).rejects.toBe(reason);
    const plain = new AbortController();
    plain.abort();
    await expect(fetch(url, { signal: plain.signal })).rejects.toMatchObject({
      name: "AbortError",
    });
    expect(requests).toBe(0);
  });

  it("aborts before the response and destroys the socket", async () => {
    const arrived = deferred<http.IncomingMessage>();
    const { url } = await serve((req) => arrived.resolve(req));
    const controller = new AbortController();
    const pending = createHttpFetch({ proxyFromEnv: false })(url, { signal: controller.signal });
    const req = await arrived.promise;
    const closed = once(req.socket, "close");
    controller.abort();
    const err = await pending.catch((e: unknown) => e);
    expect(err).toBeInstanceOf(DOMException);
    expect(err).toMatchObject({ name: "AbortError" });
    await closed;
  });

  it("aborts mid-body: the stream errors with AbortError and the socket closes", async () => {
    const sent = deferred<http.ServerResponse>();
    const { url } = await serve((_req, res) => {
      res.write("part");
      sent.resolve(res);
    });
    const controller = new AbortController();
    const res = await createHttpFetch({ proxyFromEnv: false })(url, { signal: controller.signal });
    const reader = res.body!.getReader();
    expect(await readChunk(reader)).toBe("part");
    const closed = once((await sent.promise).socket!, "close");
    controller.abort();
    await expect(reader.read()).rejects.toMatchObject({ name: "AbortError" });
    await closed;
  });

  it("cancelling the body destroys the socket", async () => {
    const sent = deferred<http.ServerResponse>();
    const { url } = await serve((_req, res) => {
      res.write("part");
      sent.resolve(res);
    });
    const res = await createHttpFetch({ proxyFromEnv: false })(url);
    const closed = once((await sent.promise).socket!, "close");
    await res.body!.cancel();
    await closed;
  });

  it("rejects a refused connection with TypeError('fetch failed') and a cause", async () => {
    const { server, port } = await listen(net.createServer());
    server.close();
    await once(server, "close");
    const err = await createHttpFetch({ proxyFromEnv: false })(`http://127.0.0.1:${port}/`).catch(
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(TypeError);
    expect((err as TypeError).message).toBe("fetch failed");
    expect((err as TypeError).cause).toMatchObject({ code: "ECONNREFUSED" });
  });

  it("rejects schemes other than http(s) and proxies it cannot speak", async () => {
    const fetch = createHttpFetch({ proxyFromEnv: false });
    await expect(fetch("file:///etc/hostname")).rejects.toThrow("fetch failed");
    const env = { https_proxy: "socks5://127.0.0.1:1080" };
    expect(() => createHttpFetch({ env })).toThrow("unsupported proxy scheme socks5:");
  });

  it("accepts a Request as input", async () => {
    const { url } = await serve(async (req, res) =>
      res.end(`${req.method} ${await readBody(req)}`),
    );
    const fetch = createHttpFetch({ proxyFromEnv: false });
    const res = await fetch(new Request(url, { method: "POST", body: "from request" }));
    expect(await res.text()).toBe("POST from request");
  });

  it("errors the body with TypeError('terminated') when the server drops mid-body", async () => {
    const { url } = await serve((_req, res) => {
      res.writeHead(200, { "content-length": "100" });
      res.write("short", () => res.socket?.destroy());
    });
    const res = await createHttpFetch({ proxyFromEnv: false })(url);
    await expect(res.text()).rejects.toMatchObject({ name: "TypeError", message: "terminated" });
  });
});

describe("httpFetch on a kept-alive connection the server closed", () => {
  /**
   * An HTTP/1.1 server that answers each connection's first request and keeps it open, then
   * drops the connection when a second request comes on it, unanswered: what a server closing
   * an idle connection looks like to a client that sent on it at that moment.
   */
  async function dropsSecondOnConnection() {
    const seen: number[] = [];
    let connections = 0;
    const { port } = await listen(
      net.createServer((socket) => {
        const id = ++connections;
        let requests = 0;
        socket.on("data", (data) => {
          if (!data.includes("\r\n\r\n")) return;
          seen.push(id);
          if (++requests > 1) return void socket.resetAndDestroy();
          socket.write("HTTP/1.1 200 OK\r\nContent-Length: 2\r\nKeep-Alive: timeout=5\r\n\r\nok");
        });
        socket.on("error", () => {});
      }),
    );
    return { seen, url: `http://127.0.0.1:${port}/` };
  }

  it("sends the request again on a new connection, and the caller sees only the answer", async () => {
    const { seen, url } = await dropsSecondOnConnection();
    const fetch = createHttpFetch({ proxyFromEnv: false });
    expect(await (await fetch(url, { method: "POST", body: "one" })).text()).toBe("ok");
    expect(await (await fetch(url, { method: "POST", body: "two" })).text()).toBe("ok");
    // The second request went out on connection 1, was dropped, and was answered on 2.
    expect(seen).toEqual([1, 1, 2]);
  });

  it("a new connection dropped unanswered is a network error, not sent again", async () => {
    let requests = 0;
    const { port } = await listen(
      net.createServer((socket) => {
        socket.on("data", () => (requests++, socket.resetAndDestroy()));
        socket.on("error", () => {});
      }),
    );
    const err = await createHttpFetch({ proxyFromEnv: false })(`http://127.0.0.1:${port}/`).catch(
      (e: unknown) => e,
    );
    expect(err).toMatchObject({ name: "TypeError", message: "fetch failed" });
    expect((err as TypeError).cause).toMatchObject({ code: "ECONNRESET" });
    expect(requests).toBe(1);
  });
});

describe("httpFetch redirects", () => {
  it("follows redirects as fetch does and drops credentials across origins", async () => {
    const seen: { url?: string; method?: string; body: string; auth?: string }[] = [];
    const other = await serve(async (req, res) => {
      seen.push({ url: req.url, method: req.method, body: await readBody(req), auth: "" });
      seen.at(-1)!.auth = req.headers.authorization;
      res.end("elsewhere");
    });
    const { url } = await serve(async (req, res) => {
      const body = await readBody(req);
      seen.push({ url: req.url, method: req.method, body, auth: req.headers.authorization });
      if (req.url === "/302") res.writeHead(302, { location: "/final" }).end();
      else if (req.url === "/307") res.writeHead(307, { location: "/final" }).end();
      else if (req.url === "/away")
        res.writeHead(301, { location: `http://localhost:${other.port}/x` }).end();
      else res.end("final");
    });
    const fetch = createHttpFetch({ proxyFromEnv: false });
    const headers = { authorization: "Bearer t", "content-type": "text/plain" };

    const r1 = await fetch(`${url}/302`, { method: "POST", body: "b", headers });
    expect([await r1.text(), r1.url, r1.redirected]).toEqual(["final", `${url}/final`, true]);
    expect(seen.slice(0, 2).map((s) => [s.url, s.method, s.body, s.auth])).toEqual([
      ["/302", "POST", "b", "Bearer t"],
      ["/final", "GET", "", "Bearer t"],
    ]);

    seen.length = 0;
    await (await fetch(`${url}/307`, { method: "POST", body: "b", headers })).text();
    expect(seen[1]).toMatchObject({ url: "/final", method: "POST", body: "b" });

    seen.length = 0;
    expect(await (await fetch(`${url}/away`, { headers })).text()).toBe("elsewhere");
    expect(seen[1]).toMatchObject({ url: "/x", auth: undefined });

    const manual = await fetch(`${url}/302`, { redirect: "manual" });
    expect([manual.status, manual.headers.get("location")]).toEqual([302, "/final"]);
    await expect(fetch(`${url}/302`, { redirect: "error" })).rejects.toThrow("fetch failed");
  });
});

describe("httpFetch proxies", () => {
  it("sends http targets to the proxy as absolute URLs with basic auth", async () => {
    const proxy = await startProxy();
    const { url } = await serve((req, res) => res.end(`host ${req.headers.host} ${req.url}`));
    const fetch = createHttpFetch({
      env: { http_proxy: `http://us%40er:p%3Ass@127.0.0.1:${proxy.port}` },
    });
    expect(await (await fetch(`${url}/a?b=1`)).text()).toBe(`host ${new URL(url).host} /a?b=1`);
    expect(proxy.seen).toEqual([
      {
        method: "GET",
        target: `${url}/a?b=1`,
        auth: `Basic ${Buffer.from("us@er:p:ss").toString("base64")}`,
      },
    ]);
  });

  it("goes direct when NO_PROXY matches or proxyFromEnv is false", async () => {
    const proxy = await startProxy();
    const { url, port } = await serve((_req, res) => res.end("direct"));
    for (const env of [
      { HTTP_PROXY: proxy.url, NO_PROXY: "127.0.0.1" },
      { http_proxy: proxy.url, no_proxy: `example.com, 127.0.0.1:${port}` },
      { http_proxy: proxy.url, no_proxy: "*" },
    ]) {
      expect(await (await createHttpFetch({ env })(url)).text()).toBe("direct");
    }
    const off = createHttpFetch({ env: { http_proxy: proxy.url }, proxyFromEnv: false });
    expect(await (await off(url)).text()).toBe("direct");
    expect(proxy.seen).toEqual([]);
    // A port that does not match still goes through the proxy.
    const env = { http_proxy: proxy.url, no_proxy: `127.0.0.1:${port + 1}` };
    expect(await (await createHttpFetch({ env })(url)).text()).toBe("direct");
    expect(proxy.seen).toHaveLength(1);
  });

  it("matches NO_PROXY entries like curl and undici", () => {
    const u = (s: string) => new URL(s);
    expect(matchesNoProxy("*", u("https://api.anthropic.com"))).toBe(true);
    expect(matchesNoProxy("anthropic.com", u("https://api.anthropic.com"))).toBe(true);
    expect(matchesNoProxy(".anthropic.com", u("https://anthropic.com"))).toBe(true);
    expect(matchesNoProxy("*.anthropic.com", u("https://api.anthropic.com"))).toBe(true);
    expect(matchesNoProxy("anthropic.com", u("https://notanthropic.com"))).toBe(false);
    expect(matchesNoProxy("API.Example.com", u("http://api.example.com"))).toBe(true);
    expect(matchesNoProxy("example.com:8443", u("https://example.com:8443"))).toBe(true);
    expect(matchesNoProxy("example.com:8443", u("https://example.com"))).toBe(false);
    expect(matchesNoProxy("example.com:443", u("https://example.com"))).toBe(true);
    expect(matchesNoProxy("a.com b.com", u("http://b.com"))).toBe(true);
    expect(matchesNoProxy("[::1]:8080", u("http://[::1]:8080"))).toBe(true);
    expect(matchesNoProxy("::1", u("http://[::1]:8080"))).toBe(true);
    expect(matchesNoProxy("[::1]:80", u("http://[::1]:8080"))).toBe(false);
    expect(matchesNoProxy("localhost", u("http://127.0.0.1"))).toBe(false);
    expect(matchesNoProxy("", u("http://localhost"))).toBe(false);
  });

  describe.skipIf(!tlsFiles)("https (self-signed certificate from openssl)", () => {
    it("verifies TLS: refuses an unknown CA, accepts one it was given", async () => {
      const { port } = await serveTls((_req, res) => res.end("secure"));
      const strict = createHttpFetch({ proxyFromEnv: false });
      const err = await strict(`https://localhost:${port}/`).catch((e: unknown) => e);
      expect(err).toMatchObject({ message: "fetch failed", cause: { code: expect.any(String) } });
      const trusting = createHttpFetch({ proxyFromEnv: false, ca: tlsFiles!.cert });
      expect(await (await trusting(`https://localhost:${port}/`)).text()).toBe("secure");
    });

    it("tunnels https through CONNECT, checks the name, and reuses the tunnel", async () => {
      const proxy = await startProxy();
      const { port } = await serveTls((req, res) => res.end(`tls ${req.url}`));
      const fetch = createHttpFetch({ env: { HTTPS_PROXY: proxy.url }, ca: tlsFiles!.cert });
      expect(await (await fetch(`https://localhost:${port}/one`)).text()).toBe("tls /one");
      expect(await (await fetch(`https://localhost:${port}/two`)).text()).toBe("tls /two");
      expect(proxy.seen).toEqual([{ method: "CONNECT", target: `localhost:${port}` }]);
      // The certificate names localhost and 127.0.0.1, not this name: TLS must refuse it.
      const wrong = await fetch(`https://127.0.0.2:${port}/`).catch((e: unknown) => e);
      expect(wrong).toMatchObject({ message: "fetch failed" });
    });

    it("falls back to http_proxy for https and sends proxy credentials on CONNECT", async () => {
      const auth = `Basic ${Buffer.from("u:p").toString("base64")}`;
      const proxy = await startProxy(auth);
      const { port } = await serveTls((_req, res) => res.end("ok"));
      const good = createHttpFetch({
        env: { http_proxy: `http://u:p@127.0.0.1:${proxy.port}` },
        ca: tlsFiles!.cert,
      });
      expect(await (await good(`https://localhost:${port}/`)).text()).toBe("ok");
      const bad = createHttpFetch({ env: { http_proxy: proxy.url }, ca: tlsFiles!.cert });
      const err = await bad(`https://localhost:${port}/`).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(TypeError);
      expect(String((err as TypeError).cause)).toContain("407");
    });
  });
});

// ---------------------------------------------------------------------------------------------
// A child process must exit as soon as its work is done, even with idle keep-alive sockets.

describe("process exit", () => {
  let dir = "";
  let modulePath = "";
  beforeAll(async () => {
    const { build } = await import("esbuild");
    dir = mkdtempSync(join(tmpdir(), "north-http-fetch-child-"));
    modulePath = join(dir, "http-fetch.mjs");
    await build({
      entryPoints: [fileURLToPath(new URL("./http-fetch.ts", import.meta.url))],
      outfile: modulePath,
      format: "esm",
      platform: "node",
      bundle: true,
      logLevel: "silent",
    });
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  async function runChild(target: string, env: Record<string, string>) {
    const script = join(dir, `child-${Math.random().toString(36).slice(2)}.mjs`);
    writeFileSync(
      script,
      [
        // Fail loudly if anything reads the global fetch (undici's client).
        `Object.defineProperty(globalThis, "fetch", { get() { throw new Error("global fetch used"); } });`,
        `const { httpFetch } = await import(${JSON.stringify(modulePath)});`,
        `for (let i = 0; i < 2; i++) console.log(await (await httpFetch(${JSON.stringify(target)})).text());`,
        `console.log("done");`,
      ].join("\n"),
    );
    const child = spawn(process.execPath, [script], {
      env: { PATH: process.env.PATH ?? "", ...env },
      stdio: ["ignore", "pipe", "inherit"],
    });
    let out = "";
    child.stdout.on("data", (d: Buffer) => (out += d.toString()));
    // The servers keep idle connections for a minute: a socket that holds the child open
    // would keep it alive far beyond this guard, which then kills it (code null).
    const guard = setTimeout(() => child.kill(), 5000);
    const [code] = (await once(child, "exit")) as [number | null];
    clearTimeout(guard);
    return { code, out };
  }

  it("exits promptly after a plain http request", async () => {
    const { server, url } = await serve((_req, res) => res.end("hi"));
    server.keepAliveTimeout = 60_000;
    expect(await runChild(url, {})).toEqual({ code: 0, out: "hi\nhi\ndone\n" });
  });

  it.skipIf(!tlsFiles)(
    "exits promptly after https through a CONNECT proxy, trusting NODE_EXTRA_CA_CERTS",
    async () => {
      const proxy = await startProxy();
      const { server, port } = await serveTls((_req, res) => res.end("tunnelled"));
      server.keepAliveTimeout = 60_000;
      const env = { https_proxy: proxy.url, NODE_EXTRA_CA_CERTS: tlsFiles!.certPath };
      expect(await runChild(`https://localhost:${port}/`, env)).toEqual({
        code: 0,
        out: "tunnelled\ntunnelled\ndone\n",
      });
      expect(proxy.seen).toHaveLength(1); // one tunnel, reused for both requests
    },
  );
});

// ---------------------------------------------------------------------------------------------
// Both SDKs, end to end, over a real local server speaking their streaming wire formats.

function sse(event: string | undefined, data: unknown): string {
  return `${event ? `event: ${event}\n` : ""}data: ${typeof data === "string" ? data : JSON.stringify(data)}\n\n`;
}

describe("SDKs over httpFetch", () => {
  it("Anthropic messages.stream receives events incrementally", async () => {
    const firstSeen = deferred();
    const paths: string[] = [];
    const { url } = await serve(async (req, res) => {
      paths.push(`${req.method} ${req.url}`);
      await readBody(req);
      res.writeHead(200, { "content-type": "text/event-stream", "request-id": "req_1" });
      const usage = { input_tokens: 3, output_tokens: 1 };
      res.write(
        sse("message_start", {
          type: "message_start",
          message: {
            ...{ id: "msg_1", type: "message", role: "assistant", model: "claude-test" },
            ...{ content: [], stop_reason: null, stop_sequence: null, usage },
          },
        }),
      );
      res.write(
        sse("content_block_start", {
          type: "content_block_start",
          index: 0,
          content_block: { type: "text", text: "" },
        }),
      );
      const delta = (text: string) =>
        sse("content_block_delta", {
          type: "content_block_delta",
          index: 0,
          delta: { type: "text_delta", text },
        });
      res.write(delta("Hel"));
      await firstSeen.promise; // the client must have seen "Hel" before the rest is sent
      res.write(delta("lo"));
      res.write(sse("content_block_stop", { type: "content_block_stop", index: 0 }));
      res.write(
        sse("message_delta", {
          type: "message_delta",
          delta: { stop_reason: "end_turn", stop_sequence: null },
          usage: { output_tokens: 2 },
        }),
      );
      res.end(sse("message_stop", { type: "message_stop" }));
    });
    const client = new Anthropic({ baseURL: url, apiKey: "k", fetch: httpFetch, maxRetries: 0 });
    const stream = client.messages.stream({
      model: "claude-test",
      max_tokens: 64,
      messages: [{ role: "user", content: "hi" }],
    });
    const texts: string[] = [];
    stream.on("text", (t) => {
      texts.push(t);
      if (t === "Hel") firstSeen.resolve();
    });
    const message = await stream.finalMessage();
    expect(texts).toEqual(["Hel", "lo"]);
    expect(message.content).toMatchObject([{ type: "text", text: "Hello" }]);
    expect(message.stop_reason).toBe("end_turn");
    expect(paths).toEqual(["POST /v1/messages"]);
  });

  it("OpenAI chat.completions streams chunks", async () => {
    const { url } = await serve(async (req, res) => {
      const body = JSON.parse(await readBody(req)) as { stream: boolean; model: string };
      expect([req.url, body.stream, req.headers.authorization]).toEqual([
        "/v1/chat/completions",
        true,
        "Bearer k",
      ]);
      res.writeHead(200, { "content-type": "text/event-stream" });
      const chunk = (delta: object, finish: string | null) => ({
        ...{ id: "c1", object: "chat.completion.chunk", created: 1, model: body.model },
        choices: [{ index: 0, delta, finish_reason: finish }],
      });
      res.write(sse(undefined, chunk({ role: "assistant", content: "Hi" }, null)));
      res.write(sse(undefined, chunk({ content: " there" }, null)));
      res.write(sse(undefined, chunk({}, "stop")));
      res.end(sse(undefined, "[DONE]"));
    });
    const client = new OpenAI({ baseURL: `${url}/v1`, apiKey: "k", fetch: httpFetch });
    const stream = await client.chat.completions.create({
      model: "gpt-test",
      stream: true,
      messages: [{ role: "user", content: "hi" }],
    });
    let text = "";
    let finish: string | null = null;
    for await (const c of stream) {
      text += c.choices[0]?.delta.content ?? "";
      finish = c.choices[0]?.finish_reason ?? finish;
    }
    expect([text, finish]).toEqual(["Hi there", "stop"]);
  });

  it("the SDKs classify refused connections and user aborts", async () => {
    const { server, port } = await listen(net.createServer());
    server.close();
    await once(server, "close");
    const dead = `http://127.0.0.1:${port}`;
    const anthropic = new Anthropic({
      baseURL: dead,
      apiKey: "k",
      fetch: httpFetch,
      maxRetries: 0,
    });
    const params = {
      model: "m",
      max_tokens: 1,
      messages: [{ role: "user" as const, content: "x" }],
    };
    const err = await anthropic.messages.create(params).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(Anthropic.APIConnectionError);
    expect(err).not.toBeInstanceOf(Anthropic.APIConnectionTimeoutError);
    const openai = new OpenAI({ baseURL: dead, apiKey: "k", fetch: httpFetch, maxRetries: 0 });
    const messages = [{ role: "user" as const, content: "x" }];
    const oerr = await openai.chat.completions.create({ model: "m", messages }).catch((e) => e);
    expect(oerr).toBeInstanceOf(OpenAI.APIConnectionError);

    const arrived = deferred();
    const { url } = await serve(() => arrived.resolve());
    const controller = new AbortController();
    const live = new Anthropic({ baseURL: url, apiKey: "k", fetch: httpFetch, maxRetries: 0 });
    const pending = live.messages.create(params, { signal: controller.signal });
    await arrived.promise;
    controller.abort();
    await expect(pending).rejects.toBeInstanceOf(Anthropic.APIUserAbortError);

    // The SDK's own timeout aborts through the signal and is reported as a timeout.
    const slow = new Anthropic({ baseURL: url, apiKey: "k", fetch: httpFetch, maxRetries: 0 });
    const timedOut = slow.messages.create(params, { timeout: 50 });
    await expect(timedOut).rejects.toBeInstanceOf(Anthropic.APIConnectionTimeoutError);
  });
});
