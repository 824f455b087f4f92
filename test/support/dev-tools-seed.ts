import { copyFileSync, existsSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/** The cache folder (`XDG_CACHE_HOME`) the end-to-end run's developer tools are found in. */
export const DEV_TOOLS_SEED_HOME = join(tmpdir(), "north-test-cache", "dev-tools-seed");

/**
 * Copies the run's developer tools (seed-dev-tools.ts) into a test home's North cache folder.
 * Every home gets the same file, so no test's leftovers reach another's prompt; a test that
 * sets its own PATH finds no entry for it there and asks the tools itself.
 */
export function seedDevTools(northCache: string): void {
  const seed = join(DEV_TOOLS_SEED_HOME, "north", "dev-tools.json");
  if (existsSync(seed)) copyFileSync(seed, join(northCache, "dev-tools.json"));
}
