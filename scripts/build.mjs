// Bundles src/ into dist/: a tiny CommonJS launcher (dist/north.js); the program twice as one
// CommonJS file run through V8's code cache — dist/tui.cjs with the interface, dist/core.cjs
// without it for headless runs — so `north --version` parses almost nothing and a run compiles
// nothing it compiled before; and the library as ESM chunks (dist/chunks/*.mjs).
// `--if-stale` skips the build when dist/north.js is newer than every source file. `NORTH_DIST=DIR`
// builds into DIR instead (inside the project, so that packages resolve), for parallel work.
import { build } from "esbuild";
import {
  readFileSync,
  statSync,
  readdirSync,
  rmSync,
  chmodSync,
  existsSync,
  writeFileSync,
} from "node:fs";
import { join, resolve } from "node:path";
import { execFileSync } from "node:child_process";

const root = new URL("..", import.meta.url).pathname;
const dist = process.env.NORTH_DIST ? resolve(process.env.NORTH_DIST) : join(root, "dist");
const entry = join(dist, "north.js");

function newestSource(dir) {
  let newest = 0;
  for (const item of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, item.name);
    newest = Math.max(newest, item.isDirectory() ? newestSource(path) : statSync(path).mtimeMs);
  }
  return newest;
}

if (process.argv.includes("--if-stale") && existsSync(entry)) {
  const inputs = Math.max(
    newestSource(join(root, "src")),
    statSync(join(root, "package.json")).mtimeMs,
    statSync(new URL(import.meta.url)).mtimeMs,
  );
  if (statSync(entry).mtimeMs > inputs) process.exit(0);
}

const { version } = JSON.parse(readFileSync(join(root, "package.json"), "utf8"));
const define = {
  __NORTH_VERSION__: JSON.stringify(version),
  __NORTH_TOOL_SCHEMAS__: await toolSchemas(),
  "process.env.NODE_ENV": '"production"',
};
/**
 * Every `import "string-width"` in the bundle — Ink's, wrap-ansi's, widest-line's, North's own —
 * gets src/platform/text-width.ts: the same widths with a fast path for the characters a
 * terminal interface draws most (about a second of CPU per megabyte of Markdown streamed; see
 * that file). Only text-width.ts itself reaches the package.
 */
const textWidth = join(root, "src", "platform", "text-width.ts");
const fastStringWidth = {
  name: "fast-string-width",
  setup(b) {
    b.onResolve({ filter: /^string-width$/ }, (args) =>
      args.importer === textWidth ? undefined : { path: textWidth },
    );
  },
};
/** What every bundle of North shares. */
const common = {
  bundle: true,
  platform: "node",
  target: "node20",
  minify: process.env.NORTH_MINIFY !== "0",
  legalComments: "none",
  loader: { ".md": "text" },
  jsx: "automatic",
  alias: { "react-devtools-core": join(root, "scripts", "devtools-stub.mjs") },
  plugins: [fastStringWidth],
  define,
  logLevel: "warning",
};
rmSync(dist, { recursive: true, force: true });
// The library (`import { createSession } from "north-agent"`): ESM chunks, split so that a
// program importing it parses only what it uses.
await build({
  entryPoints: { lib: join(root, "src", "lib.ts") },
  outdir: join(dist, "chunks"),
  outExtension: { ".js": ".mjs" },
  chunkNames: "[name]-[hash]",
  ...common,
  splitting: true,
  format: "esm",
  external: ["@vscode/ripgrep", "@lydell/node-pty", "sharp"],
  banner: {
    js: "import{createRequire as __cr}from'node:module';const require=__cr(import.meta.url);",
  },
});

/**
 * The program (src/entry.ts) as one CommonJS file, which the launcher runs through V8's code
 * cache (src/code-cache.ts). `import()` of the packages left outside becomes `require`: a script
 * run through `vm.Script` has no module loader of its own. The MCP SDKs load from node_modules
 * when a server is configured (or `mcp serve` runs): bundled, their ~900 KB of source would sit
 * in every run's memory.
 */
const WEB_PACKAGES = ["linkedom", "@mozilla/readability", "turndown"];
const program = (outfile, { external = [], plugins }) =>
  build({
    entryPoints: [join(root, "src", "entry.ts")],
    outfile: join(dist, outfile),
    ...common,
    format: "cjs",
    supported: { "dynamic-import": false },
    // This file's folder, as Node's module wrapper gives it (ES modules read it from import.meta).
    define: { ...define, "import.meta.dirname": "__dirname" },
    external: [
      "@vscode/ripgrep",
      "@lydell/node-pty",
      "sharp",
      "@modelcontextprotocol/*",
      // web_fetch's HTML to Markdown (~1 MB of source): loaded on the first page fetched.
      ...WEB_PACKAGES,
      ...external,
    ],
    plugins: [fastStringWidth, ...plugins],
  });

// Headless runs (`-p`, `rpc`, listings): the interface is left out.
await program("core.cjs", {
  plugins: [
    {
      name: "interface-outside-core",
      setup(b) {
        b.onResolve({ filter: /^\.\/modes\/interactive\/index\.js$/ }, () => ({
          path: join(root, "src", "modes", "interactive", "outside-core.ts"),
        }));
      },
    },
  ],
});
// The interface: Ink's ~1 MB is not parsed again on every start. cli-highlight (highlight.js,
// ~1.2 MB) loads from node_modules when code first shows: here it would sit in memory from the
// start. highlight.js too, which markdown/highlight.ts imports beside it: bundled, it made
// tui.cjs 0.9 MB larger (read on every start), filled the code cache with its languages, and
// was a second copy next to the one cli-highlight requires. Yoga's top-level await is replaced
// by an explicit load (scripts/yoga-sync.mjs).
await program("tui.cjs", {
  external: ["cli-highlight", "highlight.js"],
  plugins: [
    {
      name: "yoga-without-top-level-await",
      setup(b) {
        b.onResolve({ filter: /^yoga-layout$/ }, () => ({
          path: join(root, "scripts", "yoga-sync.mjs"),
        }));
        b.onResolve({ filter: /\/yoga-ready\.js$/ }, () => ({
          path: join(root, "scripts", "yoga-sync.mjs"),
        }));
        // One string-width for all (Ink's wrap-ansi brings its own older copy): each copy
        // compiles its Unicode property expressions at start-up, ~8 ms apiece.
        b.onResolve({ filter: /^string-width$/ }, () => ({
          path: join(root, "node_modules", "string-width", "index.js"),
        }));
        // Ink's reconciler awaits React DevTools and its package.json at the top level, only
        // when DEV is set; this build runs without them (an Ink update that changes the text
        // fails the build loudly: top-level await again).
        b.onLoad({ filter: /ink[\\/]build[\\/]reconciler\.js$/ }, (args) => ({
          contents: readFileSync(args.path, "utf8")
            .replace("await import('./devtools.js');", "void 0;")
            .replace("? await loadPackageJson()", "? { name: undefined, version: undefined }"),
          loader: "js",
        }));
      },
    },
  ],
});
// The executable: a tiny CommonJS launcher (dist/package.json marks dist/ as CommonJS).
await build({
  entryPoints: [join(root, "src", "launcher.ts")],
  outfile: entry,
  ...common,
  format: "cjs",
  external: ["./core.cjs", "./tui.cjs"],
  banner: { js: "#!/usr/bin/env node" },
});
writeFileSync(join(dist, "package.json"), '{ "type": "commonjs" }\n');
chmodSync(entry, 0o755);
// The library's type declarations (dist/types/lib.d.ts), from the same sources.
execFileSync(
  process.execPath,
  [
    join(root, "node_modules", "typescript", "bin", "tsc"),
    "-p",
    join(root, "tsconfig.lib.json"),
    "--outDir",
    join(dist, "types"),
  ],
  { cwd: root, stdio: "inherit" },
);

/** The tools' JSON schemas, computed once here (scripts/tool-schemas.ts) instead of every run. */
async function toolSchemas() {
  // Inside node_modules so that the bundle's package imports resolve.
  const out = join(root, "node_modules", ".cache", `north-tool-schemas-${process.pid}.mjs`);
  await build({
    entryPoints: [join(root, "scripts", "tool-schemas.ts")],
    outfile: out,
    bundle: true,
    format: "esm",
    platform: "node",
    target: "node20",
    packages: "external",
    loader: { ".md": "text" },
    logLevel: "warning",
  });
  try {
    return execFileSync(process.execPath, [out], { cwd: root, encoding: "utf8" });
  } finally {
    rmSync(out, { force: true });
  }
}

// The launcher reads the programs as Latin-1 (a plain copy, where UTF-8 decoding costs a
// headless run ~1 ms): they must stay pure ASCII. esbuild escapes non-ASCII text in strings but
// not in regular expressions; write `\u2026` there instead of the character. (An unminified
// build keeps comments, some of them not ASCII: harmless as Latin-1, so not checked.)
for (const file of process.env.NORTH_MINIFY === "0" ? [] : ["core.cjs", "tui.cjs"]) {
  const bytes = readFileSync(join(dist, file));
  const at = bytes.findIndex((b) => b > 0x7f);
  if (at >= 0) {
    const context = bytes.subarray(Math.max(0, at - 40), at + 40).toString("utf8");
    throw new Error(`dist/${file} is not ASCII at byte ${at}: …${context}…`);
  }
}
