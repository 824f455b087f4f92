/**
 * A `fetch` for the vendor SDKs on `node:http` / `node:https`. Node's global `fetch` (undici)
 * compiles its HTTP parser on first use, which makes a one-step run 1.5-2.5x as long and costs
 * 17-38 MiB more (Node 22 and 20; `bench/transport.mjs`, AGENTS.md "Start-up budget"), and
 * delays its exit; this module never touches it. Even touching undici's `Headers` or `Response`
 * loads its JavaScript (~20 ms), so responses are `LightResponse`s with `LightHeaders`
 * (`light-web.ts`), which the SDKs read like the real ones.
 *
 * Contract — what `@anthropic-ai/sdk` and `openai` rely on:
 * - `input`: string, URL or Request; `init`: `method` (standard names upper-cased), `headers`
 *   (Headers, record or pairs), `body`, `signal`, `redirect`; the rest is ignored. Bodies are
 *   buffered: strings and bytes as they are, anything else through `new Response(body)`.
 * - Resolves with a `Response` (a `LightResponse`) when the headers arrive; its body streams as bytes come
 *   (SSE is incremental), decoded when `content-encoding` is gzip, deflate or br (we never add
 *   `accept-encoding`). 204/205/304 and HEAD have a null body. `url` and `redirected` are set.
 * - Redirects are followed like fetch (at most 20; 301/302 POST and 303 become GET). Crossing
 *   origins keeps only the harmless headers of {@link CROSS_ORIGIN_SAFE} (accept, content-type,
 *   user-agent, `x-stainless-*`, `anthropic-version`…): every other header may carry a
 *   credential (a gateway's `apiKeyHeader`, the config's `headers`) and is dropped.
 *   `redirect: "manual"` returns the 3xx; `"error"` rejects.
 * - `timeouts` (optional, see `stall.ts`): no response headers within `connectMs` of sending the
 *   request rejects with `TypeError("fetch failed", { cause: ModelStallError })`; no progress in
 *   the body for `idleMs` (SSE keep-alive comments and pings are not progress) errors the body
 *   stream with the `ModelStallError` itself. Either destroys the socket.
 * - `signal`: already aborted rejects at once with its reason; later aborts reject (before the
 *   headers) or error the body stream (after) with the reason, and destroy the socket. The
 *   reason defaults to an `AbortError` DOMException, as in fetch.
 * - Network failures reject with `TypeError("fetch failed", { cause })`, as undici does, so the
 *   SDKs report connection errors; a connection lost mid-body errors the stream with
 *   `TypeError("terminated", { cause })`.
 * - Keep-alive agents reuse connections; Node unrefs idle sockets, so they never hold the process
 *   open. A request that a reused connection loses before any answer (the server closed it
 *   while idle) is sent again on a new connection, up to 3 times; a new connection's loss is
 *   the caller's network error. TLS is verified by Node's defaults (`NODE_EXTRA_CA_CERTS` works).
 * - Proxies (`proxyFromEnv`, default true), read as undici's EnvHttpProxyAgent does (lower case
 *   first): `http_proxy` for http targets, sent the absolute URL; `https_proxy`, else
 *   `http_proxy`, for https targets, tunnelled with CONNECT, then TLS to the target. Userinfo
 *   in the proxy URL becomes `Proxy-Authorization: Basic`. `no_proxy`: comma/space list; `*`
 *   is everything; `host`, `.host` and `*.host` match the host and its subdomains; `host:port`
 *   also the port; IPv6 may be bracketed; no CIDR. Loopback targets are proxied unless
 *   `no_proxy` names them, as in undici and curl.
 */
import { LightHeaders, LightResponse } from "./light-web.js";
import { Agent, request as httpRequest, type ClientRequest, type IncomingMessage } from "node:http";
import type * as Https from "node:https";
import type { Duplex, Readable } from "node:stream";
import { finished, pipeline } from "node:stream";
import { bare, defaultPort, matchesNoProxy, proxyAuth, tunnelAgent } from "./http-proxy.js";
import { ModelStallError, type RequestTimeouts, SseProgress } from "./stall.js";
import { https, tls, zlib } from "../platform/lazy-builtins.js";

export { matchesNoProxy } from "./http-proxy.js";

export interface HttpFetchOptions {
  /** Use the proxy environment variables (default true). */
  proxyFromEnv?: boolean;
  /** Where to read the proxy variables from (default `process.env`). */
  env?: Record<string, string | undefined>;
  /** Extra trusted CA certificates (PEM) for https, added to Node's bundled roots. */
  ca?: string | string[];
  /** Connect and idle limits of every request (none when absent); see the module comment. */
  timeouts?: RequestTimeouts;
}

const NULL_BODY = new Set([101, 103, 204, 205, 304]);
const REDIRECT = new Set([301, 302, 303, 307, 308]);
const METHODS = new Set(["DELETE", "GET", "HEAD", "OPTIONS", "POST", "PUT", "PATCH"]);
/** The request headers kept when a redirect leaves the origin; all others are dropped. */
export const CROSS_ORIGIN_SAFE =
  /^(?:accept|accept-language|content-type|user-agent|x-stainless-[a-z0-9-]+|anthropic-version|anthropic-beta|openai-beta)$/i;
const BODY_HEADERS = ["content-type", "content-length", "content-encoding", "content-language"];

/**
 * How a kept-alive connection that the server closed while idle fails the next request sent on
 * it: the server never read that request (Node and uvicorn servers close idle connections after
 * 5 s, and a busy client can miss the moment). Like browsers, such a request is sent again on
 * a new connection, at most {@link MAX_STALE_RETRIES} times, instead of reaching the person as
 * a network error and a retry notice.
 */
const STALE_CONNECTION = new Set(["ECONNRESET", "EPIPE", "ECONNABORTED"]);
const MAX_STALE_RETRIES = 3;
class StaleConnection extends Error {
  constructor(cause: unknown) {
    super("kept-alive connection closed by the server", { cause });
  }
}
const errorCode = (err: unknown): string =>
  String((err as NodeJS.ErrnoException | undefined)?.code ?? "");

const abortReason = (signal: AbortSignal): unknown =>
  signal.reason ?? new DOMException("This operation was aborted", "AbortError");
const fetchFailed = (cause: unknown) => new TypeError("fetch failed", { cause });
async function encodeBody(body: unknown, headers: LightHeaders): Promise<Buffer | null> {
  if (body === null || body === undefined) return null;
  if (typeof body === "string") {
    if (!headers.has("content-type")) headers.set("content-type", "text/plain;charset=UTF-8");
    return Buffer.from(body);
  }
  if (body instanceof ArrayBuffer) return Buffer.from(body);
  if (ArrayBuffer.isView(body)) return Buffer.from(body.buffer, body.byteOffset, body.byteLength);
  const wrapped = new Response(body as ConstructorParameters<typeof Response>[0]);
  const type = wrapped.headers.get("content-type");
  if (type && !headers.has("content-type")) headers.set("content-type", type);
  return Buffer.from(await wrapped.arrayBuffer());
}

function decoders(encoding = ""): Duplex[] {
  if (/^\s*(identity)?\s*$/i.test(encoding)) return [];
  const z = zlib();
  const flush = { flush: z.constants.Z_SYNC_FLUSH, finishFlush: z.constants.Z_SYNC_FLUSH };
  const out: Duplex[] = [];
  for (const coding of encoding.toLowerCase().split(",").reverse()) {
    const c = coding.trim();
    if (c === "gzip" || c === "x-gzip") out.push(z.createGunzip(flush));
    else if (c === "deflate") out.push(z.createInflate(flush));
    else if (c === "br") out.push(z.createBrotliDecompress());
    else if (c !== "" && c !== "identity") return []; // unknown coding: leave the body as it is
  }
  return out;
}

/** The body of `res` as a web stream that follows the socket and honours `signal`. */
function bodyStream(
  req: ClientRequest,
  res: IncomingMessage,
  signal: AbortSignal | undefined,
  idleMs: number | undefined,
): ReadableStream<Uint8Array> {
  let done = false;
  let ctrl!: ReadableStreamDefaultController<Uint8Array>;
  const onAbort = () => fail(abortReason(signal!));
  // The idle clock runs while we wait for the server, not while the reader holds us back.
  let idle: NodeJS.Timeout | undefined;
  let held = false;
  // One timer, restarted with `refresh` on progress: cheaper than a new one per chunk.
  const arm = () => {
    if (!idleMs || done) return;
    if (idle) idle.refresh();
    else idle = setTimeout(() => fail(new ModelStallError("idle", idleMs)), idleMs);
  };
  const sse = /^text\/event-stream/i.test(res.headers["content-type"] ?? "");
  const progress = sse ? new SseProgress() : undefined;
  const finish = () => {
    done = true;
    clearTimeout(idle);
    signal?.removeEventListener("abort", onAbort);
  };
  const fail = (err: unknown) => {
    if (done) return;
    finish();
    ctrl.error(err);
    res.destroy();
    req.destroy();
  };
  const chain = decoders(res.headers["content-encoding"]);
  const onEnd = (err?: Error | null) => {
    if (err) fail(new TypeError("terminated", { cause: err }));
  };
  const source: Readable =
    chain.length > 0 ? (pipeline([res, ...chain], onEnd) as unknown as Readable) : res;
  if (chain.length === 0) finished(res, onEnd);
  let batch: Buffer[] = [];
  let batchBytes = 0;
  let full = false;
  let flushing = false;
  const stream = new ReadableStream<Uint8Array>({
    start(c) {
      ctrl = c;
    },
    pull() {
      if (held) {
        held = false;
        arm();
      }
      // A full batch waits for its flush (next check phase): resuming here would let one poll
      // phase read the socket unbounded (libuv reads up to 32 times 64 KB per turn), and the
      // keyboard would wait behind megabytes of parsing.
      if (!full) source.resume();
    },
    cancel() {
      finish();
      res.destroy();
      req.destroy();
    },
  });
  // Chunks that arrive in the same turn of the event loop go to the reader as one: a fast
  // stream of small SSE events then costs one read per batch, not one per packet.
  // A batch is at most BATCH_BYTES: past that the socket waits, so a fast server cannot fill
  // memory faster than the reader empties it.
  const flush = () => {
    flushing = false;
    if (done || batch.length === 0) return;
    const bytes = batch.length === 1 ? batch[0]! : Buffer.concat(batch);
    batch = [];
    batchBytes = 0;
    ctrl.enqueue(new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength));
    if ((ctrl.desiredSize ?? 0) <= 0) {
      source.pause();
      held = true;
      clearTimeout(idle);
      idle = undefined;
    } else if (full) source.resume();
    full = false;
  };
  source.on("data", (chunk: Buffer) => {
    if (done) return;
    if (!progress || progress.scan(chunk)) arm();
    batch.push(chunk);
    batchBytes += chunk.length;
    if (batchBytes >= BATCH_BYTES) {
      full = true;
      source.pause();
    }
    if (!flushing) {
      flushing = true;
      setImmediate(flush);
    }
  });
  source.once("end", () => {
    if (done) return;
    flush();
    finish();
    ctrl.close();
  });
  if (signal?.aborted) onAbort();
  else signal?.addEventListener("abort", onAbort, { once: true });
  arm();
  return stream;
}

/** The most bytes that go to the reader as one chunk (see `bodyStream`). */
const BATCH_BYTES = 64 * 1024;

// TLS (with crypto) and zlib are loaded when first needed (src/platform/lazy-builtins.ts): a
// run against a local server over plain http (Ollama, vLLM, the tests) never pays for them.

/** Creates a `fetch` on node:http/node:https with its own keep-alive agents. */
export function createHttpFetch(options: HttpFetchOptions = {}): typeof fetch {
  const { timeouts } = options;
  const env = options.env ?? process.env;
  const useProxy = options.proxyFromEnv !== false;
  const parse = (value?: string) => {
    const proxy =
      value && useProxy ? new URL(/:\/\//.test(value) ? value : `http://${value}`) : null;
    if (proxy && !/^https?:$/.test(proxy.protocol))
      throw new TypeError(`unsupported proxy scheme ${proxy.protocol}`);
    return proxy ?? undefined;
  };
  const httpProxy = parse(env.http_proxy || env.HTTP_PROXY);
  const httpsProxy = parse(env.https_proxy || env.HTTPS_PROXY);
  const noProxy = (useProxy && (env.no_proxy || env.NO_PROXY)) || "";
  const httpAgent = new Agent({ keepAlive: true });
  const agentOptions = (): Https.AgentOptions => {
    const ca =
      options.ca === undefined ? undefined : [...tls().rootCertificates, options.ca].flat();
    return { keepAlive: true, ...(ca ? { ca } : {}) };
  };
  let httpsAgent: Https.Agent | undefined;
  const secureAgent = () => (httpsAgent ??= new (https().Agent)(agentOptions()));
  let tunnel: Https.Agent | undefined;

  /**
   * Sends a request; one that a kept-alive connection lost before any answer came is sent again
   * on another (see {@link STALE_CONNECTION}).
   */
  async function send(
    url: URL,
    method: string,
    headers: LightHeaders,
    body: Buffer | null,
    signal?: AbortSignal,
  ): Promise<[ClientRequest, IncomingMessage]> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await sendOnce(url, method, headers, body, signal);
      } catch (err) {
        if (!(err instanceof StaleConnection) || attempt > MAX_STALE_RETRIES) {
          throw err instanceof StaleConnection ? fetchFailed(err.cause) : err;
        }
      }
    }
  }

  function sendOnce(
    url: URL,
    method: string,
    headers: LightHeaders,
    body: Buffer | null,
    signal?: AbortSignal,
  ) {
    return new Promise<[ClientRequest, IncomingMessage]>((resolve, reject) => {
      const secure = url.protocol === "https:";
      let proxy = secure ? (httpsProxy ?? httpProxy) : httpProxy;
      if (proxy && matchesNoProxy(noProxy, url)) proxy = undefined;
      const out: Record<string, string> = {};
      headers.forEach((value, key) => (out[key] = value));
      if (body) out["content-length"] = String(body.length);
      else if (method === "POST" || method === "PUT") out["content-length"] = "0";
      const path = url.pathname + url.search;
      const port = defaultPort(url);
      let options: Https.RequestOptions = { method, host: bare(url), port, path, headers: out };
      let viaTls = secure;
      if (proxy && !secure) {
        const auth = proxyAuth(proxy);
        viaTls = proxy.protocol === "https:";
        Object.assign(out, { host: url.host }, auth ? { "proxy-authorization": auth } : {});
        options = {
          ...options,
          host: bare(proxy),
          port: defaultPort(proxy),
          path: url.origin + path,
        };
      } else if (proxy) {
        tunnel ??= tunnelAgent(proxy, agentOptions());
      }
      options.agent = proxy && secure ? tunnel : viaTls ? secureAgent() : httpAgent;
      const req = viaTls ? https().request(options) : httpRequest(options);
      let timer: NodeJS.Timeout | undefined;
      const settle = () => {
        clearTimeout(timer);
        signal?.removeEventListener("abort", onAbort);
      };
      const onAbort = () => {
        settle();
        reject(abortReason(signal!));
        req.destroy();
      };
      signal?.addEventListener("abort", onAbort, { once: true });
      req.once("response", (res) => {
        settle();
        resolve([req, res]);
      });
      req.on("error", (err) => {
        settle();
        const stale = req.reusedSocket && !signal?.aborted && STALE_CONNECTION.has(errorCode(err));
        reject(stale ? new StaleConnection(err) : fetchFailed(err));
      });
      const connectMs = timeouts?.connectMs;
      if (connectMs) {
        timer = setTimeout(() => {
          settle();
          reject(fetchFailed(new ModelStallError("connect", connectMs)));
          req.destroy();
        }, connectMs);
      }
      req.end(body ?? undefined);
    });
  }

  async function httpFetch(
    input: string | URL | Request,
    init: RequestInit = {},
  ): Promise<Response> {
    const request = typeof input === "string" || input instanceof URL ? undefined : input;
    const signal = init.signal ?? request?.signal ?? undefined;
    if (signal?.aborted) throw abortReason(signal);
    let url = new URL(request ? request.url : String(input));
    if (!/^https?:$/.test(url.protocol)) throw fetchFailed(new Error(`scheme ${url.protocol}`));
    let method = init.method ?? request?.method ?? "GET";
    if (METHODS.has(method.toUpperCase())) method = method.toUpperCase();
    const headers = new LightHeaders(
      (init.headers ?? request?.headers) as ConstructorParameters<typeof LightHeaders>[0],
    );
    const source =
      init.body !== undefined ? init.body : request?.body ? await request.arrayBuffer() : null;
    if (source != null && (method === "GET" || method === "HEAD")) {
      throw new TypeError("Request with GET/HEAD method cannot have body.");
    }
    let body = await encodeBody(source, headers);
    const redirect = init.redirect ?? request?.redirect ?? "follow";
    for (let hops = 0; ; hops++) {
      let req: ClientRequest, res: IncomingMessage;
      try {
        [req, res] = await send(url, method, headers, body, signal);
      } catch (err) {
        throw signal?.aborted || err instanceof TypeError ? err : fetchFailed(err); // sync throws
      }
      const status = res.statusCode ?? 0;
      const location = res.headers.location;
      if (REDIRECT.has(status) && location !== undefined && redirect !== "manual") {
        res.resume();
        let next: URL | undefined;
        try {
          next = new URL(location, url);
        } catch {}
        if (redirect === "error" || hops >= 20 || !next || !/^https?:$/.test(next.protocol)) {
          throw fetchFailed(new Error(`redirect to ${location} refused`));
        }
        if ((status === 303 && method !== "HEAD") || (status <= 302 && method === "POST")) {
          method = "GET";
          body = null;
          BODY_HEADERS.forEach((name) => headers.delete(name));
        }
        if (next.origin !== url.origin) {
          const names: string[] = [];
          headers.forEach((_, name) => names.push(name));
          names.filter((n) => !CROSS_ORIGIN_SAFE.test(n)).forEach((n) => headers.delete(n));
        }
        url = next;
        continue;
      }
      const responseHeaders = new LightHeaders();
      for (let i = 0; i + 1 < res.rawHeaders.length; i += 2) {
        responseHeaders.append(res.rawHeaders[i] as string, res.rawHeaders[i + 1] as string);
      }
      const empty = NULL_BODY.has(status) || method === "HEAD";
      if (empty) res.resume();
      let response: LightResponse;
      try {
        response = new LightResponse(
          empty ? null : bodyStream(req, res, signal, timeouts?.idleMs),
          {
            status,
            statusText: res.statusMessage ?? "",
            headers: responseHeaders,
            url: url.href.replace(/#.*$/, ""),
            redirected: hops > 0,
          },
        );
      } catch (err) {
        req.destroy();
        throw fetchFailed(err);
      }
      return response as unknown as Response;
    }
  }
  return httpFetch as typeof fetch;
}

let shared: typeof fetch | undefined;
/** The shared instance, made on first use: proxies from `process.env` at that moment. */
export const httpFetch: typeof fetch = async (input, init) =>
  (shared ??= createHttpFetch())(input, init);
