/**
 * The developer tools installed on this machine (git, node and its package managers, python and
 * its, go, cargo, java's build tools, dotnet, ruby, docker, make, ripgrep, gh), with versions:
 * found on PATH, asked for their version in the background, cached in North's cache folder by
 * PATH and each program's modification time, so a later run knows at once and a run never waits
 * for them. The model then stops guessing `python` vs `python3` or `npm` vs `pnpm`.
 */
import { accessSync, constants, readFileSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { delimiter, join } from "node:path";
import { cacheDir } from "../config/paths.js";
import { writePrivateFile } from "../config/private-file.js";
import { childProcess } from "../../platform/lazy-builtins.js";

interface Probe {
  name: string;
  /** Program names to look for, first found wins (`python3` before `python`). */
  programs: string[];
  args: string[];
  /** How to get it, for `/tools`. */
  hint: string;
}

export const DEV_TOOLS: readonly Probe[] = [
  {
    name: "git",
    programs: ["git"],
    args: ["--version"],
    hint: "apt install git · brew install git",
  },
  { name: "node", programs: ["node"], args: ["--version"], hint: "https://nodejs.org or nvm" },
  { name: "npm", programs: ["npm"], args: ["--version"], hint: "comes with node" },
  { name: "pnpm", programs: ["pnpm"], args: ["--version"], hint: "npm install -g pnpm" },
  { name: "yarn", programs: ["yarn"], args: ["--version"], hint: "corepack enable" },
  { name: "bun", programs: ["bun"], args: ["--version"], hint: "https://bun.sh" },
  {
    name: "python",
    programs: ["python3", "python"],
    args: ["--version"],
    hint: "apt install python3 · brew install python",
  },
  { name: "pip", programs: ["pip3", "pip"], args: ["--version"], hint: "python3 -m ensurepip" },
  { name: "uv", programs: ["uv"], args: ["--version"], hint: "https://docs.astral.sh/uv" },
  { name: "poetry", programs: ["poetry"], args: ["--version"], hint: "pipx install poetry" },
  { name: "go", programs: ["go"], args: ["version"], hint: "https://go.dev/dl" },
  { name: "cargo", programs: ["cargo"], args: ["--version"], hint: "https://rustup.rs" },
  { name: "rustc", programs: ["rustc"], args: ["--version"], hint: "https://rustup.rs" },
  { name: "java", programs: ["java"], args: ["-version"], hint: "apt install default-jdk" },
  { name: "mvn", programs: ["mvn"], args: ["--version"], hint: "apt install maven" },
  { name: "gradle", programs: ["gradle"], args: ["--version"], hint: "https://gradle.org/install" },
  { name: "dotnet", programs: ["dotnet"], args: ["--version"], hint: "https://dot.net" },
  { name: "ruby", programs: ["ruby"], args: ["--version"], hint: "apt install ruby" },
  {
    name: "docker",
    programs: ["docker"],
    args: ["--version"],
    hint: "https://docs.docker.com/get-docker",
  },
  { name: "podman", programs: ["podman"], args: ["--version"], hint: "apt install podman" },
  { name: "make", programs: ["make"], args: ["--version"], hint: "apt install make" },
  { name: "cmake", programs: ["cmake"], args: ["--version"], hint: "apt install cmake" },
  { name: "rg", programs: ["rg"], args: ["--version"], hint: "apt install ripgrep" },
  { name: "gh", programs: ["gh"], args: ["--version"], hint: "https://cli.github.com" },
];

/** One tool as found: where, and its version (undefined while unknown or unreadable). */
export interface DevTool {
  name: string;
  /** The program found (`python3`), its path and modification time. */
  program: string;
  path: string;
  mtimeMs: number;
  version?: string;
}

export interface DevToolsReport {
  installed: DevTool[];
  missing: { name: string; hint: string }[];
}

interface CacheFile {
  path: string;
  tools: DevTool[];
}

const VERSION_TIMEOUT_MS = 5_000;

/** Discoveries under way, by cache file, PATH and refresh: a caller joins one that runs. */
const running = new Map<string, Promise<DevToolsReport>>();

/**
 * Finds the tools on `env.PATH` and their versions: versions of programs unchanged since the
 * cache was written come from it, the others are asked (`--version`, at most 5 s each, all at once from one helper
 * process). Writes the cache when what it holds changed. Callers while the same discovery runs (the
 * background one at start-up, `/tools`, the `dev_tools` tool) share it and its report, which
 * they must not change. Never rejects.
 */
export function discoverDevTools(
  env: Record<string, string | undefined>,
  options: { refresh?: boolean } = {},
): Promise<DevToolsReport> {
  const key = [cacheFile(env), env.PATH ?? "", options.refresh === true].join("\0");
  let report = running.get(key);
  if (!report) {
    report = discover(env, options.refresh === true).finally(() => running.delete(key));
    running.set(key, report);
  }
  return report;
}

async function discover(
  env: Record<string, string | undefined>,
  refresh: boolean,
): Promise<DevToolsReport> {
  const pathVar = env.PATH ?? "";
  const file = cacheFile(env);
  const before = readText(file);
  const cached = refresh ? undefined : parseCache(before, pathVar);
  const installed: DevTool[] = [];
  const missing: DevToolsReport["missing"] = [];
  for (const probe of DEV_TOOLS) {
    const found = locate(probe.programs, pathVar);
    if (!found) {
      missing.push({ name: probe.name, hint: probe.hint });
      continue;
    }
    const known = cached?.tools.find(
      (t) => t.name === probe.name && t.path === found.path && t.mtimeMs === found.mtimeMs,
    );
    installed.push({
      name: probe.name,
      ...found,
      ...(known?.version ? { version: known.version } : {}),
    });
  }
  const unknown = installed.filter((t) => t.version === undefined);
  const versions = await askVersions(
    unknown.map((tool) => [tool.path, DEV_TOOLS.find((p) => p.name === tool.name)!.args]),
    env,
  );
  unknown.forEach((tool, i) => {
    if (versions[i]) tool.version = versions[i];
  });
  const after = `${JSON.stringify({ path: pathVar, tools: installed } satisfies CacheFile, null, 1)}\n`;
  if (after !== before) writePrivateFile(file, after);
  return { installed, missing };
}

/**
 * What the cache knows for this PATH, without starting a process: the tools whose program is
 * unchanged since (an upgraded one is left out until it is asked again). Empty without a cache.
 */
export function cachedDevTools(env: Record<string, string | undefined>): DevTool[] {
  const tools = parseCache(readText(cacheFile(env)), env.PATH ?? "")?.tools ?? [];
  return tools.filter((t) => {
    try {
      return statSync(t.path).mtimeMs === t.mtimeMs;
    } catch {
      return false;
    }
  });
}

/** "Installed: git 2.43.0, node 20.20.2, npm 10.8.2, python3 3.11.2, …" for the system prompt. */
export function devToolsLine(tools: readonly DevTool[]): string {
  if (tools.length === 0) return "";
  return tools.map((t) => (t.version ? `${t.program} ${t.version}` : t.program)).join(", ");
}

function cacheFile(env: Record<string, string | undefined>): string {
  return join(cacheDir(env), "dev-tools.json");
}

function locate(
  programs: string[],
  pathVar: string,
): Omit<DevTool, "name" | "version"> | undefined {
  for (const program of programs) {
    for (const dir of pathVar.split(delimiter)) {
      if (!dir) continue;
      const path = join(dir, program);
      try {
        const info = statSync(path);
        if (!info.isFile()) continue;
        accessSync(path, constants.X_OK);
        return { program, path, mtimeMs: info.mtimeMs };
      } catch {
        // Not here.
      }
    }
  }
  return undefined;
}

/**
 * Asks each program its version, all at once, from one small helper process (North's own Node
 * running `ASK_SCRIPT`) rather than a process of North's per program: starting a process copies
 * the starting process's page tables, which for North in a session (100+ MB) cost tens of
 * milliseconds each — in the middle of the first answer a person reads. Resolves with the first
 * version number each printed (stdout or stderr), or undefined; never rejects.
 */
function askVersions(
  programs: readonly (readonly [path: string, args: readonly string[]])[],
  env: Record<string, string | undefined>,
): Promise<(string | undefined)[]> {
  if (programs.length === 0) return Promise.resolve([]);
  // The person's variables for the programs, without what would change the helper itself.
  const { NODE_OPTIONS: _options, ...rest } = env;
  return new Promise((resolve) => {
    childProcess().execFile(
      process.execPath,
      ["-e", ASK_SCRIPT, JSON.stringify({ programs, timeout: VERSION_TIMEOUT_MS })],
      {
        timeout: VERSION_TIMEOUT_MS * 2,
        env: rest as NodeJS.ProcessEnv,
        maxBuffer: 1024 * 1024,
        // Never in the repository: corepack, rustup and maven read a project's files (a pinned
        // version to download, JVM options) even for `--version`.
        cwd: tmpdir(),
      },
      (_error, stdout) => {
        let outputs: unknown;
        try {
          outputs = JSON.parse(stdout);
        } catch {
          outputs = [];
        }
        resolve(
          programs.map((_, i) => {
            const output = Array.isArray(outputs) ? outputs[i] : undefined;
            return typeof output === "string" ? /\d+\.\d+(?:\.\d+)?/.exec(output)?.[0] : undefined;
          }),
        );
      },
    );
  });
}

/** The helper: runs every program (each at most `timeout` ms), prints their output as JSON. */
const ASK_SCRIPT = `
const { execFile } = require("node:child_process");
const { programs, timeout } = JSON.parse(process.argv[1]);
const out = programs.map(() => "");
let left = programs.length;
programs.forEach(([path, args], i) =>
  execFile(path, args, { timeout, maxBuffer: 256 * 1024 }, (_e, so, se) => {
    out[i] = String(so).slice(0, 4096) + "\\n" + String(se).slice(0, 4096);
    if (--left === 0) process.stdout.write(JSON.stringify(out));
  }),
);
`;

function readText(file: string): string | undefined {
  try {
    return readFileSync(file, "utf8");
  } catch {
    return undefined;
  }
}

function parseCache(text: string | undefined, pathVar: string): CacheFile | undefined {
  if (text === undefined) return undefined;
  try {
    const data = JSON.parse(text) as CacheFile;
    if (data.path !== pathVar || !Array.isArray(data.tools)) return undefined;
    const valid = data.tools.every(
      (t) =>
        typeof t?.name === "string" &&
        typeof t.program === "string" &&
        typeof t.path === "string" &&
        typeof t.mtimeMs === "number",
    );
    return valid ? data : undefined;
  } catch {
    return undefined;
  }
}
