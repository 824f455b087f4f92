// A one-step headless answer, whole process, measured side by side (interleaved runs, each in a
// fresh repository so North's project card is built cold every time):
//   floor   bench/bare-http.cjs: `node:http`, sending the very request body North sent;
//   north   `north -p` (its code cache warm, as after the first run on a machine), and a first
//           run with an empty cache folder;
//   sdk     bench/sdk-floor.ts: the official SDK's Messages client over North's node:http fetch,
//           sending the same body (code cache warm): what any client on the SDK spends, for
//           telling the SDK's share from North's own;
//   undici  bench/bare-fetch.mjs: a naive client on Node's fetch (what undici costs), for scale
//           only — it sends a bare prompt, not North's request, so it is no baseline.
// Then the same for a 200 KB streamed answer (floor and North stream the same bytes).
// Each round of runs starts with the next kind.
// Targets (issue 26: where a person would notice nothing): a one-step answer ≤ 1.6× the bare
// floor; the 200 KB answer ≤ 1.5× the floor; peak RSS ≤ 80 MiB for both.
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  CLI,
  ROOT,
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
// About 200 KB of Markdown-ish prose, in the mock's usual chunking.
const long = Array.from(
  { length: 2600 },
  (_, i) => `Line ${i}: the retry policy backs off exponentially, capped at 30 s.`,
).join("\n");
const prompt = "where is the retry policy?";
const bodyFile = join(mkdtempSync(join(tmpdir(), "north-bench-body-")), "request.json");

async function once(command, args, answer, { freshCache = false } = {}) {
  const server = await startMockModelServer([reply().text(answer)]);
  const { repo, env } = sandbox({ freshCache });
  try {
    const runEnv = {
      ...env,
      ANTHROPIC_API_KEY: "bench-key",
      ANTHROPIC_BASE_URL: server.anthropicBaseUrl,
    };
    const result = await timed(command, args, { env: runEnv, cwd: repo });
    if (result.code !== 0 || !result.stdout.includes(answer.slice(-40))) {
      throw new Error(`run failed (${result.code}): ${result.stderr}`);
    }
    // North's own request, for the floor to send byte for byte.
    if (command === process.execPath && args[0] === CLI) {
      writeFileSync(bodyFile, JSON.stringify(server.requests[0].body));
    }
    return result;
  } finally {
    await server.close();
  }
}

const node = process.execPath;
const north = (answer) => once(node, [CLI, "-p", prompt], answer);
// A first run: no compiled code cached yet (North's cache folder empty).
const northFirst = (answer) => once(node, [CLI, "-p", prompt], answer, { freshCache: true });
const floor = (answer) => once(node, [join(ROOT, "bench", "bare-http.cjs"), bodyFile], answer);
const sdkFloor = await buildSdkFloor();
const sdk = (answer) => once(node, [...sdkFloor, bodyFile], answer);
const undici = (answer) => once(node, [join(ROOT, "bench", "bare-fetch.mjs"), prompt], answer);
const rssOf = (runs) => {
  const kb = runs.map((r) => r.maxRssKb).filter((v) => v !== undefined);
  return kb.length ? median(kb) / 1024 : undefined;
};

for (const [label, answer, target] of [
  ["one-step answer", short, 1.6],
  ["200 KB answer", long, 1.5],
]) {
  await north(answer); // captures the request body
  const kinds = { north, first: northFirst, floor, sdk, undici };
  let turn = 0;
  // Each round starts with the next kind, so none always runs after the same neighbour.
  const runs = await repeat(RUNS, async () => {
    const names = Object.keys(kinds);
    const start = turn++ % names.length;
    const round = {};
    for (const name of [...names.slice(start), ...names.slice(0, start)]) {
      round[name] = await kinds[name](answer);
    }
    return round;
  });
  const ms = (key) => median(runs.map((r) => r[key].ms));
  const rss = (key) => rssOf(runs.map((r) => r[key]));
  const ratio = ms("north") / ms("floor");
  const mib = (v) => (v === undefined ? "n/a" : `${v.toFixed(1)} MiB`);
  console.log(`${label} (${RUNS} interleaved runs, cold repository each)`);
  console.log(`  floor (node:http, same body)  ${fmt(ms("floor"))}  peak RSS ${mib(rss("floor"))}`);
  console.log(
    `  sdk floor (official SDK)      ${fmt(ms("sdk"))}  peak RSS ${mib(rss("sdk"))}  (${(ms("sdk") / ms("floor")).toFixed(2)}x the floor)`,
  );
  console.log(
    `  north -p                      ${fmt(ms("north"))}  peak RSS ${mib(rss("north"))}  (${(ms("north") / ms("sdk")).toFixed(2)}x the sdk floor)`,
  );
  console.log(
    `  north -p, empty code cache      ${fmt(ms("first"))}  peak RSS ${mib(rss("first"))}`,
  );
  console.log(
    `  naive fetch (undici)          ${fmt(ms("undici"))}  peak RSS ${mib(rss("undici"))}`,
  );
  console.log(
    `  ratio ${ratio.toFixed(2)}x the floor, ${(ms("north") / ms("sdk")).toFixed(2)}x the SDK floor (target ≤ ${target}x the floor) ${ratio <= target ? "OK" : "OVER"}; RSS ${rss("north") !== undefined && rss("north") <= 80 ? "OK" : "OVER"} (target ≤ 80 MiB)`,
  );
  if (label === "one-step answer") {
    // The SDK floor runs on North's own transport (httpFetch, its web stand-ins, the Messages-only
    // client): a regression there raises both, and would hide from the ratio above.
    const transport = ms("sdk") / ms("floor");
    console.log(
      `  sdk floor ${transport.toFixed(2)}x the floor (North's transport; target ≤ 1.35x) ${transport <= 1.35 ? "OK" : "OVER"}`,
    );
  }
}
