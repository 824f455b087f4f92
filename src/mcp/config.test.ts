import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { DEFAULT_MCP_TIMEOUT_MS, readMcpServers } from "./config.js";

function repo(project?: unknown): string {
  const root = mkdtempSync(join(tmpdir(), "north-mcp-config-"));
  if (project !== undefined) {
    mkdirSync(join(root, ".north"));
    const text = typeof project === "string" ? project : JSON.stringify(project);
    writeFileSync(join(root, ".north", "mcp.json"), text);
  }
  return root;
}

const read = (global: unknown, root = repo(), env: Record<string, string> = {}) =>
  readMcpServers({
    global,
    root,
    neutralCwd: NEUTRAL,
    env,
    protectedVariables: ["ANTHROPIC_API_KEY"],
  });

const NEUTRAL = "/data/north/mcp-cwd";

describe("readMcpServers", () => {
  it("reads stdio and http entries in the shape other agents use", () => {
    const root = repo();
    const { servers, notices } = read(
      {
        files: { command: "npx", args: ["-y", "server"], env: { TOKEN: "${GH:-none}" } },
        web: { type: "http", url: "https://mcp.example/${PATH_PART}", timeout: 5000 },
        old: { type: "sse", url: "http://127.0.0.1:1/sse", headers: { "X-Key": "${KEY}" } },
      },
      root,
      { PATH_PART: "v1", KEY: "k-1" },
    );
    expect(notices).toEqual([]);
    expect(servers.map((s) => [s.name, s.origin, s.summary, s.problem])).toEqual([
      ["files", "global", "npx -y server · env TOKEN=${GH:-none}", undefined],
      ["web", "global", "https://mcp.example/${PATH_PART}", undefined],
      ["old", "global", "http://127.0.0.1:1/sse · headers X-Key=${KEY}", undefined],
    ]);
    expect(servers[0]!.config).toEqual({
      transport: "stdio",
      command: "npx",
      args: ["-y", "server"],
      env: { TOKEN: "none" },
      cwd: NEUTRAL,
      timeoutMs: DEFAULT_MCP_TIMEOUT_MS,
      trustReadOnlyHint: false,
    });
    expect(servers[1]!.config).toMatchObject({ transport: "http", url: "https://mcp.example/v1" });
    expect(servers[1]!.config!.timeoutMs).toBe(5000);
    expect(servers[2]!.config).toMatchObject({ transport: "sse", headers: { "X-Key": "k-1" } });
  });

  it("reports a broken entry on its own and keeps the others", () => {
    const { servers } = read({
      a: { command: "ok" },
      b: { url: 42 },
      c: { command: "x", extra: true },
      d: { command: "x", env: { A: "${MISSING}" } },
      e: { type: "ws", url: "ws://x" },
      f: { url: "ftp://x" },
      "bad name!": { command: "x" },
      g: { command: "x", timeout: -1 },
    });
    const problems = Object.fromEntries(servers.map((s) => [s.name, s.problem]));
    expect(problems).toEqual({
      a: undefined,
      b: "url: expected the server's address",
      c: expect.stringMatching(/unknown field "extra"/),
      d: "it reads ${MISSING}, which is not set",
      e: expect.stringMatching(/type: expected "stdio", "http" or "sse"/),
      f: "url: expected http:// or https://",
      "bad name!": expect.stringMatching(/its name must be/),
      g: expect.stringMatching(/timeout: expected milliseconds/),
    });
  });

  it("reads .north/mcp.json after the config, never letting it replace a server of yours", () => {
    const root = repo({ mcpServers: { mine: { command: "evil" }, theirs: { command: "t" } } });
    const { servers, notices } = read({ mine: { command: "good" } }, root);
    expect(servers.map((s) => [s.name, s.origin, s.summary])).toEqual([
      ["mine", "global", "good"],
      ["theirs", "project", "t"],
    ]);
    expect(notices).toEqual([expect.stringMatching(/defines "mine" again/)]);
  });

  it("trusts a server's readOnlyHint only where the person's own config says so", () => {
    const entry = { command: "s", trustReadOnlyHint: true };
    const root = repo({ mcpServers: { theirs: entry } });
    const { servers } = read(
      { mine: entry, web: { url: "https://x.example", trustReadOnlyHint: true } },
      root,
    );
    expect(servers.map((s) => [s.name, s.config?.trustReadOnlyHint])).toEqual([
      ["mine", true],
      ["web", true],
      ["theirs", false],
    ]);
    expect(read({ bad: { command: "s", trustReadOnlyHint: "yes" } }).servers[0]!.problem).toBe(
      "trustReadOnlyHint: expected true or false",
    );
  });

  it("never expands a provider's key into a server the repository defines", () => {
    const root = repo({
      mcpServers: { leak: { command: "x", env: { K: "${ANTHROPIC_API_KEY}" } } },
    });
    const { servers } = read(undefined, root, { ANTHROPIC_API_KEY: "sk-ant-secret" });
    expect(servers[0]!.config).toBeUndefined();
    expect(servers[0]!.problem).toMatch(/a model provider's key/);
    // The person's own config may hand it on.
    const own = read({ mine: { command: "x", env: { K: "${ANTHROPIC_API_KEY}" } } }, repo(), {
      ANTHROPIC_API_KEY: "sk-ant-secret",
    });
    expect(own.servers[0]!.config).toMatchObject({ env: { K: "sk-ant-secret" } });
  });

  it("keeps a repository's server inside the repository, and shows what its entry sets", () => {
    const root = repo({
      mcpServers: {
        out: { command: "x", cwd: "../.." },
        inside: { command: "x", cwd: "tools", env: { A: "1" } },
      },
    });
    const { servers } = read(undefined, root);
    expect(servers[0]!.config).toBeUndefined();
    expect(servers[0]!.problem).toMatch(/runs inside the repository/);
    expect(servers[1]!.config).toMatchObject({ cwd: join(root, "tools") });
    expect(servers[1]!.summary).toBe("x · env A=1 · cwd tools");
    // Nor through a symlink out, to a folder there or one not made yet.
    const linked = repo({
      mcpServers: {
        viaLink: { command: "x", cwd: "out" },
        belowLink: { command: "x", cwd: "out/not-yet" },
        notYet: { command: "x", cwd: "tools/not-yet" },
      },
    });
    symlinkSync(mkdtempSync(join(tmpdir(), "north-mcp-outside-")), join(linked, "out"));
    mkdirSync(join(linked, "tools"));
    const viaLink = read(undefined, linked).servers;
    expect(viaLink.map((s) => s.problem ?? "ok")).toEqual([
      expect.stringMatching(/runs inside the repository/),
      expect.stringMatching(/runs inside the repository/),
      "ok",
    ]);
    // Your own servers may run anywhere.
    const own = read({ mine: { command: "x", cwd: "/" } });
    expect(own.servers[0]!.config).toMatchObject({ cwd: "/" });
  });

  it("starts your own servers in North's empty folder unless the entry names a cwd (R2)", () => {
    const root = repo({ mcpServers: { theirs: { command: "x" } } });
    const { servers } = read({ npx: { command: "npx" }, here: { command: "y", cwd: "." } }, root);
    expect(servers.map((s) => [s.name, s.config && "cwd" in s.config && s.config.cwd])).toEqual([
      ["npx", NEUTRAL],
      ["here", root],
      ["theirs", root],
    ]);
  });

  it("fingerprints what an entry says, not how its keys are ordered", () => {
    const a = read({ s: { command: "x", args: ["1"] } }).servers[0]!.fingerprint;
    const b = read({ s: { args: ["1"], command: "x" } }).servers[0]!.fingerprint;
    const c = read({ s: { command: "x", args: ["2"] } }).servers[0]!.fingerprint;
    expect(a).toBe(b);
    expect(a).not.toBe(c);
  });

  it("says why a project file cannot be used, and skips a symlink out of the repository", () => {
    expect(read(undefined, repo("{ not json")).notices).toEqual([
      expect.stringMatching(/\.north\/mcp\.json is not valid JSON/),
    ]);
    expect(read(undefined, repo({ servers: {} })).notices).toEqual([
      expect.stringMatching(/must hold \{"mcpServers"/),
    ]);
    const root = repo();
    const outside = mkdtempSync(join(tmpdir(), "north-mcp-outside-"));
    writeFileSync(
      join(outside, "mcp.json"),
      JSON.stringify({ mcpServers: { x: { command: "x" } } }),
    );
    mkdirSync(join(root, ".north"));
    symlinkSync(join(outside, "mcp.json"), join(root, ".north", "mcp.json"));
    const linked = read(undefined, root);
    expect(linked.servers).toEqual([]);
    expect(linked.notices).toEqual([expect.stringMatching(/was not read: .*outside/)]);
  });
});
