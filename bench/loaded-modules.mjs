// A report, not a gate: which of Node's built-in modules a headless run loads (read from Node's
// internal `process.moduleLoadList`, whose names may change between Node versions), and whether
// zod started. A plain answer should need none of the modules only tools use; the one guarded by
// a test is undici (test/e2e/no-undici.test.ts). Compare before and after a change:
//   npm run build && node bench/loaded-modules.mjs
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { CLI, loadMock, requireBuild, sandbox, timed } from "./lib.mjs";

requireBuild();
const { startMockModelServer, reply } = await loadMock();
const dir = mkdtempSync(join(tmpdir(), "north-loaded-"));
const probe = join(dir, "probe.cjs");
writeFileSync(
  probe,
  `process.on("exit", () => {
  const names = process.moduleLoadList.filter((n) => n.startsWith("NativeModule "));
  if (globalThis.__zod_globalConfig !== undefined) names.push("zod (package)");
  require("node:fs").writeFileSync(process.env.LOADED_OUT, names.join("\\n"));
});
`,
);
// Modules worth a look: each costs a run about a millisecond or more when it loads.
const WATCHED =
  /undici|fs\/promises|readline|^NativeModule (crypto|child_process|zlib|tls|https)$|zod/;

async function loadedBy(label, turns) {
  const server = await startMockModelServer(turns);
  const { repo, env } = sandbox();
  const out = join(dir, "loaded.txt");
  try {
    const result = await timed(process.execPath, [CLI, "-p", "what is this?"], {
      env: {
        ...env,
        ANTHROPIC_API_KEY: "bench-key",
        ANTHROPIC_BASE_URL: server.anthropicBaseUrl,
        NODE_OPTIONS: `--require ${probe}`,
        LOADED_OUT: out,
      },
      cwd: repo,
    });
    if (result.code !== 0) throw new Error(`${label}: run failed: ${result.stderr}`);
  } finally {
    await server.close();
  }
  const names = readFileSync(out, "utf8").split("\n").filter(Boolean);
  const watched = names.filter((n) => WATCHED.test(n)).map((n) => n.replace("NativeModule ", ""));
  console.log(`${label}: ${names.length} built-in modules`);
  console.log(`  of note: ${watched.length ? watched.join(", ") : "none"}`);
}

await loadedBy("plain answer", [reply().text("A demo service.")]);
await loadedBy("read_file, search_text, answer", [
  reply().tool("read_file", { path: "README.md" }),
  reply().tool("search_text", { pattern: "Bench" }),
  reply().text("A demo service."),
]);
