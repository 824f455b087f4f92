import { request as httpRequest, type IncomingMessage, type RequestOptions } from "node:http";
import { isIP } from "node:net";
import type { Readable } from "node:stream";
import { https, zlib } from "../../platform/lazy-builtins.js";
import { BlockedAddressError, guardedLookup, isPrivateAddress } from "./address-guard.js";

/** What North sends as its user-agent on the web (never the model provider's headers). */
export const WEB_USER_AGENT = `North/${typeof __NORTH_VERSION__ === "string" ? __NORTH_VERSION__ : "dev"} (coding agent; web_fetch)`;
declare const __NORTH_VERSION__: string | undefined;

export const MAX_REDIRECTS = 10;

export interface WebRequest {
  url: URL;
  method?: "GET" | "POST";
  /** Sent to the first URL's origin only; dropped when a redirect leaves it. */
  headers?: Record<string, string>;
  body?: string;
  signal: AbortSignal;
  /** Host names (as written in URLs) that may resolve to private addresses: `web.allowHosts`. */
  allowHosts: readonly string[];
  /**
   * Called before the request to the first URL and to each URL a redirect leads to: resolves
   * when North may reach it, throws (a `ToolError` for the model) when not.
   */
  approve: (url: URL) => Promise<void>;
  /** The whole exchange, redirects included, ends after this long. */
  timeoutMs: number;
  /** Bytes of the (decoded) body kept; the rest is not read. */
  maxBytes: number;
}

export interface WebResponse {
  /** The URL that answered (after redirects). */
  url: string;
  status: number;
  statusText: string;
  /** The media type, lower case, without parameters (`text/html`); "" when not sent. */
  type: string;
  /** The `charset` parameter of the content type, when sent. */
  charset?: string;
  body: Buffer;
  /** True when the body was longer than `maxBytes` and was cut there. */
  cut: boolean;
}

/** Why a fetch failed, in words for the model. */
export class WebRequestError extends Error {
  override name = "WebRequestError";
}

const REDIRECT = new Set([301, 302, 303, 307, 308]);

/** The host of `url` as a socket takes it (IPv6 without brackets), lower case. */
export const hostOf = (url: URL) => url.hostname.replace(/^\[|\]$/g, "").toLowerCase();

/** Whether the person's `allowHosts` lists this URL's host (exact names, case-insensitive). */
export function hostAllowed(url: URL, allowHosts: readonly string[]): boolean {
  const host = hostOf(url);
  return allowHosts.some((h) => h.replace(/^\[|\]$/g, "").toLowerCase() === host);
}

/**
 * One web request on `node:http`/`node:https` (never the global fetch, never a proxy): redirects
 * followed up to {@link MAX_REDIRECTS}, http and https only, each hop approved by `approve` and
 * checked against the private ranges — an IP in the URL before connecting, a name through
 * {@link guardedLookup} as the socket connects — unless its host is in `allowHosts`. The body is
 * read up to `maxBytes` (decoded), then the connection is closed. Aborts with `signal` and after
 * `timeoutMs`. Throws `WebRequestError` (or what `approve` throws).
 */
export async function webRequest(req: WebRequest): Promise<WebResponse> {
  const deadline = new AbortController();
  const timer = setTimeout(
    () => deadline.abort(new WebRequestError(`timed out after ${seconds(req.timeoutMs)}`)),
    req.timeoutMs,
  );
  const signal = AbortSignal.any([req.signal, deadline.signal]);
  try {
    let url = req.url;
    let method = req.method ?? "GET";
    let body = req.body;
    let headers = req.headers ?? {};
    for (let hop = 0; ; hop++) {
      if (url.protocol !== "http:" && url.protocol !== "https:") {
        throw new WebRequestError(`${url.href}: only http and https URLs can be fetched`);
      }
      await req.approve(url);
      const res = await send(url, method, headers, body, req.allowHosts, signal);
      const location = res.headers.location;
      if (REDIRECT.has(res.statusCode ?? 0) && location) {
        res.destroy();
        if (hop >= MAX_REDIRECTS) {
          throw new WebRequestError(`more than ${MAX_REDIRECTS} redirects, last to ${location}`);
        }
        let next: URL;
        try {
          next = new URL(location, url);
        } catch {
          throw new WebRequestError(`${url.href} redirected to an invalid URL: ${location}`);
        }
        if (next.origin !== url.origin) headers = {};
        if (
          res.statusCode === 303 ||
          (method === "POST" && res.statusCode !== 307 && res.statusCode !== 308)
        ) {
          method = "GET";
          body = undefined;
        }
        url = next;
        continue;
      }
      const read = await readBody(res, req.maxBytes, signal);
      const [type = "", ...params] = (res.headers["content-type"] ?? "").split(";");
      const charset = params
        .map((p) => /^\s*charset\s*=\s*"?([^";\s]+)"?/i.exec(p)?.[1])
        .find(Boolean);
      return {
        url: url.href,
        status: res.statusCode ?? 0,
        statusText: res.statusMessage ?? "",
        type: type.trim().toLowerCase(),
        ...(charset ? { charset: charset.toLowerCase() } : {}),
        ...read,
      };
    }
  } catch (error) {
    if (deadline.signal.aborted && !req.signal.aborted) throw deadline.signal.reason;
    throw error;
  } finally {
    clearTimeout(timer);
  }
}

const seconds = (ms: number) => (ms % 1000 === 0 ? `${ms / 1000} s` : `${ms} ms`);

function send(
  url: URL,
  method: string,
  headers: Record<string, string>,
  body: string | undefined,
  allowHosts: readonly string[],
  signal: AbortSignal,
): Promise<IncomingMessage> {
  const host = hostOf(url);
  const allowed = hostAllowed(url, allowHosts);
  if (!allowed && isIP(host) && isPrivateAddress(host)) {
    return Promise.reject(blocked(new BlockedAddressError(host, host)));
  }
  const options: RequestOptions = {
    method,
    hostname: host,
    port: url.port || undefined,
    path: `${url.pathname}${url.search}`,
    headers: {
      "user-agent": WEB_USER_AGENT,
      accept:
        "text/html,application/xhtml+xml,text/markdown,text/plain,application/json;q=0.9,*/*;q=0.8",
      "accept-encoding": "gzip, deflate, br",
      ...headers,
      ...(body !== undefined ? { "content-length": String(Buffer.byteLength(body)) } : {}),
    },
    agent: false,
    signal,
    ...(allowed ? {} : { lookup: guardedLookup as RequestOptions["lookup"] }),
  };
  return new Promise((resolve, reject) => {
    const request = url.protocol === "https:" ? https().request : httpRequest;
    const req = request(options, resolve);
    req.on("error", (error) => {
      if (signal.aborted) return reject(signal.reason);
      reject(
        error instanceof BlockedAddressError
          ? blocked(error)
          : new WebRequestError(`${url.href}: ${error.message}`),
      );
    });
    req.end(body);
  });
}

const blocked = (error: BlockedAddressError) =>
  new WebRequestError(
    `refused: ${error.host === error.address ? error.host : `${error.host} resolves to ${error.address}, which`} is a loopback, private or link-local address. North reaches such addresses only for hosts the person lists in "web.allowHosts" of their own config.`,
  );

async function readBody(
  res: IncomingMessage,
  maxBytes: number,
  signal: AbortSignal,
): Promise<{ body: Buffer; cut: boolean }> {
  const source = decoded(res);
  const chunks: Buffer[] = [];
  let size = 0;
  let cut = false;
  try {
    for await (const chunk of source as AsyncIterable<Buffer>) {
      if (signal.aborted) throw signal.reason;
      const room = maxBytes - size;
      if (chunk.length >= room && size + chunk.length > maxBytes) {
        chunks.push(chunk.subarray(0, room));
        size += room;
        cut = true;
        break;
      }
      chunks.push(chunk);
      size += chunk.length;
    }
  } catch (error) {
    if (signal.aborted) throw signal.reason;
    throw new WebRequestError(`the connection failed while reading: ${(error as Error).message}`);
  } finally {
    res.destroy();
    if (source !== res) source.destroy();
  }
  return { body: Buffer.concat(chunks, size), cut };
}

/** The body decoded from gzip, deflate or br; as it is for any other coding. */
function decoded(res: IncomingMessage): Readable {
  const coding = (res.headers["content-encoding"] ?? "").trim().toLowerCase();
  const z = zlib();
  const decoder =
    coding === "gzip" || coding === "x-gzip"
      ? z.createGunzip()
      : coding === "deflate"
        ? z.createInflate()
        : coding === "br"
          ? z.createBrotliDecompress()
          : undefined;
  if (!decoder) return res;
  res.on("error", (error) => decoder.destroy(error));
  return res.pipe(decoder);
}
