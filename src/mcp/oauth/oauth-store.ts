import {
  chmodSync,
  mkdirSync,
  readFileSync,
  renameSync,
  statSync,
  unlinkSync,
  writeFileSync,
} from "node:fs";
import { join } from "node:path";
import type {
  OAuthDiscoveryState,
  StoredOAuthClientInformation,
  StoredOAuthTokens,
} from "@modelcontextprotocol/client";
import { sha256Hex } from "../../platform/lazy-builtins.js";

/** What North keeps for one OAuth-protected server URL, as the SDK handed it over. */
export interface StoredOAuth {
  serverUrl: string;
  client?: StoredOAuthClientInformation;
  tokens?: StoredOAuthTokens;
  /** PKCE verifier of a sign-in under way (between the redirect and the code exchange). */
  codeVerifier?: string;
  discovery?: OAuthDiscoveryState;
}

/**
 * One server's OAuth state in `<dir>/<sha256 of the server URL>.json` — `dir` is North's data
 * directory's `mcp-auth/` (0700), the file 0600, written atomically; never in a repository.
 * A missing or broken file reads as nothing stored.
 */
export class OAuthStore {
  readonly file: string;

  constructor(
    private readonly dir: string,
    readonly serverUrl: string,
  ) {
    const key = sha256Hex(serverUrl);
    this.file = join(dir, `${key}.json`);
  }

  /** The parsed file and the modification time it was read at. */
  private cached: { mtimeMs: number; value: StoredOAuth } | undefined;

  /**
   * The stored state. The SDK asks on every request; the file is parsed again only when it
   * changed (another North may have refreshed the tokens).
   */
  read(): StoredOAuth {
    try {
      const { mtimeMs } = statSync(this.file);
      if (this.cached?.mtimeMs === mtimeMs) return this.cached.value;
      const value = JSON.parse(readFileSync(this.file, "utf8")) as StoredOAuth;
      if (value && value.serverUrl === this.serverUrl) {
        this.cached = { mtimeMs, value };
        return value;
      }
    } catch {
      // Nothing stored yet, or unreadable: start over (the person signs in again).
    }
    return { serverUrl: this.serverUrl };
  }

  /** Merges `patch` into the stored state (keys set to undefined are removed). */
  update(patch: Partial<StoredOAuth>): void {
    const next = { ...this.read(), ...patch, serverUrl: this.serverUrl };
    this.cached = undefined;
    mkdirSync(this.dir, { recursive: true, mode: 0o700 });
    chmodSync(this.dir, 0o700);
    const temp = `${this.file}.${process.pid}.${Date.now()}.tmp`;
    try {
      writeFileSync(temp, `${JSON.stringify(next, null, 2)}\n`, { mode: 0o600, flag: "wx" });
      renameSync(temp, this.file);
    } catch (error) {
      try {
        unlinkSync(temp);
      } catch {
        // The temp file was never made.
      }
      throw error;
    }
  }
}
