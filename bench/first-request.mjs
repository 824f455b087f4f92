// The size of the first request of a run (system prompt + tool schemas + the prompt), as sent by
// each protocol headless, and by the TUI (which also offers ask_user_question and slash_command:
// every tool North has). Target: ≤ 10 KB.
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
{
  // The TUI, every tool offered: the first message typed into the composer.
  const { startNorth } = await import("./tui-lib.mjs");
  const run = await startNorth([reply().text("ok")]);
  run.term.type("hi");
  await run.term.waitFor("> hi");
  run.term.press("enter");
  const [request] = await run.server.waitForRequests(1);
  const bytes = Buffer.byteLength(JSON.stringify(request.body));
  worst = Math.max(worst, bytes);
  const tools = request.body.tools.length;
  console.log(
    `${"tui (anthropic)".padEnd(20)} first request ${(bytes / 1024).toFixed(2)} KB (${bytes} bytes, ${tools} tools)`,
  );
  await run.close();
}
console.log(
  `largest ${(worst / 1024).toFixed(2)} KB  (target ≤ 10 KB)  ${worst <= 10240 ? "OK" : "OVER"}`,
);
