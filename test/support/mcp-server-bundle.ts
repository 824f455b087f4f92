/**
 * North's MCP test server (test/support/mcp-test-server.mjs) as one file: `MCP_TEST_SERVER` is
 * what the tests start. Node resolving and loading the SDK's and zod's modules one by one took
 * ~0.48 s of CPU per start on the 2-core machine, the same code bundled ~0.28 s; the suite
 * starts it some thirty times. The e2e project's global setup (this file's default export)
 * bundles it once per run into the run's temp folder (test/support/temp-root.ts); without that
 * setup the tests start the source, which behaves the same.
 */
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";

const SOURCE = resolve(import.meta.dirname, "mcp-test-server.mjs");
const BUNDLED = "NORTH_TEST_MCP_SERVER";

/** The test server's script, for `node SCRIPT` (stdio) or `node SCRIPT --http PORT_FILE`. */
export const MCP_TEST_SERVER = process.env[BUNDLED] ?? SOURCE;

export default async function setup(): Promise<void> {
  const outfile = join(process.env.NORTH_TEST_RUN_TMPDIR ?? tmpdir(), "mcp-test-server.mjs");
  // Loaded here only: the workers import this file for the path alone.
  const { build } = await import("esbuild");
  await build({
    entryPoints: [SOURCE],
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    outfile,
    logLevel: "warning",
  });
  // Workers are forked after every global setup, with the main process's environment.
  process.env[BUNDLED] = outfile;
}
