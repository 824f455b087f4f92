// The run's temp folder (temp-root.ts) and what every test home starts with (cli-runner.ts).
import { existsSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { DEV_TOOLS_SEED, makeHome, makeRepo } from "./cli-runner.js";

describe("the run's temp folder", () => {
  it("is this worker's TMPDIR, and homes and repositories are made in it", () => {
    const root = process.env.NORTH_TEST_RUN_TMPDIR;
    expect(root).toMatch(/\/north-test-\d+-\w+$/);
    expect(tmpdir()).toBe(root);
    expect(makeHome().home.startsWith(`${root}/`)).toBe(true);
    expect(makeRepo({ "a.txt": "a\n" }).startsWith(`${root}/`)).toBe(true);
  });

  it("keeps the seeds outside it, and every home starts with the seeded sandbox probe", () => {
    const root = process.env.NORTH_TEST_RUN_TMPDIR!;
    expect(DEV_TOOLS_SEED.startsWith(root)).toBe(false);
    const seeded = existsSync(join(DEV_TOOLS_SEED, "north", "sandbox.json"));
    const { env } = makeHome();
    expect(existsSync(join(env.XDG_CACHE_HOME!, "north", "sandbox.json"))).toBe(seeded);
  });

  it("starts no process with the machine's extra certificates (Node parses them at boot)", () => {
    expect(process.env.NODE_EXTRA_CA_CERTS).toBeUndefined();
  });
});
