import { readFileSync } from "node:fs";
import { defineConfig } from "vitest/config";

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
    include: ["src/**/*.test.ts", "test/**/*.test.ts"],
    testTimeout: 40000,
    hookTimeout: 20000,
    pool: "forks",
    // expect.poll waits on states (a child's port file, a log line); its default second is a
    // race on a loaded machine, not a limit any test means.
    expect: { poll: { timeout: 20000 } },
  },
});
