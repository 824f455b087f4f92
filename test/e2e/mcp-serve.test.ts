// `north mcp serve`, driven by the official SDK's own client over stdio: the repository's read
// and search tools, path escapes and secret files refused, nothing written; `--allow-changes`
// adds the edit tools (and `shell_run` where the OS sandbox works).
import { Client } from "@modelcontextprotocol/client";
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { CLI, makeHome, makeRepo } from "../support/cli-runner.js";

const hasBwrap = (process.env.PATH ?? "")
  .split(":")
  .some((dir) => dir && existsSync(join(dir, "bwrap")));

const clients: Client[] = [];
afterEach(async () => {
  for (const client of clients.splice(0)) await client.close().catch(() => {});
});

async function connect(repo: string, args: string[] = [], more: Record<string, string> = {}) {
  const { env } = makeHome();
  const client = new Client({ name: "north-test-client", version: "1.0.0" }, { capabilities: {} });
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [CLI, "mcp", "serve", ...args],
    cwd: repo,
    env: { PATH: process.env.PATH ?? "", ...env, ...more },
    stderr: "pipe",
  });
  await client.connect(transport);
  clients.push(client);
  return { client, env };
}

const text = (result: { content?: unknown }) =>
  ((result.content ?? []) as { type: string; text?: string }[]).map((b) => b.text ?? "").join("");

const listing = (root: string): string[] =>
  readdirSync(root, { recursive: true, encoding: "utf8" })
    .filter((p) => !p.startsWith(".git/") && p !== ".git")
    .sort();

describe("north mcp serve", () => {
  it("serves the read and search tools, each callable, nothing else", async () => {
    const repo = makeRepo();
    execFileSync("git", ["add", "-A"], { cwd: repo });
    execFileSync("git", ["-c", "user.email=t@t", "-c", "user.name=t", "commit", "-qm", "init"], {
      cwd: repo,
    });
    const before = listing(repo);
    const { client } = await connect(repo);
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual(
      [
        "detect_languages",
        "dev_tools",
        "find_files",
        "hotfiles",
        "list_root",
        "read_file",
        "read_readme",
        "search_text",
      ].sort(),
    );
    expect(tools.every((t) => t.annotations?.readOnlyHint === true)).toBe(true);
    const calls: [string, Record<string, unknown>, RegExp][] = [
      ["list_root", {}, /src\//],
      ["find_files", { pattern: "retry" }, /src\/retry\.ts/],
      ["search_text", { pattern: "attempts" }, /src\/retry\.ts/],
      ["read_file", { path: "src/retry.ts" }, /attempts: 3/],
      ["read_readme", {}, /A demo service/],
      ["detect_languages", {}, /TypeScript/],
      ["hotfiles", {}, /retry\.ts|client\.ts/],
      ["dev_tools", {}, /Installed: .*git \d+\.\d+/],
    ];
    for (const [name, args, expected] of calls) {
      const result = await client.callTool({ name, arguments: args });
      expect(result.isError ?? false, name).toBe(false);
      expect(text(result), name).toMatch(expected);
    }
    // The repository is exactly as it was (North's card cache aside, which stays ignored).
    expect(listing(repo).filter((p) => !p.startsWith(".north"))).toEqual(
      before.filter((p) => !p.startsWith(".north")),
    );
  }, 60_000);

  it("refuses paths outside the repository, secret files, unknown tools and bad arguments", async () => {
    const outside = mkdtempSync(join(tmpdir(), "north-outside-"));
    writeFileSync(join(outside, "secret.txt"), "do not serve");
    const repo = makeRepo({ "a.txt": "hello\n", ".env": "TOKEN=abc123\n" });
    const { client } = await connect(repo);
    const escape = await client.callTool({
      name: "read_file",
      arguments: { path: join("..", outside.split("/").pop()!, "secret.txt") },
    });
    expect(escape.isError).toBe(true);
    expect(text(escape)).toMatch(/outside the repository/);
    const secret = await client.callTool({ name: "read_file", arguments: { path: ".env" } });
    expect(secret.isError).toBe(true);
    expect(text(secret)).not.toContain("abc123");
    expect(text(secret)).not.toContain("--approve");
    // The MCP specification's error for an unknown tool: -32602, not a tool result.
    const unknown = await client.callTool({ name: "edit_create_file", arguments: {} }).then(
      () => undefined,
      (error: { code?: number; message?: string }) => error,
    );
    expect(unknown).toMatchObject({ code: -32602 });
    expect(unknown?.message).toMatch(/Unknown tool: edit_create_file/);
    const bad = await client.callTool({ name: "read_file", arguments: { path: 42 } });
    expect(bad.isError).toBe(true);
    expect(text(bad)).toMatch(/Invalid arguments for read_file/);
  }, 60_000);

  it("with --allow-changes serves the edit tools, which write inside the repository only", async () => {
    const repo = makeRepo({ "a.txt": "hello\n" });
    const { client } = await connect(repo, ["--allow-changes"]);
    const names = (await client.listTools()).tools.map((t) => t.name);
    expect(names).toEqual(expect.arrayContaining(["edit_create_file", "edit_replace_exact"]));
    const made = await client.callTool({
      name: "edit_create_file",
      arguments: { path: "notes/new.txt", content: "made over MCP\n" },
    });
    expect(made.isError ?? false).toBe(false);
    expect(readFileSync(join(repo, "notes", "new.txt"), "utf8")).toBe("made over MCP\n");
    const out = await client.callTool({
      name: "edit_create_file",
      arguments: { path: "../escape.txt", content: "no" },
    });
    expect(out.isError).toBe(true);
  }, 60_000);

  // R6 of the third security review: `escalate` ran commands outside the sandbox, unasked.
  it.runIf(hasBwrap)(
    "with --allow-changes, commands run only in the sandbox: escalate is not offered and refused",
    async () => {
      const repo = makeRepo({ "a.txt": "hello\n" });
      // Outside the repository and outside /tmp (which the sandbox replaces with its own).
      const out = mkdtempSync(join("/var/tmp", "north-serve-"));
      const { client } = await connect(repo, ["--allow-changes"]);
      const shell = (await client.listTools()).tools.find((t) => t.name === "shell_run");
      expect(shell).toBeDefined();
      expect(Object.keys(shell!.inputSchema.properties ?? {})).not.toContain("escalate");
      const escalated = await client.callTool({
        name: "shell_run",
        arguments: { command: `touch ${out}/escaped`, escalate: "need it" },
      });
      expect(escalated.isError).toBe(true);
      expect(text(escalated)).toContain("`escalate` is not available and nothing ran");
      expect(existsSync(join(out, "escaped"))).toBe(false);
      // Without it, the command runs in the sandbox: the repository is writable, outside is not.
      const inside = await client.callTool({
        name: "shell_run",
        arguments: { command: `touch made-here; touch ${out}/escaped` },
      });
      expect(text(inside)).not.toContain("escalate");
      expect(existsSync(join(repo, "made-here"))).toBe(true);
      expect(existsSync(join(out, "escaped"))).toBe(false);
    },
    60_000,
  );

  it("with --allow-changes and no sandbox, shell_run is not served and a call is refused", async () => {
    const repo = makeRepo({ "a.txt": "hello\n" });
    // No bwrap on the PATH: no sandbox.
    const { client } = await connect(repo, ["--allow-changes"], { PATH: "/nonexistent" });
    const names = (await client.listTools()).tools.map((t) => t.name);
    expect(names).toContain("edit_create_file");
    expect(names).not.toContain("shell_run");
    const call = await client
      .callTool({ name: "shell_run", arguments: { command: "touch ran", escalate: "x" } })
      .catch((error: Error) => ({
        isError: true,
        content: [{ type: "text", text: error.message }],
      }));
    expect(call.isError).toBe(true);
    expect(existsSync(join(repo, "ran"))).toBe(false);
  }, 60_000);
});
