import { startLoopback } from "./loopback.js";
import { NorthOAuthProvider } from "./oauth-provider.js";
import { OAuthStore } from "./oauth-store.js";
import { crypto } from "../../platform/lazy-builtins.js";

/** How long a sign-in waits for the person to finish in the browser. */
export const SIGN_IN_TIMEOUT_MS = 5 * 60_000;

export interface SignInOptions {
  /** The MCP server's URL (its Streamable HTTP or SSE endpoint). */
  serverUrl: string;
  /** North's data directory's `mcp-auth/` folder. */
  authDir: string;
  /** Shows the authorization URL the person must open (printed, or shown in the TUI). */
  show(url: string): void;
  signal?: AbortSignal;
  timeoutMs?: number;
}

/**
 * The OAuth authorization-code flow with PKCE for one server, by the SDK's `auth()`: discovery,
 * dynamic client registration (reused on later sign-ins when its loopback port is free), the
 * URL for the person, the loopback redirect on 127.0.0.1, the code exchange; tokens end in the
 * store (0600). Resolves when signed in ("already" when stored tokens were still good or were
 * refreshed); rejects with a message for the person otherwise.
 */
export async function signIn(options: SignInOptions): Promise<"signed-in" | "already"> {
  const { auth } = await import("@modelcontextprotocol/client");
  const store = new OAuthStore(options.authDir, options.serverUrl);
  const probe = new NorthOAuthProvider({ store });
  const state = crypto().randomBytes(16).toString("hex");
  const timeoutMs = options.timeoutMs ?? SIGN_IN_TIMEOUT_MS;
  const listen = (port?: number) =>
    startLoopback(state, {
      timeoutMs,
      ...(port !== undefined ? { port } : {}),
      ...(options.signal ? { signal: options.signal } : {}),
    });
  const loopback = await listen(loopbackPort(probe.registeredRedirect())).catch(async () => {
    // The registered port is taken (or there is none): register again with a new one.
    store.update({ client: undefined });
    return listen();
  });
  try {
    const provider = new NorthOAuthProvider({
      store,
      redirectUrl: loopback.redirectUrl,
      onAuthorizationUrl: (url) => options.show(url.href),
      state,
    });
    if (probe.registeredRedirect() !== loopback.redirectUrl) store.update({ client: undefined });
    const first = await auth(provider, { serverUrl: options.serverUrl });
    if (first === "AUTHORIZED") return "already";
    const code = await loopback.code;
    await auth(provider, { serverUrl: options.serverUrl, authorizationCode: code });
    return "signed-in";
  } finally {
    await loopback.close();
  }
}

/** The port of a loopback redirect URI with an explicit port, else undefined. */
function loopbackPort(uri: string | undefined): number | undefined {
  if (!uri) return undefined;
  try {
    const url = new URL(uri);
    return url.hostname === "127.0.0.1" && url.port ? Number(url.port) : undefined;
  } catch {
    return undefined;
  }
}
