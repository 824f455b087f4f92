import { createHash } from "node:crypto";
import { readFileSync, realpathSync } from "node:fs";
import { join } from "node:path";

/**
 * The person's standing permissions North stored for `repo` in the test home's data folder
 * (`$XDG_DATA_HOME/north/permissions/<sha256 of the real path>.json`), parsed.
 */
export function storedPermissions(env: Record<string, string | undefined>, repo: string): unknown {
  return JSON.parse(readFileSync(permissionsPath(env, repo), "utf8"));
}

/** Where North keeps the standing permissions of `repo` for the test home. */
export function permissionsPath(env: Record<string, string | undefined>, repo: string): string {
  if (!env.XDG_DATA_HOME) throw new Error("the test home has no XDG_DATA_HOME");
  const key = createHash("sha256").update(realpathSync(repo)).digest("hex");
  return join(env.XDG_DATA_HOME, "north", "permissions", `${key}.json`);
}
