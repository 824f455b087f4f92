// The cost of the OS sandbox for shell commands: latency of a trivial command through the
// persistent shell service with and without bubblewrap (median of many), and the one-time cost of
// starting the shell each way (median of several fresh services). Target: ≤ 15 ms added per
// command.
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { fmt, median, ROOT } from "./lib.mjs";

const RUNS = Number(process.env.RUNS ?? 41);
const STARTS = Number(process.env.STARTS ?? 9);

async function loadShell() {
  const { build } = await import("esbuild");
  const dir = join(ROOT, "node_modules", ".cache", "north-bench");
  mkdirSync(dir, { recursive: true });
  const out = join(dir, "shell.mjs");
  await build({
    entryPoints: [join(ROOT, "src", "shell", "index.ts")],
    bundle: true,
    platform: "node",
    format: "esm",
    outfile: out,
    external: ["@lydell/node-pty"],
    logLevel: "error",
  });
  return import(pathToFileURL(out).href);
}

const { createShellService, detectSandbox } = await loadShell();
const status = await detectSandbox();
if (!status.available) {
  console.log(`sandbox unavailable here (${status.reason}); nothing to compare`);
  process.exit(0);
}
const repo = mkdtempSync(join(tmpdir(), "north-bench-shell-"));
const options = (sandbox) => ({ root: repo, shell: "/bin/bash", ...(sandbox ? { sandbox } : {}) });
const ms = (from) => Number(process.hrtime.bigint() - from) / 1e6;

async function measure(sandbox) {
  const starts = [];
  for (let i = 0; i < STARTS; i++) {
    const shell = createShellService(options(sandbox));
    const from = process.hrtime.bigint();
    await shell.run("true");
    starts.push(ms(from));
    await shell.dispose();
  }
  const shell = createShellService(options(sandbox));
  await shell.run("true");
  const runs = [];
  for (let i = 0; i < RUNS + 3; i++) {
    const from = process.hrtime.bigint();
    const result = await shell.run("true");
    if (result.exitCode !== 0) throw new Error(`command failed: ${result.output}`);
    if (i >= 3) runs.push(ms(from));
  }
  await shell.dispose();
  return { start: median(starts), command: median(runs) };
}

try {
  const plain = await measure(undefined);
  const boxed = await measure("workspace-write");
  const added = boxed.command - plain.command;
  console.log(`trivial command  plain ${fmt(plain.command)}  sandboxed ${fmt(boxed.command)}`);
  console.log(
    `shell start      plain ${fmt(plain.start)}  sandboxed ${fmt(boxed.start)} (once per shell)`,
  );
  console.log(`added per command ${fmt(added)}  (target ≤ 15 ms)  ${added <= 15 ? "OK" : "OVER"}`);
} finally {
  rmSync(repo, { recursive: true, force: true });
}
