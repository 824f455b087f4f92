// `north acp` against `north -p`, interleaved, each in a fresh repository: from spawn to the
// first `agent_message_chunk` of a one-step answer (the client sending initialize, then each of
// session/new and session/prompt as soon as it has the answer before, as an editor does),
// against the headless run's time from spawn to its first byte of output.
// Target (issue 27): the first chunk ≤ 1.1x the headless time to first output.
import { spawn } from "node:child_process";
import { CLI, fmt, loadMock, median, repeat, requireBuild, sandbox } from "./lib.mjs";

requireBuild();
const RUNS = Number(process.env.RUNS ?? 15);
const { startMockModelServer, reply } = await loadMock();
const answer = "The retry policy lives in src/retry.ts.";
const prompt = "where is the retry policy?";

/** Spawns `args`, calls `onLine` with each line of standard output; resolves at exit. */
function run(args, env, cwd, onLine, start) {
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint();
    const ms = () => Number(process.hrtime.bigint() - started) / 1e6;
    const child = spawn(process.execPath, [CLI, ...args], { env, cwd });
    const marks = {};
    let buffered = "";
    let stderr = "";
    child.stderr.setEncoding("utf8").on("data", (chunk) => (stderr += chunk));
    child.stdout.setEncoding("utf8").on("data", (chunk) => {
      marks.output ??= ms();
      buffered += chunk;
      let at;
      while ((at = buffered.indexOf("\n")) >= 0) {
        const line = buffered.slice(0, at);
        buffered = buffered.slice(at + 1);
        onLine(line, child, marks, ms);
      }
    });
    child.on("close", (code) =>
      code === 0 ? resolve(marks) : reject(new Error(`exit ${code}: ${stderr}`)),
    );
    start?.(child);
  });
}

const send = (child, id, method, params) =>
  child.stdin.write(`${JSON.stringify({ jsonrpc: "2.0", id, method, params })}\n`);

function acpOnce(env, cwd) {
  return run(
    ["acp"],
    env,
    cwd,
    (line, child, marks, ms) => {
      const message = JSON.parse(line);
      if (message.error) throw new Error(JSON.stringify(message.error));
      if (message.id === 1) send(child, 2, "session/new", { cwd, mcpServers: [] });
      if (message.id === 2) {
        send(child, 3, "session/prompt", {
          sessionId: message.result.sessionId,
          prompt: [{ type: "text", text: prompt }],
        });
      }
      if (message.params?.update?.sessionUpdate === "agent_message_chunk") marks.first ??= ms();
      if (message.id === 3) {
        marks.end = ms();
        child.stdin.end();
      }
    },
    (child) => {
      send(child, 1, "initialize", { protocolVersion: 1, clientCapabilities: {} });
    },
  );
}

async function once(kind) {
  const server = await startMockModelServer([reply().text(answer)]);
  const { repo, env } = sandbox();
  const runEnv = { ...env, ANTHROPIC_API_KEY: "k", ANTHROPIC_BASE_URL: server.anthropicBaseUrl };
  try {
    if (kind === "acp") return await acpOnce(runEnv, repo);
    return await run(["-p", prompt], runEnv, repo, () => {});
  } finally {
    await server.close();
  }
}

const runs = await repeat(RUNS, async () => ({ p: await once("p"), acp: await once("acp") }));
const headless = median(runs.map((r) => r.p.output));
const first = median(runs.map((r) => r.acp.first));
const end = median(runs.map((r) => r.acp.end));
console.log(
  `north -p: spawn → first output             median ${fmt(headless)}  (${RUNS} interleaved runs)`,
);
console.log(
  `north acp: spawn → first agent_message_chunk median ${fmt(first)}  ${(first / headless).toFixed(2)}x  (target ≤ 1.10x) ${first <= headless * 1.1 ? "OK" : "OVER"}`,
);
console.log(
  `north acp: spawn → prompt answered           median ${fmt(end)}  ${(end / headless).toFixed(2)}x`,
);
