// North in a large repository (issue 32). Generates, in the system's temporary folder and kept
// between runs (one per size), a committed git repository of SIZE files (default 60,000: folders
// `src/modN/` of 50 small .ts files each; `SIZE=200000` for the larger one) and a tiny one, then
// reports medians of RUNS (default 5), large and tiny interleaved:
//   - a one-step headless answer (`north -p`, mock model server), on a repository's first run (its
//     `.north/` removed: no cached project card) and on later runs (V8's code cache warm in both),
//     as large / tiny (target ≤ 1.15×);
//   - the interface's composer ready, large and tiny (spawn → composer visible);
//   - the `@` picker in the large repository: typing `@mod12` → its first match shown (target
//     ≤ 100 ms), typed as the composer appears (in turns with no list kept from an earlier
//     session and with one kept: the index is still being built) and typed a second later with
//     no list kept (a person's first session there: git's listing indexed in the background by
//     then), then each narrowing key (`f`, `4`, `2`) → its echo with matches (≤ 50 ms).
// `SMOKE=1`: 2,000 files, one run, no targets judged (CI, .ci/run: keeps the benchmark working).
//   npm run build && node bench/large-repo.mjs            (SIZE=200000, RUNS=9 as wanted)
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { CLI, fmt, loadMock, median, requireBuild, sandbox, timed } from "./lib.mjs";
import { showsMatch as shows, startNorth } from "./tui-lib.mjs";

requireBuild();
const SMOKE = process.env.SMOKE === "1";
const SIZE = SMOKE ? 2000 : Number(process.env.SIZE ?? 60_000);
const RUNS = SMOKE ? 1 : Number(process.env.RUNS ?? 5);
const PER_FOLDER = 50;

const GIT_ENV = {
  ...process.env,
  GIT_AUTHOR_NAME: "bench",
  GIT_AUTHOR_EMAIL: "bench@example.com",
  GIT_COMMITTER_NAME: "bench",
  GIT_COMMITTER_EMAIL: "bench@example.com",
};
const git = (cwd, ...args) =>
  execFileSync("git", ["-c", "core.autocrlf=false", ...args], { cwd, env: GIT_ENV, stdio: "pipe" });

/** A committed repository of `files` files, made once and kept (a marker says it is complete). */
function repository(files) {
  const dir = join(tmpdir(), `north-bench-large-${files}`);
  const done = `${dir}.ready`;
  if (existsSync(done)) return dir;
  rmSync(dir, { recursive: true, force: true });
  const started = performance.now();
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, "README.md"), "# Monorepo\n\nMany small TypeScript modules.\n");
  writeFileSync(
    join(dir, "package.json"),
    `${JSON.stringify({ name: "monorepo", scripts: { build: "tsc", test: "vitest" } }, null, 2)}\n`,
  );
  writeFileSync(join(dir, ".gitignore"), "node_modules/\ndist/\n");
  const folders = Math.max(1, Math.ceil(files / PER_FOLDER));
  for (let f = 0; f < folders; f++) {
    const folder = join(dir, "src", `mod${f}`);
    mkdirSync(folder, { recursive: true });
    for (let i = 0; i < PER_FOLDER && f * PER_FOLDER + i < files; i++) {
      writeFileSync(
        join(folder, `file${i}.ts`),
        `export const value${i} = ${f * PER_FOLDER + i};\nexport function get${i}(): number {\n  return value${i};\n}\n`,
      );
    }
  }
  git(dir, "init", "-q");
  git(dir, "add", "-A");
  git(dir, "commit", "-q", "-m", "Initial import");
  writeFileSync(done, "");
  console.log(
    `(made ${dir}: ${files} files in ${((performance.now() - started) / 1000).toFixed(1)} s)`,
  );
  return dir;
}

const large = repository(SIZE);
const tiny = repository(3);
const { startMockModelServer, reply } = await loadMock();
const answer = "The retry policy lives in src/retry.ts.";

/** One `north -p` in `repo`; `first` removes the repository's `.north/` (no cached card) before. */
async function headless(repo, first) {
  if (first) rmSync(join(repo, ".north"), { recursive: true, force: true });
  const server = await startMockModelServer([reply().text(answer)]);
  const { env } = sandbox();
  try {
    const result = await timed(process.execPath, [CLI, "-p", "where is the retry policy?"], {
      cwd: repo,
      env: { ...env, ANTHROPIC_API_KEY: "bench", ANTHROPIC_BASE_URL: server.anthropicBaseUrl },
    });
    if (result.code !== 0 || !result.stdout.includes(answer)) {
      throw new Error(`north -p failed (${result.code}): ${result.stderr}`);
    }
    return result.ms;
  } finally {
    await server.close();
  }
}

const verdict = (value, target) => (SMOKE ? "" : value <= target ? "  OK" : "  OVER");

// Warm the code cache (and git's own caches) once in each repository.
await headless(tiny, false);
await headless(large, false);
const runs = { tinyFirst: [], largeFirst: [], tinyLater: [], largeLater: [] };
for (let i = 0; i < RUNS; i++) {
  const order = i % 2 ? [large, tiny] : [tiny, large];
  for (const repo of order) {
    const name = repo === large ? "large" : "tiny";
    runs[`${name}First`].push(await headless(repo, true));
    runs[`${name}Later`].push(await headless(repo, false));
  }
}
const m = Object.fromEntries(Object.entries(runs).map(([k, v]) => [k, median(v)]));
console.log(`north in a repository of ${SIZE} files vs a tiny one (${RUNS} runs, medians)`);
for (const kind of ["First", "Later"]) {
  const ratio = m[`large${kind}`] / m[`tiny${kind}`];
  console.log(
    `  north -p, ${kind === "First" ? "first run " : "later runs"}  large ${fmt(m[`large${kind}`])}  tiny ${fmt(m[`tiny${kind}`])}  ${ratio.toFixed(2)}x (target ≤ 1.15x)${verdict(ratio, 1.15)}`,
  );
}

// The interface: composer ready in each repository, then the `@` picker in the large one.
// The picker's first match is measured cold (no list kept from an earlier session: the files
// folder of the shared cache removed) and with the last session's list kept, in turns.
const ready = { large: [], tiny: [] };
const picker = { cold: [], kept: [], later: [], keys: [] };
const keptLists = join(sandbox().env.XDG_CACHE_HOME, "north", "files");
for (let i = 0; i < RUNS; i++) {
  for (const repo of i % 2 ? [large, tiny] : [tiny, large]) {
    const cold = i % 2 === 0;
    if (repo === large && cold) rmSync(keptLists, { recursive: true, force: true });
    const run = await startNorth([], { cwd: repo });
    try {
      ready[repo === large ? "large" : "tiny"].push(run.readyMs);
      if (repo === large) {
        picker[cold ? "cold" : "kept"].push(await shows(run.term, "@mod12", "mod12"));
        for (const [key, typed, match] of [
          ["f", "@mod12f", "mod12/f"],
          ["4", "@mod12f4", "mod12/file4"],
          ["2", "@mod12f42", "mod12/file42"],
        ]) {
          picker.keys.push(await shows(run.term, key, match, typed));
        }
      }
    } finally {
      await run.close();
    }
  }
  // A person's first session in the repository, typing a second after the composer shows.
  rmSync(keptLists, { recursive: true, force: true });
  const run = await startNorth([], { cwd: large });
  try {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    picker.later.push(await shows(run.term, "@mod12", "mod12"));
  } finally {
    await run.close();
  }
}

const readyRatio = median(ready.large) / median(ready.tiny);
console.log(
  `  composer ready            large ${fmt(median(ready.large))}  tiny ${fmt(median(ready.tiny))}  ${readyRatio.toFixed(2)}x`,
);
const PICKER_CASES = {
  cold: "typed at once, no list kept ",
  kept: "typed at once, list kept    ",
  later: "typed 1 s later, none kept  ",
};
for (const [kind, label] of Object.entries(PICKER_CASES)) {
  const times = picker[kind];
  if (times.length === 0) continue;
  console.log(
    `  @ picker, first match of @mod12, ${label} ${fmt(median(times))} (max ${fmt(Math.max(...times))}, ${times.length} runs; target ≤ 100 ms)${verdict(median(times), 100)}`,
  );
}
const worstKey = Math.max(...picker.keys);
console.log(
  `  @ picker, narrowing key          ${fmt(median(picker.keys))} (max ${fmt(worstKey)}; target ≤ 50 ms)${verdict(median(picker.keys), 50)}`,
);
