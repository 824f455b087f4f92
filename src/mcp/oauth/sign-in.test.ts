import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, readdirSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { OAuthStore } from "./oauth-store.js";
import { signIn } from "./sign-in.js";

const SERVER = resolve(
  import.meta.dirname,
  "..",
  "..",
  "..",
  "test",
  "support",
  "mcp-oauth-server.mjs",
);
const children: ChildProcess[] = [];
afterEach(() => {
  for (const child of children.splice(0)) child.kill();
});

async function startServer(): Promise<{ url: string; log: string }> {
  const dir = mkdtempSync(join(tmpdir(), "north-oauth-"));
  const portFile = join(dir, "port");
  const log = join(dir, "events.log");
  const child = spawn(process.execPath, [SERVER, portFile], {
    stdio: "ignore",
    env: { ...process.env, MCP_TEST_LOG: log },
  });
  children.push(child);
  await expect.poll(() => existsSync(portFile) && readFileSync(portFile, "utf8") !== "").toBe(true);
  return { url: `http://127.0.0.1:${readFileSync(portFile, "utf8")}/mcp`, log };
}

describe("signIn", () => {
  it("runs the authorization-code flow with PKCE through a loopback redirect, tokens kept 0600", async () => {
    const { url } = await startServer();
    const authDir = join(mkdtempSync(join(tmpdir(), "north-auth-")), "mcp-auth");
    const shown: string[] = [];
    // The "browser": opens the URL the person is shown, which redirects to North's loopback.
    const result = await signIn({
      serverUrl: url,
      authDir,
      show: (link) => {
        shown.push(link);
        void fetch(link);
      },
    });
    expect(result).toBe("signed-in");
    expect(shown).toHaveLength(1);
    expect(new URL(shown[0]!).searchParams.get("code_challenge_method")).toBe("S256");
    const stored = new OAuthStore(authDir, url).read();
    expect(stored.tokens?.access_token).toMatch(/^[0-9a-f]{32}$/);
    const [file] = readdirSync(authDir);
    expect(statSync(join(authDir, file!)).mode & 0o777).toBe(0o600);
    expect(statSync(authDir).mode & 0o777).toBe(0o700);
    // Signed in already: nothing to open.
    const again = await signIn({ serverUrl: url, authDir, show: (link) => shown.push(link) });
    expect(again).toBe("already");
    expect(shown).toHaveLength(1);
  });

  it("fails with a clear message when the person never comes back", async () => {
    const { url } = await startServer();
    const authDir = mkdtempSync(join(tmpdir(), "north-auth-"));
    await expect(
      signIn({ serverUrl: url, authDir, show: () => undefined, timeoutMs: 300 }),
    ).rejects.toThrow(/sign-in/i);
  });
});
