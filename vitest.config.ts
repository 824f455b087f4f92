import { readFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";

/**
 * Test files run at once. Most end-to-end files wait on child processes (the built CLI, a
 * pseudo-terminal, the mock model server), not on the CPU: vitest's default (one fewer than the
 * cores, ONE on a 2-core machine) leaves the machine idle while they wait. On the loaded 2-core
 * machine three e2e files used 51 s of CPU in 230 s; the suite's CPU, not the number of files,
 * bounds it. `--maxWorkers N` on the command line overrides this.
 */
const WORKERS = Math.max(4, availableParallelism() - 1);

export default defineConfig({
  plugins: [
    {
      name: "markdown-as-text",
      enforce: "pre",
      load(id) {
        if (!id.endsWith(".md")) return null;
        return `export default ${JSON.stringify(readFileSync(id, "utf8"))};`;
      },
    },
  ],
  test: {
    // Limits for a hang, not targets (those live in bench/): the slowest test of the lead's
    // one-worker run on the loaded 2-core machine (02:46, load ~20) took 26 s; with four files
    // at once on such a machine a test may take several times that and still be right. The
    // helpers' waits end just before this (test/support/test-deadline.ts).
    testTimeout: 120_000,
    hookTimeout: 60_000,
    pool: "forks",
    maxWorkers: WORKERS,
    // expect.poll waits on states (a child's port file, a log line); its default second is a
    // race on a loaded machine, not a limit any test means.
    expect: { poll: { timeout: 60_000 } },
    // Two projects sharing the settings above and one pool of workers (the same `maxWorkers`,
    // so one group: the longest files start first, the short ones fill the gaps).
    // `npm run test:quick` runs `unit` alone; `npm test` both.
    projects: [
      // Unit files share their worker's modules (`isolate: false`): each file re-importing
      // Ink, React and the session cost three times the CPU of the tests themselves (233 s
      // against 80 s on the loaded 2-core machine). A test that changes module state (theme,
      // locale, a loaded highlighter) sets what it needs and does not count on a fresh module.
      {
        extends: true,
        test: {
          name: "unit",
          include: ["src/**/*.test.ts"],
          isolate: false,
          // One temp folder per run, removed at its end (test/support/temp-root.ts).
          globalSetup: ["test/support/temp-root.ts"],
        },
      },
      // End-to-end files share their worker's modules too: their subjects run in processes of
      // their own (the built CLI, a pseudo-terminal, MCP servers), and what they import in the
      // worker (the mock model server, the terminal harness, test support) is the same for
      // all. No e2e file changes the worker's environment, working folder or globals. The
      // whole suite, 2026-11-28 on the quiet 2-core machine: 647 s of CPU and 332 s, against
      // 680 s and 348 s with a fresh worker per e2e file.
      {
        extends: true,
        test: {
          name: "e2e",
          include: ["test/**/*.test.ts"],
          isolate: false,
          // The run's temp folder; the developer tools and the sandbox probe every test home
          // starts with (test/support/cli-runner.ts); the MCP test server bundled.
          globalSetup: [
            "test/support/temp-root.ts",
            "test/support/dev-tools-seed.ts",
            "test/support/mcp-server-bundle.ts",
          ],
        },
      },
    ],
  },
});
