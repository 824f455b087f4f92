// The suite's two vitest projects (vitest.config.ts): every test file is in exactly one, and the
// `unit` project (`npm run test:quick`, no build) holds no test that needs the built CLI.
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import picomatch from "picomatch";
import { expect, test } from "vitest";
import config from "../vitest.config.js";

const ROOT = join(import.meta.dirname, "..");

interface Project {
  test: { name: string; include: string[] };
}
const projects = (config.test?.projects ?? []) as Project[];

/** Every `*.test.ts` below `dir`, relative to the repository. */
function testFiles(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { recursive: true, encoding: "utf8" })
    .filter((f) => f.endsWith(".test.ts"))
    .map((f) => relative(ROOT, join(ROOT, dir, f)));
}

test("every test file belongs to exactly one project", () => {
  expect(projects.map((p) => p.test.name).sort()).toEqual(["e2e", "unit"]);
  const files = [...testFiles("src"), ...testFiles("test")];
  expect(files.length).toBeGreaterThan(200);
  for (const file of files) {
    const owners = projects.filter((p) => picomatch(p.test.include)(file));
    expect(
      owners.map((p) => p.test.name),
      file,
    ).toHaveLength(1);
  }
});

test("no unit test starts the built CLI (the quick run does not build)", () => {
  const unit = projects.find((p) => p.test.name === "unit")!;
  const inUnit = picomatch(unit.test.include);
  const spawnsCli = /cli-runner|terminal-harness|e2e-fixture|tui-fixture|rpc-client|dist\/north/;
  const offenders = [...testFiles("src"), ...testFiles("test")]
    .filter((file) => inUnit(file))
    .filter((file) => spawnsCli.test(readFileSync(join(ROOT, file), "utf8")));
  expect(offenders).toEqual([]);
});
