// vitest globalSetup of the end-to-end project: asks this machine's developer tools for their
// versions once per test run (src/session/context/dev-tools.ts), into a cache that `makeHome`
// copies into every test home. Without it every interactive North a test starts asks them again
// 1.5 s after opening: on a machine with pyenv shims and Maven, ~3 s of CPU each time.
import { mkdirSync } from "node:fs";
import { discoverDevTools } from "../../src/session/context/dev-tools.js";
import { DEV_TOOLS_SEED_HOME } from "./dev-tools-seed.js";

export default async function seedDevTools(): Promise<void> {
  mkdirSync(DEV_TOOLS_SEED_HOME, { recursive: true });
  await discoverDevTools({ ...process.env, XDG_CACHE_HOME: DEV_TOOLS_SEED_HOME });
}
