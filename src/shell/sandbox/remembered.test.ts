import {
  chmodSync,
  existsSync,
  mkdtempSync,
  readFileSync,
  realpathSync,
  rmSync,
  utimesSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { findBwrap } from "./bubblewrap.js";
import { detectSandbox, forgetSandboxSuccess, type SandboxMemory } from "./index.js";

const made: string[] = [];
afterEach(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});
// A successful probe keeps its bwrap for the process: probe the real one again, so that the
// files run after this one in the same worker (`isolate: false`) do not start a deleted fake.
// (`detectSandbox()` without options would return the process's first answer, not re-probe.)
afterAll(async () => {
  const real = findBwrap();
  if (real) await detectSandbox({ bwrap: real });
});

/** A stand-in bwrap that counts its starts in `calls` and succeeds or fails as told. */
function fakeBwrap(works: boolean) {
  const dir = realpathSync(mkdtempSync(path.join(tmpdir(), "north-remember-")));
  made.push(dir);
  const calls = path.join(dir, "calls");
  const bwrap = path.join(dir, "bwrap");
  const body = works ? "exit 0" : 'echo "bwrap: setting up uid map: Permission denied" >&2; exit 1';
  writeFileSync(bwrap, `#!/bin/sh\necho x >> "${calls}"\n${body}\n`);
  chmodSync(bwrap, 0o755);
  const starts = () => (existsSync(calls) ? readFileSync(calls, "utf8").split("\n").length - 1 : 0);
  // What the session would keep in its cache folder (session/permissions/sandbox-state.ts), held here.
  let kept: string | undefined;
  const remember: SandboxMemory = {
    read: () => kept,
    write: (text) => void (kept = text),
    forget: () => void (kept = undefined),
  };
  return { bwrap, remember, starts, kept: () => kept, keep: (text: string) => (kept = text) };
}

describe("a remembered sandbox probe", () => {
  it("starts bwrap once: later runs on this boot read the success back", async () => {
    const fake = fakeBwrap(true);
    const options = { bwrap: fake.bwrap, remember: fake.remember };
    expect(await detectSandbox(options)).toEqual({ available: true, name: "bubblewrap" });
    expect(fake.starts()).toBe(1);
    expect(fake.kept()).toBeDefined();
    expect(await detectSandbox(options)).toEqual({ available: true, name: "bubblewrap" });
    expect(fake.starts()).toBe(1);
  });

  it("probes again when bwrap changed", async () => {
    const fake = fakeBwrap(true);
    const options = { bwrap: fake.bwrap, remember: fake.remember };
    await detectSandbox(options);
    const later = new Date(Date.now() + 60_000);
    utimesSync(fake.bwrap, later, later);
    await detectSandbox(options);
    expect(fake.starts()).toBe(2);
  });

  it("is forgotten when a sandboxed shell fails to start, so the next run probes again", async () => {
    const fake = fakeBwrap(true);
    const options = { bwrap: fake.bwrap, remember: fake.remember };
    await detectSandbox(options);
    expect(fake.kept()).toBeDefined();
    forgetSandboxSuccess();
    expect(fake.kept()).toBeUndefined();
    await detectSandbox(options);
    expect(fake.starts()).toBe(2);
  });

  it("never remembers a failure, and ignores a broken or foreign file", async () => {
    const failing = fakeBwrap(false);
    const options = { bwrap: failing.bwrap, remember: failing.remember };
    expect(await detectSandbox(options)).toMatchObject({ available: false });
    expect(failing.kept()).toBeUndefined();
    expect(await detectSandbox(options)).toMatchObject({ available: false });
    expect(failing.starts()).toBe(2);

    const fake = fakeBwrap(true);
    for (const content of ["{not json", JSON.stringify({ works: "another machine" })]) {
      fake.keep(content);
      const before = fake.starts();
      await detectSandbox({ bwrap: fake.bwrap, remember: fake.remember });
      expect(fake.starts()).toBe(before + 1);
    }
  });
});
