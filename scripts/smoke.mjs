// A smoke run of an installed `north` (CI, .ci/run): `--version`, a one-step headless answer from
// the mock model server of the tests, and with `--tui` the interface's composer in a
// pseudo-terminal. The binary runs on the Node that runs this script (its folder goes first on
// PATH, for the binary's `#!/usr/bin/env node`).
//   node scripts/smoke.mjs [--tui] PATH/TO/north
import { execFile, execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { delimiter, dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { promisify } from "node:util";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..");
const args = process.argv.slice(2);
const tui = args.includes("--tui");
const given = args.find((a) => a !== "--tui");
if (!given) {
  console.error("usage: node scripts/smoke.mjs [--tui] PATH/TO/north");
  process.exit(2);
}
const bin = resolve(given);

/** Bundles test-support modules (TypeScript) into a folder under the repository's node_modules. */
async function loadSupport(files, external) {
  const { build } = await import("esbuild");
  const out = join(ROOT, "node_modules", ".cache", "north-smoke", String(process.pid));
  await build({
    entryPoints: files.map((f) => join(ROOT, "test", "support", f)),
    bundle: true,
    platform: "node",
    format: "esm",
    outdir: out,
    external,
    banner: {
      js: 'import { createRequire } from "node:module"; const require = createRequire(import.meta.url);',
    },
    logLevel: "error",
  });
  const modules = await Promise.all(
    files.map((f) => import(pathToFileURL(join(out, f.replace(/\.ts$/, ".js"))).href)),
  );
  rmSync(out, { recursive: true, force: true });
  return modules;
}

const [{ startMockModelServer, reply }, { startTerminal }] = await loadSupport(
  ["mock-model-server.ts", "terminal-harness.ts"],
  ["@lydell/node-pty", "@xterm/headless"],
);
const home = mkdtempSync(join(tmpdir(), "north-smoke-home-"));
const repo = mkdtempSync(join(tmpdir(), "north-smoke-repo-"));
writeFileSync(join(repo, "README.md"), "# Smoke\n");
execFileSync("git", ["init", "-q"], { cwd: repo });
mkdirSync(join(home, "cache"));
const server = await startMockModelServer([reply().text("smoke: the answer")]);
const env = {
  PATH: `${dirname(process.execPath)}${delimiter}${process.env.PATH}`,
  HOME: home,
  XDG_CONFIG_HOME: join(home, "config"),
  XDG_DATA_HOME: join(home, "data"),
  XDG_STATE_HOME: join(home, "state"),
  XDG_CACHE_HOME: join(home, "cache"),
  NORTH_LOCAL_SERVERS: "off",
  ANTHROPIC_API_KEY: "smoke",
  ANTHROPIC_BASE_URL: server.anthropicBaseUrl,
};
// Asynchronous: the mock server answers from this process's event loop.
const run = async (argv) =>
  (await promisify(execFile)(bin, argv, { cwd: repo, env, encoding: "utf8", timeout: 60_000 }))
    .stdout;

try {
  const node = execFileSync("node", ["--version"], { env, encoding: "utf8" }).trim();
  if (node !== process.version) throw new Error(`node on PATH is ${node}, not ${process.version}`);
  const version = (await run(["--version"])).trim();
  if (!/^north \d+\.\d+\.\d+/.test(version)) throw new Error(`--version printed ${version}`);
  const answer = (await run(["-p", "say something"])).trim();
  if (answer !== "smoke: the answer") throw new Error(`-p printed ${JSON.stringify(answer)}`);
  console.log(`smoke (${process.version}): ${version}; -p answered`);
  if (tui) {
    // The harness runs the launcher file on this script's Node.
    const term = startTerminal({ cli: realpathSync(bin), cwd: repo, env });
    try {
      await term.waitFor("Ask North about this repository", { timeoutMs: 30_000 });
    } finally {
      term.kill();
    }
    console.log(`smoke (${process.version}): the interface's composer appeared`);
  }
} finally {
  await server.close();
  rmSync(home, { recursive: true, force: true });
  rmSync(repo, { recursive: true, force: true });
}
