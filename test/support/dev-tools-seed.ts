/**
 * Global setup of the e2e project (vitest.config.ts): finds this machine's developer tools once
 * per test run, as North does in a person's first session, into the cache every test home starts
 * from (`DEV_TOOLS_SEED`, copied by `makeHome`). North's own discovery: versions of programs
 * unchanged since the last run come from the cache, so a later run asks none.
 */
import { discoverDevTools } from "../../src/session/context/dev-tools.js";
import { DEV_TOOLS_SEED } from "./cli-runner.js";

export default async function setup(): Promise<void> {
  await discoverDevTools({ PATH: process.env.PATH, XDG_CACHE_HOME: DEV_TOOLS_SEED });
}
