import { createServer, type Server } from "node:http";

/** The page the browser shows after the redirect. */
const DONE_PAGE = "North: signed in. You can close this tab and return to the terminal.\n";
const FAILED_PAGE = "North: the sign-in failed. Return to the terminal for details.\n";

/**
 * A one-shot HTTP listener on 127.0.0.1 for the OAuth redirect (RFC 8252 loopback redirect):
 * `redirectUrl` is `http://127.0.0.1:<port>/callback`. `code` resolves with the authorization
 * code of the first redirect whose `state` matches; an error redirect, a wrong state, `signal`
 * or `timeoutMs` reject it. Close it when done.
 */
export interface Loopback {
  redirectUrl: string;
  code: Promise<string>;
  close(): Promise<void>;
}

/** Listens on `port` (0: any free one); a taken port rejects with the listen error. */
export async function startLoopback(
  expectedState: string,
  options: { port?: number; signal?: AbortSignal; timeoutMs: number },
): Promise<Loopback> {
  let settle!: { resolve: (code: string) => void; reject: (error: Error) => void };
  const code = new Promise<string>((resolve, reject) => (settle = { resolve, reject }));
  code.catch(() => {});
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    if (url.pathname !== "/callback") {
      res.writeHead(404, { "content-type": "text/plain" }).end("Not found\n");
      return;
    }
    const error = url.searchParams.get("error");
    const got = url.searchParams.get("code");
    const state = url.searchParams.get("state");
    const ok = !error && got && state === expectedState;
    res.writeHead(ok ? 200 : 400, { "content-type": "text/plain; charset=utf-8" });
    res.end(ok ? DONE_PAGE : FAILED_PAGE);
    if (ok) settle.resolve(got);
    else if (error) {
      const about = url.searchParams.get("error_description");
      settle.reject(
        new Error(`the server refused the sign-in: ${error}${about ? ` (${about})` : ""}`),
      );
    } else settle.reject(new Error("the sign-in redirect did not match this sign-in (state)"));
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, "127.0.0.1", () => resolve());
  });
  const timer = setTimeout(
    () => settle.reject(new Error(`no sign-in within ${Math.round(options.timeoutMs / 1000)} s`)),
    options.timeoutMs,
  );
  const onAbort = () => settle.reject(new Error("the sign-in was cancelled"));
  options.signal?.addEventListener("abort", onAbort, { once: true });
  const port = (server.address() as { port: number }).port;
  return {
    redirectUrl: `http://127.0.0.1:${port}/callback`,
    code,
    close: () =>
      new Promise<void>((resolve) => {
        clearTimeout(timer);
        options.signal?.removeEventListener("abort", onAbort);
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
