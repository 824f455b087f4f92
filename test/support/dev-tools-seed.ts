/**
 * Global setup of the e2e project (vitest.config.ts): finds this machine's developer tools and
 * whether bubblewrap works once per test run, as North does in a person's first session, into the
 * cache every test home starts from (`DEV_TOOLS_SEED`, copied by `makeHome`). North's own code
 * does both: versions of programs unchanged since the last run come from the cache, so a later
 * run asks none; a sandbox success is kept only for this boot and this bwrap
 * (src/shell/sandbox/remembered.ts), a failure never, so on a machine without a working bwrap
 * there is nothing to copy and every North probes, as before.
 */
import { discoverDevTools } from "../../src/session/context/dev-tools.js";
import { sandboxProbe } from "../../src/session/permissions/sandbox-state.js";
import { DEV_TOOLS_SEED } from "./cli-runner.js";

export default async function setup(): Promise<void> {
  const env = { PATH: process.env.PATH, XDG_CACHE_HOME: DEV_TOOLS_SEED };
  await Promise.all([discoverDevTools(env), sandboxProbe(env)()]);
}
