/**
 * Build and test commands found in a repository's manifests: a small table of detectors, each
 * reading one file at the root.
 */
import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { readRepoFileSync } from "../../workspace/index.js";

/** At most this many commands per manifest. */
const PER_FILE = 6;
/** A manifest is read up to this size (a cut one is not parsed). */
const MAX_MANIFEST_BYTES = 512 * 1024;
/** package.json scripts worth naming, in this order; others are left out. */
const SCRIPT_NAMES = ["build", "test", "check", "lint", "typecheck", "format", "dev", "start"];

interface Detector {
  /** The manifest, relative to the root. */
  file: string;
  /** Commands from its text; `has` tells whether another root file exists. */
  commands(text: string, has: (name: string) => boolean): string[];
}

const DETECTORS: Detector[] = [
  { file: "package.json", commands: packageScripts },
  { file: "Makefile", commands: (t) => makeTargets(t).map((n) => `make ${n}`) },
  { file: "GNUmakefile", commands: (t) => makeTargets(t).map((n) => `make ${n}`) },
  { file: "justfile", commands: (t) => justRecipes(t).map((n) => `just ${n}`) },
  { file: "Cargo.toml", commands: () => ["cargo build", "cargo test"] },
  { file: "go.mod", commands: () => ["go build ./...", "go test ./..."] },
  { file: "pyproject.toml", commands: python },
  { file: "pom.xml", commands: () => ["mvn package", "mvn test"] },
  { file: "build.gradle", commands: (_, has) => gradle(has) },
  { file: "build.gradle.kts", commands: (_, has) => gradle(has) },
  { file: "CMakeLists.txt", commands: () => ["cmake -B build", "cmake --build build"] },
  { file: "mix.exs", commands: () => ["mix compile", "mix test"] },
  { file: "Gemfile", commands: (_, has) => (has("Rakefile") ? ["bundle exec rake"] : []) },
  { file: "deno.json", commands: denoTasks },
];

/** A repository root's listing, read once (see `rootNames`). */
export interface RootNames {
  /** The names as listed; none when the root cannot be listed. */
  readonly names: readonly string[];
  /** Whether `name` may be there (any case); true for every name when the root cannot be listed. */
  has(name: string): boolean;
}

/**
 * Which names are at a repository's root, to look up only those: the card asks about ~40 root
 * files (manifests, lock files, READMEs), most of them absent from any one repository, and each
 * lookup that fails throws inside Node. Lower-cased, so that a case-insensitive file system's
 * `makefile` is still looked up as `Makefile`; a name that is there is still checked by its own
 * call. A root that cannot be listed: every name is looked up.
 */
export function rootNames(root: string): RootNames {
  try {
    const names = readdirSync(root);
    const lower = new Set(names.map((name) => name.toLowerCase()));
    return { names, has: (name) => lower.has(name.toLowerCase()) };
  } catch {
    return { names: [], has: () => true };
  }
}

/** Every manifest a detector reads: the card is rebuilt when one of them changes. */
export const COMMAND_SOURCES = DETECTORS.map((d) => d.file);

/**
 * The commands found at `root`, deduplicated, in the table's order. Manifests are read under the
 * repository rules (`readRepoFileSync`): one that leads outside, is not a regular file (a FIFO
 * never blocks) or is over 512 KB is skipped.
 */
export function detectCommands(root: string, present = rootNames(root)): string[] {
  const has = (name: string) => present.has(name) && existsSync(join(root, name));
  const found: string[] = [];
  for (const detector of DETECTORS) {
    if (!present.has(detector.file)) continue;
    const read = readRepoFileSync(root, detector.file, { maxBytes: MAX_MANIFEST_BYTES });
    if (!read.ok || read.truncated) continue;
    const text = read.text;
    for (const command of detector.commands(text, has).slice(0, PER_FILE))
      if (!found.includes(command)) found.push(command);
  }
  return found;
}

function packageScripts(text: string, has: (name: string) => boolean): string[] {
  let scripts: Record<string, unknown>;
  try {
    scripts = (JSON.parse(text) as { scripts?: Record<string, unknown> }).scripts ?? {};
  } catch {
    return [];
  }
  const runner = has("pnpm-lock.yaml")
    ? "pnpm"
    : has("yarn.lock")
      ? "yarn"
      : has("bun.lockb") || has("bun.lock")
        ? "bun"
        : "npm";
  return SCRIPT_NAMES.filter((name) => typeof scripts[name] === "string").map((name) =>
    name === "test" && runner === "npm" ? "npm test" : `${runner} run ${name}`,
  );
}

/** Explicit targets (`name:` at a line start), no special or pattern targets. */
export function makeTargets(text: string): string[] {
  const names: string[] = [];
  for (const match of text.matchAll(/^([A-Za-z0-9][\w.-]*)\s*:(?!=)/gm)) {
    if (!names.includes(match[1]!)) names.push(match[1]!);
  }
  return names;
}

function justRecipes(text: string): string[] {
  return [...text.matchAll(/^([A-Za-z][\w-]*)(?:\s+[^:=\n]*)?:(?!=)/gm)].map((m) => m[1]!);
}

function python(text: string, has: (name: string) => boolean): string[] {
  const run = has("uv.lock") ? "uv run " : has("poetry.lock") ? "poetry run " : "";
  const out: string[] = [];
  if (/pytest/.test(text) || has("tests")) out.push(`${run}pytest`);
  if (/\[tool\.ruff/.test(text)) out.push(`${run}ruff check`);
  if (/\[tool\.mypy/.test(text)) out.push(`${run}mypy .`);
  return out;
}

function gradle(has: (name: string) => boolean): string[] {
  const g = has("gradlew") ? "./gradlew" : "gradle";
  return [`${g} build`, `${g} test`];
}

function denoTasks(text: string): string[] {
  try {
    const tasks = (JSON.parse(text) as { tasks?: Record<string, unknown> }).tasks ?? {};
    return Object.keys(tasks).map((name) => `deno task ${name}`);
  } catch {
    return [];
  }
}

/** Lock files and what they say the project builds with, in this order. */
const LOCK_FILES: [file: string, tool: string][] = [
  ["package-lock.json", "npm"],
  ["pnpm-lock.yaml", "pnpm"],
  ["yarn.lock", "yarn"],
  ["bun.lock", "bun"],
  ["bun.lockb", "bun"],
  ["uv.lock", "uv"],
  ["poetry.lock", "poetry"],
  ["Pipfile.lock", "pipenv"],
  ["Cargo.lock", "cargo"],
  ["go.sum", "go"],
  ["Gemfile.lock", "bundler"],
  ["gradlew", "gradle (wrapper)"],
  ["mvnw", "maven (wrapper)"],
  ["composer.lock", "composer"],
];

/**
 * The package managers and toolchains the lock files at `root` name ("pnpm (pnpm-lock.yaml)"):
 * the model then uses the project's own, not the one it guesses.
 */
export function detectToolchain(root: string, present = rootNames(root)): string[] {
  return LOCK_FILES.filter(([file]) => present.has(file) && existsSync(join(root, file))).map(
    ([file, tool]) => `${tool} (${file})`,
  );
}
