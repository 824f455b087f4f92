// North's own time per tool step: (10-step scripted run − 1-step run) / 9, against the mock.
// Each tool step reads a small file. The mock server's own time (from a request's arrival to the
// end of its response) is the model's time, not North's, so it is subtracted from each run.
// Target: ≤ 8 ms.
import { CLI, fmt, loadMock, median, repeat, requireBuild, sandbox, timed } from "./lib.mjs";

requireBuild();
const RUNS = Number(process.env.RUNS ?? 11);
const { startMockModelServer, reply } = await loadMock();
const { repo, env } = sandbox();

async function run(steps) {
  const turns = [];
  for (let i = 1; i < steps; i++)
    turns.push(reply().tool("read_file", { path: "src/a.ts", start_line: 1, end_line: 20 }));
  turns.push(reply().text("Done."));
  const server = await startMockModelServer(turns);
  try {
    const runEnv = {
      ...env,
      ANTHROPIC_API_KEY: "bench-key",
      ANTHROPIC_BASE_URL: server.anthropicBaseUrl,
    };
    const result = await timed(process.execPath, [CLI, "-p", "read it", "--max-steps", "20"], {
      env: runEnv,
      cwd: repo,
    });
    if (result.code !== 0 || server.requests.length !== steps)
      throw new Error(`run failed: ${result.stderr}`);
    const serverMs = server.requests.reduce((sum, r) => sum + (r.finishedAt - r.receivedAt), 0);
    return { wall: result.ms, own: result.ms - serverMs };
  } finally {
    await server.close();
  }
}

const pairs = await repeat(RUNS, async () => ({ one: await run(1), ten: await run(10) }));
const one = median(pairs.map((p) => p.one.own));
const ten = median(pairs.map((p) => p.ten.own));
const wallPerStep =
  (median(pairs.map((p) => p.ten.wall)) - median(pairs.map((p) => p.one.wall))) / 9;
const perStep = (ten - one) / 9;
console.log(
  `1-step run   median ${fmt(median(pairs.map((p) => p.one.wall)))} wall, ${fmt(one)} without the mock's time`,
);
console.log(
  `10-step run  median ${fmt(median(pairs.map((p) => p.ten.wall)))} wall, ${fmt(ten)} without the mock's time`,
);
console.log(`per tool step, wall (mock included) ${fmt(wallPerStep)}`);
console.log(
  `per tool step, North's own ${fmt(perStep)}  (target ≤ 8 ms)  ${perStep <= 8 ? "OK" : "OVER"}`,
);
