// Spawn → composer visible in a pseudo-terminal, this build against another
// (`OTHER=/path/to/dist/north.js`), interleaved: whether a change costs the TUI start-up time.
import { fmt, loadMock, median, requireBuild, sandbox, CLI } from "./lib.mjs";
import { COMPOSER, loadHarness } from "./tui-lib.mjs";

requireBuild();
const OTHER = process.env.OTHER;
if (!OTHER) throw new Error("set OTHER to the north.js of the build to compare with");
const RUNS = Number(process.env.RUNS ?? 15);
const [{ startMockModelServer }, { startTerminal }] = await Promise.all([
  loadMock(),
  loadHarness(),
]);
const server = await startMockModelServer([]);
const boxes = new Map();

async function once(cli) {
  // A cache folder per build: a build removes the code caches of other builds from its folder,
  // so with one shared folder each run of the pair would start cold.
  if (!boxes.has(cli)) boxes.set(cli, sandbox({ freshCache: true }));
  const { repo, env } = boxes.get(cli);
  const started = performance.now();
  const term = startTerminal({
    cli,
    cwd: repo,
    env: { ...env, ANTHROPIC_API_KEY: "bench", ANTHROPIC_BASE_URL: server.anthropicBaseUrl },
  });
  await term.waitFor(COMPOSER, { timeoutMs: 20_000 });
  const ms = performance.now() - started;
  term.kill();
  return ms;
}

const self = [];
const other = [];
for (let i = 0; i < RUNS + 2; i++) {
  const a = await once(CLI);
  const b = await once(OTHER);
  if (i >= 2) {
    self.push(a);
    other.push(b);
  }
}
await server.close();
const a = median(self);
const b = median(other);
console.log(`this build ${fmt(a)} vs other ${fmt(b)} — ${(a / b).toFixed(2)}x (${RUNS} runs)`);
