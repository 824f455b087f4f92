import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { acquireLock } from "./session-lock.js";

const lockIn = () => join(mkdtempSync(join(tmpdir(), "north-lock-")), "s.lock");

/** The pid of a process that has exited. */
async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ["-e", "0"]);
  await new Promise((resolve) => child.on("exit", resolve));
  return child.pid!;
}

describe("session locks", () => {
  it("are held by one owner until released, and hold the owner's pid", () => {
    const path = lockIn();
    const first = acquireLock(path);
    expect(first.ok).toBe(true);
    expect(readFileSync(path, "utf8").trim()).toBe(String(process.pid));
    expect(acquireLock(path)).toEqual({ ok: false, pid: process.pid });
    if (first.ok === true) first.release();
    expect(existsSync(path)).toBe(false);
    expect(acquireLock(path).ok).toBe(true);
  });

  it("refuse while another live process holds the lock", async () => {
    const path = lockIn();
    const keep = "setInterval(() => {}, 1000)";
    const north = spawn(process.execPath, ["-e", keep, "north"]);
    const other = spawn(process.execPath, ["-e", keep]);
    try {
      writeFileSync(path, `${north.pid}\n`);
      expect(acquireLock(path)).toEqual({ ok: false, pid: north.pid });
      // A live process that is not North has the pid of a North that died: the lock is stale.
      writeFileSync(path, `${other.pid}\n`);
      expect(acquireLock(path).ok).toBe(true);
    } finally {
      north.kill("SIGKILL");
      other.kill("SIGKILL");
    }
  });

  it("take over a lock whose process is gone, or one of an earlier process with our pid", async () => {
    const path = lockIn();
    writeFileSync(path, `${await deadPid()}\n`);
    expect(acquireLock(path).ok).toBe(true);
    const other = lockIn();
    writeFileSync(other, `${process.pid}\n`);
    expect(acquireLock(other).ok).toBe(true);
  });

  it("are unavailable (not refused) where the folder cannot be written", () => {
    const path = join(lockIn(), "missing", "s.lock");
    expect(acquireLock(path).ok).toBe("unavailable");
  });
});
