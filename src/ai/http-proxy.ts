/**
 * Proxies for `httpFetch` (`http-fetch.ts`), read as undici's EnvHttpProxyAgent reads them: the
 * `no_proxy` matching, `Proxy-Authorization` from the proxy URL's userinfo, and CONNECT tunnels
 * for https targets.
 */
import { request as httpRequest } from "node:http";
import type * as Https from "node:https";
import type { Duplex } from "node:stream";
import type * as Tls from "node:tls";
import { https, tls } from "../platform/lazy-builtins.js";

export const bare = (url: URL) => url.hostname.replace(/^\[|\]$/g, "");
export const defaultPort = (url: URL) => Number(url.port) || (url.protocol === "https:" ? 443 : 80);

/** Whether `url` is exempt from proxying under a `no_proxy` list (see the module comment). */
export function matchesNoProxy(list: string, url: URL): boolean {
  const host = bare(url).toLowerCase();
  const port = String(defaultPort(url));
  for (const raw of list.toLowerCase().split(/[\s,]+/)) {
    if (raw === "*") return true;
    // "[v6]:port", "[v6]", "host:port", or a bare host or IPv6 address
    const m = /^\[([^\]]*)\](?::(\d+))?$/.exec(raw) ?? /^([^:]*):(\d+)$/.exec(raw);
    const entry = (m ? (m[1] ?? "") : raw).replace(/^\*?\.?/, "");
    if (!entry || (m?.[2] && m[2] !== port)) continue;
    if (host === entry || host.endsWith(`.${entry}`)) return true;
  }
  return false;
}

export function proxyAuth(proxy: URL): string | undefined {
  if (!proxy.username && !proxy.password) return undefined;
  const user = `${decodeURIComponent(proxy.username)}:${decodeURIComponent(proxy.password)}`;
  return `Basic ${Buffer.from(user).toString("base64")}`;
}

/** Opens a CONNECT tunnel to `host:port` through `proxy`. */
function connectTunnel(proxy: URL, host: string, port: number): Promise<Duplex> {
  return new Promise((resolve, reject) => {
    const target = `${host.includes(":") ? `[${host}]` : host}:${port}`;
    const auth = proxyAuth(proxy);
    const secure = proxy.protocol === "https:";
    const req = (secure ? https().request : httpRequest)({
      host: bare(proxy),
      port: defaultPort(proxy),
      method: "CONNECT",
      path: target,
      headers: { host: target, ...(auth ? { "proxy-authorization": auth } : {}) },
      agent: false,
    });
    req.once("connect", (res, socket, head) => {
      if (res.statusCode !== 200) {
        socket.destroy();
        return reject(new Error(`proxy answered CONNECT ${target} with ${res.statusCode}`));
      }
      if (head.length > 0) socket.unshift(head);
      resolve(socket);
    });
    req.once("error", reject);
    req.end();
  });
}

/** A keep-alive https agent whose sockets are TLS over a CONNECT tunnel through `proxy`. */
export function tunnelAgent(proxy: URL, options: Https.AgentOptions): Https.Agent {
  const agent = new (https().Agent)(options);
  agent.createConnection = (opts, callback) => {
    connectTunnel(proxy, String(opts.host), Number(opts.port) || 443).then(
      (socket) => callback?.(null, tls().connect({ ...(opts as Tls.ConnectionOptions), socket })),
      (err: Error) => callback?.(err, undefined as never),
    );
    return undefined;
  };
  return agent;
}
