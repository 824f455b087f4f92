// Shared pieces of the benchmarks: timing child processes, medians, and the mock model server
// (bundled on the fly from test/support so benchmarks speak the same wire formats as the tests).
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, writeFileSync, mkdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, dirname } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { execFileSync } from "node:child_process";

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..");
/** The build under test: `dist/` of this tree, or `NORTH_CLI` (another build, for A/B runs). */
export const CLI = process.env.NORTH_CLI ?? join(ROOT, "dist", "north.js");
const TIME = existsSync("/usr/bin/time") ? "/usr/bin/time" : undefined;

export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

export const fmt = (ms) => `${ms.toFixed(1)} ms`;

/**
 * Runs a command once; resolves with wall time and, where /usr/bin/time exists, peak RSS (KiB).
 * `rss: false` spawns the command itself, without /usr/bin/time in between (start-up figures).
 */
export function timed(command, args, { env = process.env, cwd = ROOT, rss = true } = {}) {
  return new Promise((resolve, reject) => {
    const time = rss ? TIME : undefined;
    const argv = time ? ["-f", "__maxrss=%M", command, ...args] : args;
    const started = process.hrtime.bigint();
    const child = spawn(time ?? command, argv, { env, cwd, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (c) => (stdout += c));
    child.stderr.on("data", (c) => (stderr += c));
    child.on("error", reject);
    child.on("close", (code) => {
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      const match = /__maxrss=(\d+)/.exec(stderr);
      resolve({ ms, code, stdout, stderr, maxRssKb: match ? Number(match[1]) : undefined });
    });
  });
}

/** Runs `fn` `runs` times after `warmup` runs; returns the results of the measured runs. */
export async function repeat(runs, fn, warmup = 2) {
  for (let i = 0; i < warmup; i++) await fn();
  const out = [];
  for (let i = 0; i < runs; i++) out.push(await fn());
  return out;
}

const supportModules = new Map();
/**
 * Imports a test-support module (TypeScript) for a benchmark, bundled once per run with esbuild
 * into node_modules/.cache/north-bench, so the packages it leaves external still resolve.
 */
export function loadSupport(file, external = []) {
  if (!supportModules.has(file)) {
    supportModules.set(
      file,
      (async () => {
        const { build } = await import("esbuild");
        const dir = join(ROOT, "node_modules", ".cache", "north-bench");
        mkdirSync(dir, { recursive: true });
        const out = join(dir, file.replace(/\.ts$/, ".mjs"));
        await build({
          entryPoints: [join(ROOT, "test", "support", file)],
          bundle: true,
          platform: "node",
          format: "esm",
          outfile: out,
          external,
          // CommonJS packages in an ES module bundle still require Node's built-ins.
          banner: {
            js: 'import { createRequire as __nbRequire } from "node:module"; const require = __nbRequire(import.meta.url);',
          },
          // As the product's own build reads North's sources (scripts/build.mjs).
          loader: { ".md": "text" },
          jsx: "automatic",
          alias: { "react-devtools-core": join(ROOT, "scripts", "devtools-stub.mjs") },
          logLevel: "error",
        });
        return import(pathToFileURL(out).href);
      })(),
    );
  }
  return supportModules.get(file);
}

/** The mock model server of the tests. */
export const loadMock = () => loadSupport("mock-model-server.ts");

// One cache folder for every run of a benchmark, as on a person's machine: the first headless run
// leaves V8's compiled code there (src/code-cache.ts) and the later ones read it back.
let sharedCache;

/**
 * A throwaway home (XDG folders) and a small repository for CLI runs. The cache folder is shared
 * by the runs of one benchmark unless `freshCache` (then every run starts with an empty one).
 */
export function sandbox({ freshCache = false } = {}) {
  const home = mkdtempSync(join(tmpdir(), "north-bench-home-"));
  const repo = mkdtempSync(join(tmpdir(), "north-bench-repo-"));
  mkdirSync(join(repo, "src"));
  writeFileSync(join(repo, "README.md"), "# Bench\n");
  writeFileSync(join(repo, "src", "a.ts"), "export const a = 1;\n".repeat(50));
  execFileSync("git", ["init", "-q"], { cwd: repo });
  const env = {
    PATH: process.env.PATH,
    HOME: home,
    XDG_CONFIG_HOME: join(home, "config"),
    XDG_DATA_HOME: join(home, "data"),
    XDG_STATE_HOME: join(home, "state"),
    XDG_CACHE_HOME: freshCache
      ? join(home, "cache")
      : (sharedCache ??= mkdtempSync(join(tmpdir(), "north-bench-cache-"))),
  };
  return { home, repo, env };
}

export function requireBuild() {
  if (!existsSync(CLI)) {
    console.error("dist/north.js is missing: run `npm run build` first.");
    process.exit(1);
  }
}

/**
 * Bundles bench/sdk-floor.ts (the official SDK's client over North's fetch) as North's own
 * programs are built (one CommonJS file, minified) into a fresh
 * folder, with a launcher that runs it through North's own code cache (`runCached`,
 * src/code-cache.ts), as `north` runs North. Returns the command's arguments for `node`.
 */
export async function buildSdkFloor() {
  const { build } = await import("esbuild");
  const dir = mkdtempSync(join(tmpdir(), "north-bench-sdk-"));
  const program = join(dir, "sdk-floor.cjs");
  const common = {
    bundle: true,
    platform: "node",
    target: "node20",
    format: "cjs",
    minify: true,
    legalComments: "none",
    logLevel: "error",
  };
  await build({
    ...common,
    entryPoints: [join(ROOT, "bench", "sdk-floor.ts")],
    outfile: program,
    supported: { "dynamic-import": false },
    define: { "process.env.NODE_ENV": '"production"' },
  });
  const launcher = join(dir, "run.cjs");
  await build({
    ...common,
    stdin: {
      contents: `import { runCached } from "./src/code-cache.ts";
runCached(${JSON.stringify(program)}, ${JSON.stringify(dir)}, "bench", "sdk");`,
      resolveDir: ROOT,
      loader: "ts",
    },
    outfile: launcher,
  });
  return [launcher];
}
