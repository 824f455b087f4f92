// In the e2e project, not `npm run test:quick`: a stress test of 100 processes (a third of the
// unit project's CPU), not a check for the edit-test loop.
// Crash safety of atomic writes: a child process rewrites several files in batches, over and over,
// and is killed with SIGKILL at a random point (after a random number of its progress reports,
// while the next batch is being written). Every file must then be whole: one version, complete.
// Each child rewrites `FOLDERS` folders at once, each its own loop of batches, so that one kill
// interrupts that many batches, each at its own point: a child's start (~0.2 s of CPU, most of
// this test's cost) is paid once per kill, not once per interrupted batch.
import { spawn } from "node:child_process";
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

/** Children killed; each interrupts `FOLDERS` batches, so 102 batches are checked in all. */
const RUNS = 34;
const FOLDERS = 3;
const PARALLEL = 4;
const FILES = ["a.txt", "b.txt", "sub/c.txt"];
const SIZE = 64 * 1024;

/** Version `k` of `file`: a header naming both, then a body derived from them. */
function content(file: string, k: number): string {
  const head = `${file}:${k}\n`;
  const unit = `${file}-${k}-`.repeat(8) + "\n";
  return (head + unit.repeat(Math.ceil(SIZE / unit.length))).slice(0, SIZE);
}

const CHILD = `
import { writeFilesAtomic } from "./atomic-write.mjs";
import path from "node:path";
${content.toString()}
const SIZE = ${SIZE};
const dirs = process.argv.slice(2);
const files = ${JSON.stringify(FILES)};
process.stdout.write("ready\\n");
await Promise.all(dirs.map(async (dir) => {
  for (let k = 1; ; k++) {
    await writeFilesAtomic(files.map((f) => ({ absolute: path.join(dir, f), data: Buffer.from(content(f, k)) })));
    process.stdout.write(k + "\\n");
  }
}));
`;

let work: string;

beforeAll(async () => {
  work = await mkdtemp(path.join(os.tmpdir(), "north-crash-"));
  const here = path.dirname(fileURLToPath(import.meta.url));
  await build({
    entryPoints: [path.join(here, "..", "..", "src", "workspace", "atomic-write.ts")],
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    outfile: path.join(work, "atomic-write.mjs"),
    logLevel: "warning",
  });
  await writeFile(path.join(work, "child.mjs"), CHILD);
});
afterAll(async () => rm(work, { recursive: true, force: true }));

/**
 * Runs one child on `FOLDERS` fresh folders, kills it after `reports` progress lines (of all its
 * folders); returns the folders.
 */
async function crashOnce(run: number, reports: number): Promise<string[]> {
  const dirs = Array.from({ length: FOLDERS }, (_, i) => path.join(work, `run-${run}-${i}`));
  for (const dir of dirs) {
    for (const f of FILES) {
      await mkdir(path.dirname(path.join(dir, f)), { recursive: true });
      await writeFile(path.join(dir, f), content(f, 0));
    }
  }
  const child = spawn(process.execPath, [path.join(work, "child.mjs"), ...dirs], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  const exited = new Promise<NodeJS.Signals | null>((resolve) => {
    child.on("exit", (_code, signal) => resolve(signal));
  });
  let seen = 0;
  child.stdout.on("data", (chunk: Buffer) => {
    seen += chunk.toString().split("\n").length - 1;
    if (seen > reports) child.kill("SIGKILL");
  });
  expect(await exited).toBe("SIGKILL");
  return dirs;
}

/** Each target file is exactly one version; other entries are only sidecar leftovers. */
async function checkWhole(dir: string): Promise<number[]> {
  const versions: number[] = [];
  for (const f of FILES) {
    const text = await readFile(path.join(dir, f), "utf8");
    const k = Number(text.slice(f.length + 1, text.indexOf("\n")));
    expect(Number.isInteger(k), `${dir}/${f} header`).toBe(true);
    expect(text === content(f, k), `${dir}/${f} is whole at version ${k}`).toBe(true);
    versions.push(k);
  }
  const entries = await readdir(dir, { recursive: true });
  for (const entry of entries) {
    if (FILES.includes(entry) || entry === "sub") continue;
    expect(path.basename(entry)).toMatch(/^\..+\.north-[0-9a-f]{12}\.(tmp|bak)$/);
  }
  return versions;
}

describe("atomic writes under SIGKILL", () => {
  it(`leave every file whole, old or new, in ${RUNS * FOLDERS} batches cut by ${RUNS} kills`, async () => {
    let next = 0;
    let progressed = 0;
    const worker = async () => {
      while (next < RUNS) {
        const run = next++;
        // Up to five batches of each folder before the kill, as with one folder per child.
        const dirs = await crashOnce(run, Math.floor(Math.random() * 6 * FOLDERS));
        for (const dir of dirs) {
          const versions = await checkWhole(dir);
          if (versions.some((k) => k > 0)) progressed++;
          await rm(dir, { recursive: true, force: true });
        }
      }
    };
    await Promise.all(Array.from({ length: PARALLEL }, worker));
    // Most folders were cut after at least one batch was written, so new versions were seen.
    expect(progressed).toBeGreaterThan((RUNS * FOLDERS) / 2);
  });
});
