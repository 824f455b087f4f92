// `north rpc` against `north -p`, interleaved, each in a fresh repository: from spawn to the first
// event of a one-step turn (`message_start`, the client having sent session/start and
// turn/submit at once) and to its `turn_end`, against the whole headless one-step run.
// Target: first event ≤ the headless one-step figure + 10 %.
import { spawn } from "node:child_process";
import { CLI, fmt, loadMock, median, repeat, requireBuild, sandbox, timed } from "./lib.mjs";

requireBuild();
const RUNS = Number(process.env.RUNS ?? 15);
const { startMockModelServer, reply } = await loadMock();
const answer = "The retry policy lives in src/retry.ts.";

function rpcOnce(env, cwd) {
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint();
    const ms = () => Number(process.hrtime.bigint() - started) / 1e6;
    const child = spawn(process.execPath, [CLI, "rpc"], { env, cwd });
    const marks = {};
    let buffered = "";
    child.stdout.setEncoding("utf8").on("data", (chunk) => {
      buffered += chunk;
      let at;
      while ((at = buffered.indexOf("\n")) >= 0) {
        const message = JSON.parse(buffered.slice(0, at));
        buffered = buffered.slice(at + 1);
        if (message.error) reject(new Error(JSON.stringify(message.error)));
        const type = message.method === "event" ? message.params.type : undefined;
        if (type === "message_start") marks.first ??= ms();
        if (type === "turn_end") {
          marks.end = ms();
          child.stdin.end();
        }
      }
    });
    child.on("close", () => (marks.end ? resolve(marks) : reject(new Error("no turn_end"))));
    const send = (id, method, params) =>
      child.stdin.write(`${JSON.stringify({ jsonrpc: "2.0", id, method, params })}\n`);
    send(1, "session/start", {});
    send(2, "turn/submit", { text: "where is the retry policy?" });
  });
}

async function once(kind) {
  const server = await startMockModelServer([reply().text(answer)]);
  const { repo, env } = sandbox();
  const runEnv = { ...env, ANTHROPIC_API_KEY: "k", ANTHROPIC_BASE_URL: server.anthropicBaseUrl };
  try {
    if (kind === "rpc") return await rpcOnce(runEnv, repo);
    const r = await timed(process.execPath, [CLI, "-p", "where is the retry policy?"], {
      env: runEnv,
      cwd: repo,
      rss: false,
    });
    if (r.code !== 0) throw new Error(r.stderr);
    return r.ms;
  } finally {
    await server.close();
  }
}

const runs = await repeat(RUNS, async () => ({ p: await once("p"), rpc: await once("rpc") }));
const headless = median(runs.map((r) => r.p));
const first = median(runs.map((r) => r.rpc.first));
const end = median(runs.map((r) => r.rpc.end));
console.log(
  `north -p one-step (whole run)       median ${fmt(headless)}  (${RUNS} interleaved runs)`,
);
console.log(
  `north rpc: spawn → first turn event  median ${fmt(first)}  ${(first / headless).toFixed(2)}x  (target ≤ 1.10x) ${first <= headless * 1.1 ? "OK" : "OVER"}`,
);
console.log(
  `north rpc: spawn → turn_end          median ${fmt(end)}  ${(end / headless).toFixed(2)}x`,
);
