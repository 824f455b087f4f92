// A one-step headless answer, this build against another (`OTHER=/path/to/dist/north.js`),
// interleaved: whether a change costs start-up time on runs that never use it.
import { CLI, fmt, loadMock, median, repeat, requireBuild, sandbox, timed } from "./lib.mjs";

requireBuild();
const OTHER = process.env.OTHER;
if (!OTHER) throw new Error("set OTHER to the north.js of the build to compare with");
const RUNS = Number(process.env.RUNS ?? 41);
const { startMockModelServer, reply } = await loadMock();
// Each build its own home and repository: saved sessions of one must not slow the other.
const boxes = new Map();

async function once(cli) {
  // A cache folder per build: a build removes the code caches of other builds from its folder,
  // so with one shared folder each run of the pair would start cold.
  if (!boxes.has(cli)) boxes.set(cli, sandbox({ freshCache: true }));
  const { repo, env } = boxes.get(cli);
  const server = await startMockModelServer([reply().text("The policy is in src/retry.ts.")]);
  try {
    const runEnv = { ...env, ANTHROPIC_API_KEY: "k", ANTHROPIC_BASE_URL: server.anthropicBaseUrl };
    const result = await timed(process.execPath, [cli, "-p", "where?"], { env: runEnv, cwd: repo });
    if (result.code !== 0) throw new Error(`run failed: ${result.stderr}`);
    return result;
  } finally {
    await server.close();
  }
}

const pairs = await repeat(RUNS, async () => ({ other: await once(OTHER), self: await once(CLI) }));
const a = median(pairs.map((p) => p.self.ms));
const b = median(pairs.map((p) => p.other.ms));
const rssA = median(pairs.map((p) => p.self.maxRssKb ?? 0)) / 1024;
const rssB = median(pairs.map((p) => p.other.maxRssKb ?? 0)) / 1024;
console.log(`this build ${fmt(a)} vs other ${fmt(b)} — ${(a / b).toFixed(2)}x (${RUNS} runs)`);
console.log(`peak RSS ${rssA.toFixed(1)} MiB vs ${rssB.toFixed(1)} MiB`);
