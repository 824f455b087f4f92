// The size of the first request of a run (system prompt + tool schemas + the prompt), as sent by
// each protocol. Target: ≤ 8 KB.
import { CLI, loadMock, requireBuild, sandbox, timed } from "./lib.mjs";

requireBuild();
const { startMockModelServer, reply } = await loadMock();
const { repo, env, home } = sandbox();
const { mkdirSync, writeFileSync } = await import("node:fs");
const { join } = await import("node:path");

const cases = [
  { name: "anthropic-messages", args: ["--model", "claude-sonnet-5-5"], key: "ANTHROPIC" },
  { name: "openai-responses", args: ["--model", "gpt-5.6-sol"], key: "OPENAI" },
  { name: "openai-chat", args: ["--provider", "local", "--model", "qwen3-coder"], key: "OPENAI" },
];
let worst = 0;
for (const c of cases) {
  const server = await startMockModelServer([reply().text("ok")]);
  mkdirSync(join(home, "config", "north"), { recursive: true });
  writeFileSync(
    join(home, "config", "north", "config.json"),
    JSON.stringify({
      providers: { local: { protocol: "openai-chat", baseUrl: server.openaiBaseUrl } },
    }),
  );
  const runEnv = {
    ...env,
    [`${c.key}_API_KEY`]: "bench-key",
    ANTHROPIC_BASE_URL: server.anthropicBaseUrl,
    OPENAI_BASE_URL: server.openaiBaseUrl,
  };
  const result = await timed(process.execPath, [CLI, "-p", "hi", ...c.args], {
    env: runEnv,
    cwd: repo,
  });
  if (result.code !== 0) throw new Error(`${c.name} run failed: ${result.stderr}`);
  const bytes = Buffer.byteLength(JSON.stringify(server.requests[0].body));
  worst = Math.max(worst, bytes);
  console.log(
    `${c.name.padEnd(20)} first request ${(bytes / 1024).toFixed(2)} KB (${bytes} bytes)`,
  );
  await server.close();
}
console.log(
  `largest ${(worst / 1024).toFixed(2)} KB  (target ≤ 8 KB)  ${worst <= 8192 ? "OK" : "OVER"}`,
);
