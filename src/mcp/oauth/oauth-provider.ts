import type {
  OAuthClientMetadata,
  OAuthClientProvider,
  OAuthDiscoveryState,
  StoredOAuthClientInformation,
  StoredOAuthTokens,
} from "@modelcontextprotocol/client";
import type { OAuthStore } from "./oauth-store.js";
import { crypto } from "../../platform/lazy-builtins.js";

/** The redirect URI used when no sign-in is under way (never opened: nothing listens there). */
const IDLE_REDIRECT = "http://127.0.0.1/callback";

export interface NorthOAuthProviderOptions {
  store: OAuthStore;
  /** The loopback redirect of a sign-in under way; absent when only stored tokens are used. */
  redirectUrl?: string;
  /** Called with the authorization URL the person must open (sign-in only). */
  onAuthorizationUrl?: (url: URL) => void;
  /** The `state` sent with the authorization request (the loopback checks it comes back). */
  state?: string;
}

/**
 * The SDK's OAuth client hooks over North's per-server store: dynamic client registration (the
 * SDK registers "North" with the loopback redirect), PKCE, tokens saved as the SDK returns them
 * (the SDK refreshes them on a 401). Without a sign-in under way, a server asking for a new
 * authorization only sets `needsSignIn` — nothing is opened, and the connection fails with the
 * SDK's `UnauthorizedError`; `/mcp login NAME` (or a first use in the TUI) runs `signIn`.
 */
export class NorthOAuthProvider implements OAuthClientProvider {
  /** Set when the server wanted an authorization this provider could not start. */
  needsSignIn = false;

  constructor(private readonly options: NorthOAuthProviderOptions) {}

  get redirectUrl(): string {
    return this.options.redirectUrl ?? this.registeredRedirect() ?? IDLE_REDIRECT;
  }

  get clientMetadata(): OAuthClientMetadata {
    return {
      client_name: "North",
      redirect_uris: [this.redirectUrl],
      grant_types: ["authorization_code", "refresh_token"],
      response_types: ["code"],
      token_endpoint_auth_method: "none",
    };
  }

  state(): string {
    return this.options.state ?? crypto().randomBytes(16).toString("hex");
  }

  clientInformation(): StoredOAuthClientInformation | undefined {
    return this.options.store.read().client;
  }

  saveClientInformation(client: StoredOAuthClientInformation): void {
    this.options.store.update({ client });
  }

  tokens(): StoredOAuthTokens | undefined {
    return this.options.store.read().tokens;
  }

  saveTokens(tokens: StoredOAuthTokens): void {
    this.options.store.update({ tokens, codeVerifier: undefined });
  }

  redirectToAuthorization(url: URL): void {
    if (this.options.redirectUrl && this.options.onAuthorizationUrl) {
      this.options.onAuthorizationUrl(url);
    } else {
      this.needsSignIn = true;
    }
  }

  saveCodeVerifier(codeVerifier: string): void {
    this.options.store.update({ codeVerifier });
  }

  codeVerifier(): string {
    const verifier = this.options.store.read().codeVerifier;
    if (!verifier) throw new Error("no sign-in is under way (no PKCE verifier stored)");
    return verifier;
  }

  saveDiscoveryState(discovery: OAuthDiscoveryState): void {
    this.options.store.update({ discovery });
  }

  discoveryState(): OAuthDiscoveryState | undefined {
    return this.options.store.read().discovery;
  }

  invalidateCredentials(scope: "all" | "client" | "tokens" | "verifier" | "discovery"): void {
    const all = scope === "all";
    this.options.store.update({
      ...(all || scope === "client" ? { client: undefined } : {}),
      ...(all || scope === "tokens" ? { tokens: undefined } : {}),
      ...(all || scope === "verifier" ? { codeVerifier: undefined } : {}),
      ...(all || scope === "discovery" ? { discovery: undefined } : {}),
    });
  }

  /** The loopback redirect the stored client was registered with, if any. */
  registeredRedirect(): string | undefined {
    const client = this.options.store.read().client as { redirect_uris?: unknown } | undefined;
    const uris = client?.redirect_uris;
    return Array.isArray(uris) && typeof uris[0] === "string" ? uris[0] : undefined;
  }
}
