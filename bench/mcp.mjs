// MCP costs nothing it need not: (1) the TUI's composer appears as fast with three stdio servers
// configured as with none (they connect in the background); (2) the first request with a server
// of 50 tools stays within the MCP tool budget (12 KB: past it, `mcp_search` is sent instead).
// `north --version` and a one-step answer without servers are measured by startup.mjs and
// one-step.mjs.
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { CLI, ROOT, fmt, loadMock, median, requireBuild, sandbox, timed } from "./lib.mjs";
import { startNorth } from "./tui-lib.mjs";

requireBuild();
const RUNS = Number(process.env.RUNS ?? 10);
const TEST_SERVER = join(ROOT, "test", "support", "mcp-test-server.mjs");

function configHome(config) {
  const dir = mkdtempSync(join(tmpdir(), "north-bench-mcp-config-"));
  mkdirSync(join(dir, "north"));
  writeFileSync(join(dir, "north", "config.json"), JSON.stringify(config));
  return dir;
}
const three = configHome({
  mcpServers: Object.fromEntries(
    ["a", "b", "c"].map((n) => [n, { command: process.execPath, args: [TEST_SERVER] }]),
  ),
});
const none = configHome({});

// (1) Interleaved: no server, three servers.
const times = { none: [], three: [] };
for (let i = 0; i < RUNS + 2; i++) {
  for (const [key, dir] of [
    ["none", none],
    ["three", three],
  ]) {
    const run = await startNorth([], { env: { XDG_CONFIG_HOME: dir } });
    await run.close();
    if (i >= 2) times[key].push(run.readyMs);
  }
}
const a = median(times.none);
const b = median(times.three);
console.log(`TUI spawn → composer (${RUNS} interleaved runs)`);
console.log(`  no MCP server          ${fmt(a)}`);
console.log(
  `  three stdio servers    ${fmt(b)}  (${(b / a).toFixed(2)}x; target: unchanged, ≤ 250 ms)`,
);

// (2) The first request with a 50-tool server, within the budget and without it.
const { startMockModelServer, reply } = await loadMock();
for (const [label, extra] of [
  ["budget 12 KB (default)", {}],
  ["no budget (every schema sent)", { mcp: { toolBudget: 10_000_000 } }],
]) {
  const server = await startMockModelServer([reply().text("ok")]);
  const { repo, env } = sandbox();
  const dir = configHome({
    mcpServers: { big: { command: process.execPath, args: [TEST_SERVER, "--many", "50"] } },
    ...extra,
  });
  const result = await timed(process.execPath, [CLI, "-p", "hi"], {
    cwd: repo,
    env: {
      ...env,
      XDG_CONFIG_HOME: dir,
      ANTHROPIC_API_KEY: "bench",
      ANTHROPIC_BASE_URL: server.anthropicBaseUrl,
    },
  });
  if (result.code !== 0) throw new Error(result.stderr);
  const body = server.requests[0].body;
  const mcpTools = body.tools.filter((t) => t.name.startsWith("mcp"));
  const mcpBytes = Buffer.byteLength(JSON.stringify(mcpTools));
  const total = Buffer.byteLength(JSON.stringify(body));
  console.log(
    `first request, a server with 56 tools, ${label}: ${(total / 1024).toFixed(2)} KB in all, MCP tools ${mcpTools.length} (${(mcpBytes / 1024).toFixed(2)} KB)`,
  );
  await server.close();
}
