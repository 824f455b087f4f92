import { spawn } from "node:child_process";
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

/** The built CLI: `dist/north.js`, or `$NORTH_DIST/north.js` when built there (see scripts/build.mjs). */
export const CLI = process.env.NORTH_DIST
  ? join(resolve(process.env.NORTH_DIST), "north.js")
  : join(dirname(fileURLToPath(import.meta.url)), "..", "..", "dist", "north.js");

export interface CliResult {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

/**
 * The temp folder outside this run's own (test/support/temp-root.ts), for what is meant to
 * outlive a run: the compiled code and the seeds below.
 */
const OUTER_TMPDIR = process.env.NORTH_TEST_OUTER_TMPDIR ?? tmpdir();

/**
 * One folder of compiled code (src/code-cache.ts) for every run of the tests, as on a person's
 * machine: only the first headless run compiles North. test/e2e/code-cache.test.ts uses its own.
 */
const SHARED_CODE = join(OUTER_TMPDIR, "north-test-cache", "north", "code");

/**
 * The developer tools of this machine as North caches them (src/session/context/dev-tools.ts),
 * found once per test run by test/support/dev-tools-seed.ts (the e2e project's global setup).
 * Every home starts with a copy, as a person's machine has after its first session: without it
 * each interactive session asks some 25 programs their version in the background 1.5 s after
 * it starts (java and mvn start a JVM: ~4 s of CPU on the 2-core machine). The same copy in
 * every home, so no test sees what another left; a test with its own PATH finds no cache for
 * it, as before.
 */
export const DEV_TOOLS_SEED = join(
  OUTER_TMPDIR,
  "north-test-cache",
  // One per PATH: worktrees and runs with another PATH each keep their own.
  `seed-${createHash("sha256")
    .update(process.env.PATH ?? "")
    .digest("hex")
    .slice(0, 12)}`,
);
/**
 * The seed's files every home gets: the developer tools, and the sandbox probe's remembered
 * success from the same global setup (without it every North a test starts runs sh and bwrap
 * before its first request, ~25 ms of CPU each). That success holds only for the bwrap it names
 * (src/shell/sandbox/remembered.ts): a test with its own PATH or cache folder, or a fake bwrap,
 * still probes.
 */
const SEEDED = ["dev-tools.json", "sandbox.json"];

/**
 * A sandbox for one end-to-end run: a home with its own XDG config/data/state/cache folders (only
 * the compiled code is shared), so a test never reads or writes the developer's real config,
 * sessions or log, nor another test's. The probe for local model
 * servers is off, so an Ollama running on the machine never answers a test; tests of the probe
 * set `NORTH_LOCAL_SERVERS` to their own ports.
 */
export function makeHome(config?: unknown): { home: string; env: Record<string, string> } {
  const home = mkdtempSync(join(tmpdir(), "north-home-"));
  const env = {
    HOME: home,
    XDG_CONFIG_HOME: join(home, "config"),
    XDG_DATA_HOME: join(home, "data"),
    XDG_STATE_HOME: join(home, "state"),
    XDG_CACHE_HOME: join(home, "cache"),
    NORTH_LOCAL_SERVERS: "off",
  };
  // The rest of the cache (the sandbox probe's answer, developer tools found later) is the home's own,
  // so that what one test leaves there never reaches another's prompt.
  mkdirSync(SHARED_CODE, { recursive: true });
  mkdirSync(join(env.XDG_CACHE_HOME, "north"), { recursive: true });
  symlinkSync(SHARED_CODE, join(env.XDG_CACHE_HOME, "north", "code"));
  for (const name of SEEDED) {
    const seeded = join(DEV_TOOLS_SEED, "north", name);
    if (existsSync(seeded)) copyFileSync(seeded, join(env.XDG_CACHE_HOME, "north", name));
  }
  if (config !== undefined) {
    mkdirSync(join(env.XDG_CONFIG_HOME, "north"), { recursive: true });
    writeFileSync(join(env.XDG_CONFIG_HOME, "north", "config.json"), JSON.stringify(config));
  }
  return { home, env };
}

/** A small git repository with a retry policy to ask about. */
export function makeRepo(files: Record<string, string> = defaultFiles): string {
  const root = mkdtempSync(join(tmpdir(), "north-repo-"));
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), content);
  }
  execFileSync("git", ["init", "-q"], { cwd: root });
  return root;
}

const defaultFiles: Record<string, string> = {
  "README.md": "# Demo\n\nA demo service.\n",
  "src/retry.ts":
    "export const policy = { attempts: 3, backoffMs: 200 };\n\nexport function shouldRetry(status: number) {\n  return status === 429 || status >= 500;\n}\n",
  "src/client.ts": 'import { policy } from "./retry";\n\nexport const client = { policy };\n',
  ".gitignore": "secret/\n",
  "secret/key.txt": "do-not-read\n",
};

/** Environment variables a test must not inherit from the machine running it. */
const SCRUB = [
  "ANTHROPIC_API_KEY",
  "ANTHROPIC_BASE_URL",
  "OPENAI_API_KEY",
  "OPENAI_BASE_URL",
  "CI",
  "HTTPS_PROXY",
  "HTTP_PROXY",
  "https_proxy",
  "http_proxy",
];

/** Runs the built CLI to completion. `stdin` is closed at once unless given. */
export function runCli(
  args: string[],
  options: {
    cwd: string;
    env: Record<string, string>;
    stdin?: string;
    onSpawn?: (pid: number) => void;
    onStdout?: (text: string) => void;
  },
): Promise<CliResult> {
  const env: Record<string, string | undefined> = { ...process.env };
  for (const name of SCRUB) delete env[name];
  Object.assign(env, options.env);
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CLI, ...args], {
      cwd: options.cwd,
      env,
      stdio: ["pipe", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
      stdout += chunk;
      options.onStdout?.(stdout);
    });
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
    child.on("error", reject);
    child.on("close", (code, signal) => resolve({ code, signal, stdout, stderr }));
    if (child.pid !== undefined) options.onSpawn?.(child.pid);
    child.stdin.end(options.stdin ?? "");
  });
}

/** Standard output of a `stream-json` or `json` run: one parsed object per line. */
export const jsonLines = (stdout: string): unknown[] =>
  stdout
    .trim()
    .split("\n")
    .filter(Boolean)
    .map((line) => JSON.parse(line) as unknown);
