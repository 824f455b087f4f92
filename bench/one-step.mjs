// A one-step headless answer against the mock model server: `north -p` versus a bare `fetch`
// script making the same streaming request. Targets: ≤ 0.9x the bare script; peak RSS ≤ 80 MiB.
import { join } from "node:path";
import { CLI, ROOT, fmt, loadMock, median, repeat, requireBuild, sandbox, timed } from "./lib.mjs";

requireBuild();
const RUNS = Number(process.env.RUNS ?? 15);
const { startMockModelServer, reply } = await loadMock();
const { repo, env } = sandbox();
const answer =
  "The retry policy lives in src/retry.ts and retries 429 and 5xx responses three times.";

async function once(command, args) {
  const server = await startMockModelServer([reply().text(answer)]);
  try {
    const runEnv = {
      ...env,
      ANTHROPIC_API_KEY: "bench-key",
      ANTHROPIC_BASE_URL: server.anthropicBaseUrl,
    };
    const result = await timed(command, args, { env: runEnv, cwd: repo });
    if (result.code !== 0 || !result.stdout.includes("retry policy")) {
      throw new Error(`run failed (${result.code}): ${result.stderr}`);
    }
    return result;
  } finally {
    await server.close();
  }
}

const pairs = await repeat(RUNS, async () => ({
  bare: await once(process.execPath, [
    join(ROOT, "bench", "bare-fetch.mjs"),
    "where is the retry policy?",
  ]),
  north: await once(process.execPath, [CLI, "-p", "where is the retry policy?"]),
}));
const bare = median(pairs.map((p) => p.bare.ms));
const north = median(pairs.map((p) => p.north.ms));
const rss = pairs.map((p) => p.north.maxRssKb).filter((v) => v !== undefined);
const bareRss = pairs.map((p) => p.bare.maxRssKb).filter((v) => v !== undefined);
console.log(
  `bare fetch script  median ${fmt(bare)}${bareRss.length ? `  peak RSS ${(median(bareRss) / 1024).toFixed(1)} MiB` : ""}`,
);
console.log(
  `north -p           median ${fmt(north)}${rss.length ? `  peak RSS ${(median(rss) / 1024).toFixed(1)} MiB` : ""}`,
);
console.log(
  `ratio ${(north / bare).toFixed(3)}x  (target ≤ 0.9x)  ${north / bare <= 0.9 ? "OK" : "OVER"}`,
);
if (rss.length) {
  const mib = median(rss) / 1024;
  console.log(
    `north peak RSS ${mib.toFixed(1)} MiB  (target ≤ 80 MiB)  ${mib <= 80 ? "OK" : "OVER"}`,
  );
} else console.log("peak RSS: /usr/bin/time not found (apt-get install time)");
