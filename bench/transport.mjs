// North's own HTTP transport (src/ai/http-fetch.ts on node:http, with its web stand-ins) against
// Node's fetch (undici), under the same client: the official SDK's Messages client sending the
// request body North sends (bench/sdk-floor.ts), whole process, interleaved runs. Run with the
// Node you want to compare (`/path/to/node bench/transport.mjs`).
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  CLI,
  buildSdkFloor,
  fmt,
  loadMock,
  median,
  repeat,
  requireBuild,
  sandbox,
  timed,
} from "./lib.mjs";

requireBuild();
const RUNS = Number(process.env.RUNS ?? 15);
const { startMockModelServer, reply } = await loadMock();
const short =
  "The retry policy lives in src/retry.ts and retries 429 and 5xx responses three times.";
const long = Array.from(
  { length: 2600 },
  (_, i) => `Line ${i}: the retry policy backs off exponentially, capped at 30 s.`,
).join("\n");
const bodyFile = join(mkdtempSync(join(tmpdir(), "north-bench-body-")), "request.json");
const sdk = await buildSdkFloor();

async function once(answer, extraEnv, args = [...sdk, bodyFile]) {
  const server = await startMockModelServer([reply().text(answer)]);
  const { repo, env } = sandbox();
  try {
    const result = await timed(process.execPath, args, {
      env: {
        ...env,
        ANTHROPIC_API_KEY: "bench-key",
        ANTHROPIC_BASE_URL: server.anthropicBaseUrl,
        ...extraEnv,
      },
      cwd: repo,
    });
    if (result.code !== 0 || !result.stdout.includes(answer.slice(-40))) {
      throw new Error(`run failed (${result.code}): ${result.stderr}`);
    }
    if (args[0] === CLI) writeFileSync(bodyFile, JSON.stringify(server.requests[0].body));
    return result;
  } finally {
    await server.close();
  }
}

console.log(`Node ${process.version}, ${RUNS} interleaved runs each`);
for (const [label, answer] of [
  ["one-step answer", short],
  ["200 KB answer", long],
]) {
  await once(answer, {}, [CLI, "-p", "where is the retry policy?"]); // North's request body
  let turn = 0;
  const runs = await repeat(RUNS, async () => {
    const kinds = [
      ["north", () => once(answer, {})],
      ["node", () => once(answer, { SDK_FETCH: "node" })],
    ];
    if (turn++ % 2) kinds.reverse();
    const round = {};
    for (const [name, run] of kinds) round[name] = await run();
    return round;
  });
  const ms = (k) => median(runs.map((r) => r[k].ms));
  const mib = (k) => median(runs.map((r) => r[k].maxRssKb ?? 0)) / 1024;
  console.log(label);
  console.log(
    `  SDK on North's httpFetch  ${fmt(ms("north"))}  peak RSS ${mib("north").toFixed(1)} MiB`,
  );
  console.log(
    `  SDK on Node's fetch       ${fmt(ms("node"))}  peak RSS ${mib("node").toFixed(1)} MiB`,
  );
  console.log(
    `  Node's fetch costs ${fmt(ms("node") - ms("north"))} and ${(mib("node") - mib("north")).toFixed(1)} MiB more`,
  );
}
