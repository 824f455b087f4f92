// Benchmark: search_text (bundled on the fly, called through runTool) against ripgrep alone with
// the same arguments, and the JS walker for information. Prints medians of several runs.
//   node bench/search-text.mjs [--runs N]
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { build } from "esbuild";
import { median, ROOT as projectRoot } from "./lib.mjs";

const runsArg = process.argv.indexOf("--runs");
const RUNS = runsArg > 0 ? Number(process.argv[runsArg + 1]) : 7;

const TREE_VERSION = 1;
const TREE = path.join(os.tmpdir(), `north-bench-search-v${TREE_VERSION}`);
const DIRS = 200;
const FILES_PER_DIR = 100;
const LINES_PER_FILE = 250;
const RARE = "needle_7f3a"; // planted in 30 searched files (and in ignored ones)

/** Deterministic PRNG (mulberry32). */
function prng(seed) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function generateTree() {
  if (existsSync(path.join(TREE, ".complete"))) return;
  const started = performance.now();
  rmSync(TREE, { recursive: true, force: true });
  const random = prng(42);
  const words = ["value", "index", "result", "config", "handler", "buffer", "stream", "parse"];
  const pick = (list) => list[Math.floor(random() * list.length)];
  const pool = Array.from({ length: 4096 }, (_, i) => {
    const indent = "  ".repeat(i % 4);
    const a = pick(words);
    const b = pick(words);
    switch (i % 6) {
      case 0:
        return `${indent}const ${a}${i} = ${b}(${a}, ${i % 97});`;
      case 1:
        return `${indent}if (${a}.length > ${i % 53}) return ${b};`;
      case 2:
        return `${indent}// ${a} ${b}: keep the ${a} in step with the ${b}`;
      case 3:
        return `${indent}export function ${a}_${b}_${i}(input: string): number {`;
      case 4:
        return `${indent}  ${a}.push(${JSON.stringify(`${b}-${i}`)});`;
      default:
        return `${indent}}`;
    }
  });
  const fileText = (seedLine) => {
    const lines = new Array(LINES_PER_FILE);
    for (let i = 0; i < LINES_PER_FILE; i++) lines[i] = pool[(seedLine + i * 7919) % pool.length];
    return `${lines.join("\n")}\n`;
  };
  const write = (rel, text) => {
    const abs = path.join(TREE, rel);
    mkdirSync(path.dirname(abs), { recursive: true });
    writeFileSync(abs, text);
  };
  mkdirSync(path.join(TREE, ".git"), { recursive: true });
  write(".gitignore", "generated/\n*.log\n");
  let planted = 0;
  for (let d = 0; d < DIRS; d++) {
    for (let f = 0; f < FILES_PER_DIR; f++) {
      let text = fileText(Math.floor(random() * pool.length));
      if ((d * FILES_PER_DIR + f) % 667 === 0 && planted < 30) {
        text += `export const marker = "${RARE}";\n`;
        planted++;
      }
      write(`src/pkg${d}/mod${f}.ts`, text);
    }
  }
  for (let i = 0; i < 2000; i++) write(`node_modules/dep${i % 50}/file${i}.js`, `${RARE}\n`);
  for (let i = 0; i < 1000; i++) write(`generated/out${i}.ts`, `${RARE}\n${fileText(i)}`);
  for (let i = 0; i < 100; i++) write(`logs/run${i}.log`, `${RARE}\n`);
  writeFileSync(path.join(TREE, ".complete"), "");
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(`generated ${DIRS * FILES_PER_DIR + 3100} files in ${TREE} (${seconds} s)`);
}

/** Bundles the tool with esbuild into a temp file under node_modules/.cache (so packages resolve). */
async function bundleTool() {
  const outDir = path.join(projectRoot, "node_modules", ".cache", "north-bench");
  const outfile = path.join(outDir, `search-text-${process.pid}.mjs`);
  await build({
    stdin: {
      contents: [
        'export { createSearchTextTool } from "./src/tools/search-text/search-text.ts";',
        'export { ripgrepArgs } from "./src/tools/search-text/ripgrep.ts";',
        'export { locateRipgrep } from "./src/tools/search-text/locate-ripgrep.ts";',
        'export { runTool } from "./src/agent/tool.ts";',
        'export { createWorkspace } from "./src/workspace/index.ts";',
      ].join("\n"),
      resolveDir: projectRoot,
      loader: "ts",
    },
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    outfile,
    loader: { ".md": "text" },
    banner: {
      js: 'import { createRequire as __cr } from "node:module"; const require = __cr(import.meta.url);',
    },
    logLevel: "warning",
  });
  return outfile;
}

function runRg(rgPath, args, cwd) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(rgPath, args, { cwd, stdio: ["ignore", "pipe", "ignore"] });
    let bytes = 0;
    child.stdout.on("data", (chunk) => (bytes += chunk.length));
    child.on("error", reject);
    child.on("close", () => resolve({ ms: performance.now() - started, bytes }));
  });
}

async function main() {
  generateTree();
  const bundle = await bundleTool();
  try {
    const m = await import(pathToFileURL(bundle).href);
    const ws = await m.createWorkspace(TREE);
    const rgPath = await m.locateRipgrep();
    if (!rgPath) throw new Error("ripgrep not found; the comparison needs it");
    const viaRg = m.createSearchTextTool(ws);
    const viaJs = m.createSearchTextTool(ws, { engine: "js" });
    const signal = new AbortController().signal;
    const call = async (tool, args) => {
      const started = performance.now();
      const result = await m.runTool(tool, args, JSON.stringify(args), { signal });
      if (result.isError) throw new Error(result.content);
      return { ms: performance.now() - started, details: result.details };
    };
    console.log(`ripgrep: ${rgPath}`);
    console.log(
      `runs: ${RUNS} each (medians, ms), node ${process.version}, ${os.cpus().length} CPUs`,
    );

    const cases = [
      { label: `rare literal "${RARE}" (full scan)`, args: { pattern: RARE } },
      {
        label: `rare literal "${RARE}", case-sensitive (full scan)`,
        args: { pattern: RARE, case_sensitive: true },
      },
      { label: "rare regex (full scan)", args: { pattern: "needle_[0-9a-f]{4}\\b", regex: true } },
      { label: 'common literal "handler" (limit 50)', args: { pattern: "handler" } },
    ];
    for (const c of cases) {
      const query = {
        pattern: c.args.pattern,
        regex: c.args.regex ?? false,
        caseSensitive: c.args.case_sensitive ?? false,
        target: "",
        targetIsFile: false,
        limit: 50,
        signal,
      };
      const rgArgs = m.ripgrepArgs(query);
      const samples = { tool: [], rg: [], js: [] };
      let details;
      for (let i = 0; i <= RUNS; i++) {
        const tool = await call(viaRg, c.args);
        const rg = await runRg(rgPath, rgArgs, TREE);
        const js = i < Math.min(RUNS, 5) + 1 ? await call(viaJs, c.args) : undefined;
        if (i === 0) {
          details = tool.details;
          continue; // warm-up
        }
        samples.tool.push(tool.ms);
        samples.rg.push(rg.ms);
        if (js) samples.js.push(js.ms);
      }
      const tool = median(samples.tool);
      const rg = median(samples.rg);
      const js = median(samples.js);
      const shown = `${details.matches} matches in ${details.files} files`;
      console.log(`\n${c.label}: ${shown}${details.limitReached ? ", limit reached" : ""}`);
      console.log(`  search_text (ripgrep) ${tool.toFixed(1).padStart(8)} ms`);
      console.log(`  rg alone              ${rg.toFixed(1).padStart(8)} ms`);
      if (details.limitReached) {
        console.log(
          "  (no ratio: search_text stops ripgrep at the limit; rg alone prints every match)",
        );
      } else {
        const ratio = tool / rg;
        const verdict = ratio <= 1.3 ? "OK" : "OVER";
        console.log(
          `  ratio                 ${ratio.toFixed(2).padStart(8)} x  (target ≤ 1.30)  ${verdict}`,
        );
      }
      const jsRatio = details.limitReached ? "" : `  (${(js / rg).toFixed(1)}x rg alone)`;
      console.log(`  search_text (JS)      ${js.toFixed(1).padStart(8)} ms${jsRatio}`);
    }
  } finally {
    rmSync(bundle, { force: true });
  }
}

await main();
