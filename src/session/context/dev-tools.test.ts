import {
  chmodSync,
  mkdtempSync,
  readFileSync,
  statSync,
  utimesSync,
  writeFileSync,
  existsSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { cachedDevTools, devToolsLine, discoverDevTools } from "./dev-tools.js";
import { buildSystemPrompt } from "./system-prompt.js";

/** A PATH of fake programs; each appends its name to `calls` when run. */
function fakePath() {
  const bin = mkdtempSync(join(tmpdir(), "north-fake-bin-"));
  const calls = join(bin, "calls.log");
  const program = (name: string, body: string) => {
    writeFileSync(join(bin, name), `#!/bin/sh\necho ${name} >> "${calls}"\n${body}\n`);
    chmodSync(join(bin, name), 0o755);
  };
  program("node", "echo v99.1.0");
  // Some print their version on stderr.
  program("python3", "echo 'Python 3.99.2' >&2");
  // And some print nothing useful.
  program("git", "echo 'no idea what you mean'");
  // Not executable: not a tool.
  writeFileSync(join(bin, "cargo"), "#!/bin/sh\necho 1.0.0\n");
  const env = {
    PATH: bin,
    XDG_CACHE_HOME: mkdtempSync(join(tmpdir(), "north-fake-cache-")),
  };
  const called = () => (existsSync(calls) ? readFileSync(calls, "utf8").trim().split("\n") : []);
  return { bin, env, called };
}

describe("discoverDevTools", () => {
  it("finds the tools on PATH with their versions, and says how to get the missing ones", async () => {
    const { bin, env } = fakePath();
    const report = await discoverDevTools(env);
    expect(report.installed.map((t) => [t.name, t.program, t.version, t.path])).toEqual([
      ["git", "git", undefined, join(bin, "git")],
      ["node", "node", "99.1.0", join(bin, "node")],
      ["python", "python3", "3.99.2", join(bin, "python3")],
    ]);
    expect(report.missing.map((m) => m.name)).toContain("cargo");
    expect(report.missing.find((m) => m.name === "uv")?.hint).toMatch(/astral/);
  });

  it("reads versions from the cache until a program changes, then asks it again", async () => {
    const { bin, env, called } = fakePath();
    await discoverDevTools(env);
    expect(called().sort()).toEqual(["git", "node", "python3"]);
    await discoverDevTools(env);
    // Only the one whose version is unknown is asked again.
    expect(called().sort()).toEqual(["git", "git", "node", "python3"]);
    const later = new Date(Date.now() + 60_000);
    utimesSync(join(bin, "node"), later, later);
    expect(cachedDevTools(env).map((t) => t.name)).toEqual(["git", "python"]);
    await discoverDevTools(env);
    expect(called().filter((c) => c === "node")).toHaveLength(2);
    await discoverDevTools(env, { refresh: true });
    expect(called().filter((c) => c === "node")).toHaveLength(3);
  });

  it("shares a discovery under way, and leaves an unchanged cache file alone", async () => {
    const { env, called } = fakePath();
    const [first, second] = await Promise.all([discoverDevTools(env), discoverDevTools(env)]);
    expect(second).toBe(first);
    expect(called().sort()).toEqual(["git", "node", "python3"]);
    const file = join(env.XDG_CACHE_HOME, "north", "dev-tools.json");
    const written = statSync(file);
    await discoverDevTools(env);
    expect(statSync(file).ino).toBe(written.ino);
    expect(statSync(file).mtimeMs).toBe(written.mtimeMs);
  });

  it("gives the system prompt one line, from the cache alone", async () => {
    const { env } = fakePath();
    expect(cachedDevTools(env)).toEqual([]);
    await discoverDevTools(env);
    const line = devToolsLine(cachedDevTools(env));
    expect(line).toBe("git, node 99.1.0, python3 3.99.2");
    const prompt = buildSystemPrompt({ root: "/r", mode: "agent", tools: line });
    expect(prompt).toContain("- Installed developer tools: git, node 99.1.0, python3 3.99.2");
    expect(buildSystemPrompt({ root: "/r", mode: "agent" })).not.toContain("Installed");
  });
});
