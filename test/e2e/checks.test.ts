// Issue 28, "Checks after edits": commands from the settings run after the model's edits
// (`afterEdit`) and before a turn that edited files ends (`beforeDone`); their failures go back to
// the model, what they change is part of the turn's checkpoint, and the run's output has them.
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { useE2e } from "../support/e2e-fixture.js";
import { reply } from "../support/mock-model-server.js";

const e2e = useE2e();

const hasBwrap = (() => {
  try {
    execFileSync("bwrap", ["--version"], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
})();

/** A linter: fails naming each file that holds the word "bad". */
const LINT = `for f in "$@"; do if grep -q bad "$f"; then echo "lint: $f says bad"; fail=1; fi; done
exit \${fail:-0}
`;
/** A test run that always fails, with a count as test runners print it. */
const TESTS = `echo "Tests  2 failed | 3 passed"; exit 1
`;

const sentText = (body: unknown) => JSON.stringify(body);

describe("checks after edits", () => {
  it("an afterEdit failure reaches the model with the edit's result; json lists the check", async () => {
    const { server, run } = await e2e.open(
      [
        reply().tool("edit_create_file", { path: "notes.txt", content: "this is bad\n" }),
        reply().text("Done."),
      ],
      {
        config: { checks: { afterEdit: ["sh lint.sh {files}"] } },
        files: { "lint.sh": LINT, "README.md": "hi\n" },
      },
    );
    const result = await run([
      "-p",
      "write notes",
      "--approve",
      "edits",
      "--output-format",
      "json",
    ]);
    expect(result.code, result.stderr).toBe(0);
    expect(server.requests).toHaveLength(2);
    const sent = sentText(server.requests[1]!.body);
    expect(sent).toContain("lint: notes.txt says bad");
    expect(sent).toContain("sh lint.sh 'notes.txt'");
    const out = JSON.parse(result.stdout.trim().split("\n").pop()!) as { checks?: unknown[] };
    expect(out.checks).toEqual([
      expect.objectContaining({
        phase: "after_edit",
        command: "sh lint.sh {files}",
        source: "config",
        ok: false,
        exit_code: 1,
      }),
    ]);
  });

  it("a passing afterEdit adds nothing to the model's request", async () => {
    const { server, run } = await e2e.open(
      [
        reply().tool("edit_create_file", { path: "notes.txt", content: "all good\n" }),
        reply().text("Done."),
      ],
      {
        config: { checks: { afterEdit: ["sh lint.sh {files}"] } },
        files: { "lint.sh": LINT, "README.md": "hi\n" },
      },
    );
    const result = await run(["-p", "write notes", "--approve", "edits"]);
    expect(result.code, result.stderr).toBe(0);
    expect(sentText(server.requests[1]!.body)).not.toContain("Checks configured");
  });

  it("beforeDone sends a failure back three times, then the turn ends and the person is told", async () => {
    const { server, run } = await e2e.open(
      [
        reply().tool("edit_create_file", { path: "notes.txt", content: "fine\n" }),
        reply().text("Done."),
        reply().text("Fixed, I think."),
        reply().text("Fixed now."),
        reply().text("I cannot fix the tests."),
      ],
      {
        config: { checks: { beforeDone: ["sh tests.sh"] } },
        files: { "tests.sh": TESTS, "README.md": "hi\n" },
      },
    );
    const result = await run(["-p", "write notes", "--approve", "edits"]);
    expect(result.code, result.stderr).toBe(0);
    expect(server.requests).toHaveLength(5);
    for (const round of [1, 2, 3]) {
      const sent = sentText(server.requests[round + 1]!.body);
      expect(sent).toContain(`round ${round} of 3`);
      expect(sent).toContain("Tests  2 failed | 3 passed");
    }
    expect(result.stdout).toContain("I cannot fix the tests.");
    expect(result.stderr).toContain("check failed: sh tests.sh — 2 failed");
    expect(result.stderr).toContain("Checks before done still fail after 3 rounds: sh tests.sh");
  });

  it("a turn that edited nothing runs no check", async () => {
    const { server, run } = await e2e.open([reply().text("Nothing to change.")], {
      config: { checks: { afterEdit: ["sh lint.sh {files}"], beforeDone: ["sh tests.sh"] } },
      files: { "lint.sh": LINT, "tests.sh": TESTS, "README.md": "hi\n" },
    });
    const result = await run([
      "-p",
      "look",
      "--approve",
      "edits",
      "--output-format",
      "stream-json",
    ]);
    expect(result.code, result.stderr).toBe(0);
    expect(server.requests).toHaveLength(1);
    expect(result.stdout).not.toContain('"check_start"');
  });

  it("stream-json carries each check as check_start and check_end events", async () => {
    const { run } = await e2e.open(
      [
        reply().tool("edit_create_file", { path: "notes.txt", content: "good\n" }),
        reply().text("Done."),
      ],
      {
        config: { checks: { afterEdit: ["sh lint.sh {files}"] } },
        files: { "lint.sh": LINT, "README.md": "hi\n" },
      },
    );
    const result = await run(["-p", "w", "--approve", "edits", "--output-format", "stream-json"]);
    expect(result.code, result.stderr).toBe(0);
    const events = result.stdout
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line) as { type: string; ok?: boolean; phase?: string });
    const start = events.findIndex((e) => e.type === "check_start");
    const end = events.findIndex((e) => e.type === "check_end");
    expect(start).toBeGreaterThan(events.findIndex((e) => e.type === "tool_result"));
    expect(end).toBeGreaterThan(start);
    expect(events[end]).toMatchObject({ ok: true, phase: "after_edit" });
  });
});

describe.skipIf(!hasBwrap)("checks in the sandbox", () => {
  it("formatting by an afterEdit check is undone with the edit by /undo", async () => {
    const { run, repo } = await e2e.open(
      [
        reply().tool("read_file", { path: "style.txt" }),
        reply().tool("edit_replace_exact", {
          path: "style.txt",
          old_string: "plain",
          new_string: "messy",
        }),
        reply().text("Edited."),
      ],
      {
        config: { checks: { afterEdit: ["sed -i 's/messy/tidy/' {files}"] } },
        files: { "style.txt": "plain\n", "README.md": "hi\n" },
      },
    );
    const first = await run(["-p", "edit style", "--approve", "edits"]);
    expect(first.code, first.stderr).toBe(0);
    expect(readFileSync(join(repo, "style.txt"), "utf8")).toBe("tidy\n");
    const undo = await run(["-p", "/undo --earlier"]);
    expect(undo.code, undo.stdout + undo.stderr).toBe(0);
    expect(readFileSync(join(repo, "style.txt"), "utf8")).toBe("plain\n");
  });

  it("a repository's checks run where the model's commands do, never without the sandbox", async () => {
    const { run, repo, home } = await e2e.open(
      [
        reply().tool("edit_create_file", { path: "a.txt", content: "x\n" }),
        reply().text("Done."),
        reply().tool("edit_create_file", { path: "c.txt", content: "z\n" }),
        reply().text("Done."),
        reply().tool("edit_create_file", { path: "b.txt", content: "y\n" }),
        reply().text("Done."),
      ],
      { files: { "README.md": "hi\n" } },
    );
    const outside = join(home, "outside.txt");
    mkdirSync(join(repo, ".north"), { recursive: true });
    const write = `echo pwned > ${outside}; echo ran > ran.txt`;
    writeFileSync(
      join(repo, ".north", "settings.json"),
      JSON.stringify({ checks: { afterEdit: [write] } }),
    );
    // Where the model's commands may write (--approve all), it writes in the repository only.
    const sandboxed = await run(["-p", "a", "--approve", "all"]);
    expect(sandboxed.code, sandboxed.stderr).toBe(0);
    expect(readFileSync(join(repo, "ran.txt"), "utf8")).toBe("ran\n");
    expect(() => readFileSync(outside)).toThrow();
    rmSync(join(repo, "ran.txt"));

    // Where they may not (--approve edits: commands read-only), it cannot write either.
    const readOnly = await run(["-p", "c", "--approve", "edits"]);
    expect(readOnly.code, readOnly.stderr).toBe(0);
    expect(existsSync(join(repo, "ran.txt"))).toBe(false);

    const off = await run(["-p", "b", "--approve", "all", "--sandbox", "off"]);
    expect(off.code, off.stderr).toBe(0);
    expect(off.stderr).toContain("not run (a repository's check runs only in the sandbox)");
    expect(() => readFileSync(outside)).toThrow();
  });
});

describe("/checks", () => {
  it("proposes the manifests' checks, runs nothing, and turns them on in the person's config", async () => {
    const scripts = { lint: "eslint .", test: "vitest run", build: "tsc" };
    const { run, repo, env, server } = await e2e.open([], {
      files: { "package.json": JSON.stringify({ name: "x", scripts }), "README.md": "hi\n" },
    });
    const shown = await run(["-p", "/checks"]);
    expect(shown.code, shown.stderr).toBe(0);
    expect(shown.stdout).toContain("npm run lint");
    expect(shown.stdout).toContain("npm test");
    expect(shown.stdout).toContain("/checks on");
    const configFile = join(env.XDG_CONFIG_HOME!, "north", "config.json");
    expect(() => readFileSync(configFile)).toThrow();

    const on = await run(["-p", "/checks on"]);
    expect(on.code, on.stderr).toBe(0);
    const saved = JSON.parse(readFileSync(configFile, "utf8")) as {
      projects: Record<string, { checks: unknown }>;
    };
    expect(saved.projects[realpathSync(repo)]!.checks).toEqual({
      afterEdit: ["npm run lint"],
      beforeDone: ["npm test"],
    });
    // Nothing was written into the repository, and no model was asked.
    expect(existsSync(join(repo, ".north", "settings.json"))).toBe(false);
    expect(server.requests).toHaveLength(0);

    const listed = await run(["-p", "/checks"]);
    expect(listed.stdout).toContain("Checks in force:");
    expect(listed.stdout).toMatch(/npm run lint {2}\(your config\)/);
  });
});
