/**
 * Global setup of both vitest projects (vitest.config.ts): one temporary folder per test run,
 * `north-test-<pid>-XXXXXX` under the OS temp folder, removed when the run ends. The workers get
 * it as TMPDIR, so every `mkdtemp(tmpdir())` of a test, of test/support and of the North
 * processes and programs they start lands there: a run leaves nothing in /tmp, and a killed
 * run leaves one folder, not thousands. It stays under /tmp, where North's sandbox hides what it
 * does not bind (the repositories tests make are bound in explicitly).
 *
 * What is meant to outlive a run (the compiled code, the seeded developer tools and sandbox
 * probe, test/support/cli-runner.ts) stays in the temp folder outside: `OUTER_TMPDIR`.
 *
 * The same setup takes `NODE_EXTRA_CA_CERTS` out of the environment the workers, and every
 * process they start, inherit (`MACHINE_ONLY`).
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/** The temp folder the run was started with, for what outlives a run. */
const OUTER = "NORTH_TEST_OUTER_TMPDIR";
/** This run's folder: set by the first project's setup, reused by the second. */
const ROOT = "NORTH_TEST_RUN_TMPDIR";

/**
 * Variables of the machine that no test process needs and every one pays for. Node reads and
 * parses the certificates `NODE_EXTRA_CA_CERTS` names as it boots, before any code runs: with
 * Debian's bundle (/etc/ssl/certs/ca-certificates.crt) ~40 ms of CPU per Node process on the
 * 2-core machine (`node -e 0`: 135 ms against 90), and a test run starts some 800 of them (North,
 * MCP servers, workers). Tests reach only loopback servers over plain HTTP.
 */
const MACHINE_ONLY = ["NODE_EXTRA_CA_CERTS"];

export default function setup(): (() => void) | undefined {
  if (process.env[ROOT] !== undefined) return undefined;
  const outer = process.env[OUTER] ?? tmpdir();
  const root = mkdtempSync(join(outer, `north-test-${process.pid}-`));
  process.env[OUTER] = outer;
  process.env[ROOT] = root;
  // Workers are forked after every global setup, with the main process's environment.
  process.env.TMPDIR = root;
  for (const name of MACHINE_ONLY) delete process.env[name];
  return () => removeAll(root);
}

/**
 * Removes `root`, even where a test left a folder without write or search permission; says so
 * on stderr, never failing the run, when it cannot.
 */
function removeAll(root: string): void {
  try {
    rmSync(root, { recursive: true, force: true, maxRetries: 3 });
  } catch {
    try {
      execFileSync("chmod", ["-R", "u+rwx", root], { stdio: "ignore" });
    } catch {
      // Some entries kept their mode: rmSync below finds which.
    }
    try {
      rmSync(root, { recursive: true, force: true, maxRetries: 3 });
    } catch (error) {
      // A process a test left running may still write there: the run's result stands.
      process.stderr.write(`north tests: could not remove ${root}: ${String(error)}\n`);
    }
  }
}
