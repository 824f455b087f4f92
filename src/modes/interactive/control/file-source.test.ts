import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { indexedPaths } from "../../../../test/support/fuzzy-reference.js";
import { makeTempTree, type TempTree } from "../../../../test/support/temp-tree.js";
import { keptProjectFiles, streamProjectFiles } from "../../../session/index.js";
import { createFileSource } from "./file-source.js";

let tree: TempTree | undefined;

/** A git repository of `files` and a cache folder of its own for North. */
async function repository(files: Record<string, string>) {
  tree = await makeTempTree(files);
  execFileSync("git", ["init", "-q"], { cwd: tree.root });
  const env = { ...process.env, XDG_CACHE_HOME: mkdtempSync(join(tmpdir(), "north-files-")) };
  return { root: tree.root, env };
}

/** North's listing, counting its calls. */
function countedListing() {
  const counted = {
    calls: 0,
    listFiles: ((...args) => {
      counted.calls++;
      return streamProjectFiles(...args);
    }) as typeof streamProjectFiles,
  };
  return counted;
}
afterEach(async () => {
  await tree?.remove();
  tree = undefined;
});

describe("the @ picker's files", () => {
  it("are listed from the start, ignored ones skipped, and a file made later appears", async () => {
    tree = await makeTempTree({
      ".gitignore": "*.log\n",
      "src/a.ts": "a",
      "debug.log": "ignored",
      "node_modules/x/index.js": "never listed",
    });
    execFileSync("git", ["init", "-q"], { cwd: tree.root });
    // North's cache (the sandbox probe's remembered success) in a folder of the test's own.
    const env = { ...process.env, XDG_CACHE_HOME: mkdtempSync(join(tmpdir(), "north-files-")) };
    let changes = 0;
    const source = createFileSource(tree.root, env, () => changes++, { freshMs: 0 });
    // Nothing is indexed in the caller's turn: the first look starts the listing.
    expect(source.files()).toBeUndefined();
    await expect
      .poll(() => indexedPaths(source.indexed())?.includes("src/a.ts"), { timeout: 30_000 })
      .toBe(true);
    expect(changes).toBeGreaterThan(0);
    const first = indexedPaths(source.indexed()!);
    expect(first).not.toContain("debug.log");
    expect(first.some((p) => p.startsWith("node_modules/"))).toBe(false);
    expect(source.indexed()!.find("a.ts", 5)).toContain("src/a.ts");

    writeFileSync(join(tree.root, "src", "b.ts"), "b");
    // Listed again when asked (each look past `freshMs`); the old list serves until then.
    await expect
      .poll(() => indexedPaths(source.files())?.includes("src/b.ts"), { timeout: 30_000 })
      .toBe(true);
    expect(source.indexed()!.find("b.ts", 5)).toContain("src/b.ts");
  });

  it("serve a large repository's last list at the next start, then the new one", async () => {
    tree = await makeTempTree({ "src/a.ts": "a", "src/b.ts": "b" });
    execFileSync("git", ["init", "-q"], { cwd: tree.root });
    const env = { ...process.env, XDG_CACHE_HOME: mkdtempSync(join(tmpdir(), "north-files-")) };
    const first = createFileSource(tree.root, env, () => undefined, { keepFrom: 1 });
    first.files();
    // Kept once whole.
    await expect
      .poll(
        async () => (await keptProjectFiles(tree!.root, env))?.split("\0").filter(Boolean).sort(),
        {
          timeout: 30_000,
        },
      )
      .toEqual(["src/a.ts", "src/b.ts"]);

    // The next start offers the kept list at once — a file removed since included — …
    rmSync(join(tree.root, "src", "b.ts"));
    writeFileSync(join(tree.root, "src", "c.ts"), "c");
    const next = createFileSource(tree.root, env, () => undefined, { keepFrom: 1 });
    next.files();
    await expect
      .poll(() => indexedPaths(next.indexed()), { timeout: 30_000 })
      .toContain("src/b.ts");
    // …until its own listing is whole and replaces it.
    await expect
      .poll(() => indexedPaths(next.indexed())?.includes("src/c.ts"), { timeout: 30_000 })
      .toBe(true);
    expect(indexedPaths(next.indexed())).not.toContain("src/b.ts");
  });

  it("are made ready before a menu asks: the kept list at once, git's list when idle", async () => {
    tree = await makeTempTree({ "src/a.ts": "a", "src/b.ts": "b" });
    execFileSync("git", ["init", "-q"], { cwd: tree.root });
    const env = { ...process.env, XDG_CACHE_HOME: mkdtempSync(join(tmpdir(), "north-files-")) };
    const first = createFileSource(tree.root, env, () => undefined, { keepFrom: 1 });
    first.files();
    await expect
      .poll(async () => (await keptProjectFiles(tree!.root, env))?.includes("src/b.ts"), {
        timeout: 30_000,
      })
      .toBe(true);
    rmSync(join(tree.root, "src", "b.ts"));

    const listing = countedListing();
    const { listFiles } = listing;
    let idle: (() => void) | undefined;
    const next = createFileSource(tree.root, env, () => undefined, { keepFrom: 1, listFiles });
    await next.prefetch((work) => (idle = work));
    // The kept list is served with no listing…
    expect(listing.calls).toBe(0);
    await expect
      .poll(() => indexedPaths(next.indexed()), { timeout: 30_000 })
      .toContain("src/b.ts");
    // …which starts once the keyboard rests, and replaces it when whole.
    idle!();
    expect(listing.calls).toBe(0); // after the kept list's grace (KEPT_REFRESH_MS)
    await expect.poll(() => listing.calls, { timeout: 30_000 }).toBe(1);
    await expect
      .poll(() => indexedPaths(next.indexed()), { timeout: 30_000 })
      .toEqual(["src/a.ts"]);
    // A menu asking later lists no more while the list is fresh.
    next.files();
    expect(listing.calls).toBe(1);
  });

  it("are listed when the keyboard rests, with no list kept", async () => {
    const { root, env } = await repository({ "src/a.ts": "a" });
    const listing = countedListing();
    const { listFiles } = listing;
    let idle: (() => void) | undefined;
    const source = createFileSource(root, env, () => undefined, { listFiles });
    await source.prefetch((work) => (idle = work));
    // No list kept: nothing is listed until the keyboard rests…
    await new Promise<void>((resolve) => setImmediate(resolve));
    expect(listing.calls).toBe(0);
    expect(source.indexed()).toBeUndefined();
    idle!();
    await expect
      .poll(() => indexedPaths(source.indexed()), { timeout: 30_000 })
      .toEqual(["src/a.ts"]);
    expect(listing.calls).toBe(1);
    // …or a menu asks (here after it): a fresh list is not made again.
    expect(indexedPaths(source.files())).toEqual(["src/a.ts"]);
    expect(listing.calls).toBe(1);
  });

  it("are listed at once when a menu asks before the keyboard rests", async () => {
    const { root, env } = await repository({ "src/a.ts": "a" });
    const listing = countedListing();
    const { listFiles } = listing;
    let idle: (() => void) | undefined;
    const source = createFileSource(root, env, () => undefined, { listFiles });
    await source.prefetch((work) => (idle = work));
    expect(source.files()).toBeUndefined();
    await expect
      .poll(() => indexedPaths(source.indexed()), { timeout: 30_000 })
      .toEqual(["src/a.ts"]);
    expect(listing.calls).toBe(1);
    // The keyboard resting later starts no second listing.
    idle!();
    expect(listing.calls).toBe(1);
  });
});
