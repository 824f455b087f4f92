import { existsSync, mkdtempSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { fileMemory, SandboxSwitch } from "./sandbox-state.js";

const available = async () => ({ available: true as const, name: "bubblewrap" });
const missing = async () => ({
  available: false as const,
  reason: "bubblewrap (bwrap) is not installed",
  hint: "Install bubblewrap.",
});

describe("the sandbox switch", () => {
  it("sandboxes where available and wanted; /sandbox off and on switch it", async () => {
    const sandbox = new SandboxSwitch("on", available);
    await sandbox.ready();
    expect(sandbox.sandboxed).toBe(true);
    expect(sandbox.view).toEqual({ state: "on" });
    expect(sandbox.notice()).toBeUndefined();
    sandbox.set(false);
    expect(sandbox.sandboxed).toBe(false);
    expect(sandbox.view).toMatchObject({
      state: "off",
      reason: expect.stringMatching(/\/sandbox off/),
    });
    sandbox.set(true);
    expect(sandbox.sandboxed).toBe(true);
  });

  it("says once why it is unavailable and how to get it, and then asks for every command", async () => {
    const sandbox = new SandboxSwitch("on", missing);
    await sandbox.ready();
    expect(sandbox.sandboxed).toBe(false);
    expect(sandbox.view).toEqual({
      state: "unavailable",
      reason: "bubblewrap (bwrap) is not installed",
      hint: "Install bubblewrap.",
    });
    expect(sandbox.notice()).toMatch(/not installed\. Install bubblewrap\. .*needs approval/);
  });

  it("--sandbox off: off, and no notice even where it is missing", async () => {
    const sandbox = new SandboxSwitch("off", missing);
    await sandbox.ready();
    expect(sandbox.sandboxed).toBe(false);
    expect(sandbox.view).toMatchObject({
      state: "off",
      reason: expect.stringMatching(/--sandbox off/),
    });
    expect(sandbox.notice()).toBeUndefined();
  });
});

describe("the remembered probe's file", () => {
  it("is private (0600 in a 0700 folder), read back, and forgotten", () => {
    const dir = join(mkdtempSync(join(tmpdir(), "north-sbx-memory-")), "north");
    const memory = fileMemory(join(dir, "sandbox.json"));
    expect(memory.read()).toBeUndefined();
    memory.write('{"works":"x"}\n');
    expect(memory.read()).toBe('{"works":"x"}\n');
    expect(statSync(join(dir, "sandbox.json")).mode & 0o777).toBe(0o600);
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    memory.forget();
    expect(existsSync(join(dir, "sandbox.json"))).toBe(false);
    // A file in the folder's place: nothing is written, nothing thrown.
    const blocked = join(mkdtempSync(join(tmpdir(), "north-sbx-memory-")), "file");
    writeFileSync(blocked, "");
    const nowhere = fileMemory(join(blocked, "sandbox.json"));
    nowhere.write("x");
    expect(nowhere.read()).toBeUndefined();
  });
});
