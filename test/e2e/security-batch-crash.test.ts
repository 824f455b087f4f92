// Issue 9, F17 of the security review: `edit_apply_batch` is all or nothing even across a crash.
// A child process applies a batch through the product's writer and is SIGKILLed at a chosen
// rename; the next start of the built CLI in that repository finishes or rolls it back.
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, realpathSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { journalFolder } from "../../src/workspace/batch-journal.js";
import { makeHome, makeRepo, runCli } from "../support/cli-runner.js";
import { reply, startMockModelServer, type MockModelServer } from "../support/mock-model-server.js";

let server: MockModelServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** A home (XDG folders) whose runs reach the mock server over the Anthropic protocol. */
function anthropicHome(s: MockModelServer, env: Record<string, string>) {
  return { ...env, ANTHROPIC_API_KEY: "sk-ant-test", ANTHROPIC_BASE_URL: s.anthropicBaseUrl };
}

describe("F17: edit_apply_batch across a crash", () => {
  const here = dirname(fileURLToPath(import.meta.url));
  let child: string;
  beforeAll(async () => {
    const dir = mkdtempSync(join(tmpdir(), "north-batch-child-"));
    child = join(dir, "batch-crash-child.mjs");
    await build({
      entryPoints: [join(here, "..", "support", "batch-crash-child.ts")],
      bundle: true,
      platform: "node",
      format: "esm",
      target: "node20",
      outfile: child,
      logLevel: "warning",
    });
  });

  const FILES = Array.from({ length: 10 }, (_, i) => `gen/f${i}.txt`);
  const CREATED = ["gen/new.txt", "gen/deep/er/new.txt"];

  /** Starts the batch in a child that stops after `stopAfter` renames, then SIGKILLs it. */
  async function killMidBatch(repo: string, journal: string, stopAfter: number): Promise<void> {
    const writes = [...FILES, ...CREATED].map((f) => ({
      absolute: join(realpathSync(repo), f),
      text: `new ${f}\n`,
    }));
    const proc = spawn(process.execPath, [child, JSON.stringify({ journal, stopAfter, writes })], {
      stdio: ["ignore", "pipe", "inherit"],
    });
    const exited = new Promise<NodeJS.Signals | null>((resolve) =>
      proc.on("exit", (_code, signal) => resolve(signal)),
    );
    proc.stdout.setEncoding("utf8").on("data", (text: string) => {
      if (text.includes("stopped")) proc.kill("SIGKILL");
    });
    expect(await exited).toBe("SIGKILL");
  }

  const sidecars = (repo: string) =>
    readdirSync(join(repo, "gen"), { recursive: true }).filter((n) =>
      String(n).includes(".north-"),
    );

  it.each([
    [0, "rolled back"],
    [5, "rolled back"],
    [12, "completed"],
  ])(
    "after %i of 12 renames, the next start finishes or rolls back the batch (%s)",
    async (stopAfter, outcome) => {
      const files = Object.fromEntries(FILES.map((f) => [f, `old ${f}\n`]));
      const repo = makeRepo(files);
      const home = makeHome();
      const journal = journalFolder(join(home.env.XDG_DATA_HOME!, "north"), realpathSync(repo));
      await killMidBatch(repo, journal, stopAfter);
      // The crash point is visible on disk: the journal and the sidecars are still there.
      expect(readdirSync(journal)).toHaveLength(1);
      expect(sidecars(repo).length).toBeGreaterThan(0);

      server = await startMockModelServer([reply().text("Hello.")]);
      const result = await runCli(["-p", "hi"], {
        cwd: repo,
        env: anthropicHome(server, home.env),
      });
      expect(result.code).toBe(0);
      const notes = result.stderr.trim().split("\n");
      expect(notes).toHaveLength(1);
      if (outcome === "completed") {
        expect(notes[0]).toMatch(
          /^north: note: A batch of edits was interrupted after all its 12 files were written; it was completed/,
        );
        for (const f of [...FILES, ...CREATED])
          expect(readFileSync(join(repo, f), "utf8")).toBe(`new ${f}\n`);
      } else {
        expect(notes[0]).toMatch(
          /^north: note: A batch of edits was interrupted .*: its 12 files were put back as they were before it/,
        );
        for (const f of FILES) expect(readFileSync(join(repo, f), "utf8")).toBe(`old ${f}\n`);
        for (const f of CREATED) expect(existsSync(join(repo, f))).toBe(false);
        expect(existsSync(join(repo, "gen/deep"))).toBe(false);
      }
      expect(sidecars(repo)).toEqual([]);
      expect(readdirSync(journal)).toEqual([]);
    },
  );

  it("an edit_apply_batch through the CLI leaves no journal behind", async () => {
    server = await startMockModelServer([
      reply().tool("read_file", { path: "a.txt" }),
      reply().tool("edit_apply_batch", {
        edits: [
          { type: "replace_exact", path: "a.txt", old_string: "one", new_string: "uno" },
          { type: "create_file", path: "b.txt", content: "two\n" },
        ],
      }),
      reply().text("Done."),
    ]);
    const repo = makeRepo({ "a.txt": "one\n" });
    const { env } = makeHome();
    const result = await runCli(["-p", "edit", "--approve", "edits"], {
      cwd: repo,
      env: anthropicHome(server, env),
    });
    expect(result.code).toBe(0);
    expect(readFileSync(join(repo, "a.txt"), "utf8")).toBe("uno\n");
    expect(readFileSync(join(repo, "b.txt"), "utf8")).toBe("two\n");
    const journal = journalFolder(join(env.XDG_DATA_HOME!, "north"), realpathSync(repo));
    expect(readdirSync(journal)).toEqual([]);
  });
});
