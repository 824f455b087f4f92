// Runs every benchmark in turn; each prints its own medians and targets.
import { spawnSync } from "node:child_process";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
for (const name of [
  "startup",
  "one-step",
  "rpc",
  "tool-steps",
  "shell-sandbox",
  "first-request",
  "mcp",
  "search-text",
  "tui-startup",
  "tui-stream",
  "tui-keys",
  "tui-long-session",
  "tui-idle",
  "browse",
  "large-repo",
]) {
  console.log(`\n## ${name}`);
  const result = spawnSync(process.execPath, [join(here, `${name}.mjs`)], { stdio: "inherit" });
  if (result.status !== 0) process.exitCode = 1;
}
