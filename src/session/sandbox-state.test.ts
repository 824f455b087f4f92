import { describe, expect, it } from "vitest";
import { SandboxSwitch } from "./sandbox-state.js";

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
