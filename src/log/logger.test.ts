import { chmodSync, mkdirSync, mkdtempSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { createLogger } from "./logger.js";
import { maskSecrets, setSecretValues } from "./secrets.js";

afterEach(() => setSecretValues([]));

describe("the log", () => {
  it("is 0600 in a 0700 folder, also when they existed with wider rights", async () => {
    const dir = join(mkdtempSync(join(tmpdir(), "north-log-")), "north");
    mkdirSync(dir, { mode: 0o755 });
    chmodSync(dir, 0o755);
    writeFileSync(join(dir, "north.log"), "", { mode: 0o644 });
    chmodSync(join(dir, "north.log"), 0o644);
    const logger = createLogger(join(dir, "north.log"));
    logger.log("app_start");
    await logger.close();
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    expect(statSync(join(dir, "north.log")).mode & 0o777).toBe(0o600);
  });

  it("masks every configured key value, whatever its shape", async () => {
    const path = join(mkdtempSync(join(tmpdir(), "north-log-")), "north", "north.log");
    setSecretValues(["a1b2c3d4e5f60718293a4b5c6d7e8f90", "short", undefined]);
    const logger = createLogger(path);
    logger.log("api_error", {
      message: "invalid subscription key a1b2c3d4e5f60718293a4b5c6d7e8f90",
    });
    await logger.close();
    const text = readFileSync(path, "utf8");
    expect(text).not.toContain("a1b2c3d4e5f60718293a4b5c6d7e8f90");
    expect(text).toContain("invalid subscription key [redacted]");
  });
});

describe("maskSecrets", () => {
  it("leaves values under 8 characters alone and masks JSON-escaped ones", () => {
    setSecretValues(["short", 'quote"d-secret-value']);
    expect(maskSecrets("a short text")).toBe("a short text");
    expect(maskSecrets(JSON.stringify({ k: 'quote"d-secret-value' }))).toBe('{"k":"[redacted]"}');
  });
});

describe("levels and rotation", () => {
  const lines = (path: string) =>
    readFileSync(path, "utf8")
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l) as { event: string; level: string });

  it("writes each line's level and drops those below the chosen one", async () => {
    const path = join(mkdtempSync(join(tmpdir(), "north-log-")), "north", "north.log");
    const logger = createLogger(path, { level: "warn" });
    logger.log("app_start");
    logger.log("text_delta", { chars: 3 });
    logger.log("model_retry", { attempt: 2 });
    logger.log("session_save_failed", { message: "disk full" });
    await logger.close();
    expect(lines(path).map((l) => [l.event, l.level])).toEqual([
      ["model_retry", "warn"],
      ["session_save_failed", "error"],
    ]);
  });

  it("off writes nothing; debug keeps the streamed deltas", async () => {
    const dir = mkdtempSync(join(tmpdir(), "north-log-"));
    const off = createLogger(join(dir, "off.log"), { level: "off" });
    off.log("session_save_failed");
    await off.close();
    expect(() => readFileSync(join(dir, "off.log"))).toThrow();
    const debug = createLogger(join(dir, "debug.log"), { level: "debug" });
    debug.log("text_delta", { chars: 3 });
    await debug.close();
    expect(lines(join(dir, "debug.log"))).toMatchObject([{ event: "text_delta", level: "debug" }]);
  });

  it("rotates past the size limit and keeps three old files", async () => {
    const dir = mkdtempSync(join(tmpdir(), "north-log-"));
    const path = join(dir, "north.log");
    for (let round = 0; round < 6; round++) {
      const logger = createLogger(path, { rotateBytes: 300 });
      for (let i = 0; i < 4; i++) logger.log("app_start", { round, i, pad: "x".repeat(40) });
      await logger.close();
    }
    const { readdirSync } = await import("node:fs");
    expect(readdirSync(dir).sort()).toEqual([
      "north.log",
      "north.log.1",
      "north.log.2",
      "north.log.3",
    ]);
    for (const name of readdirSync(dir)) {
      expect(statSync(join(dir, name)).size).toBeLessThan(300 + 200);
    }
    // The newest lines are in north.log, the oldest kept ones in north.log.3.
    const newest = lines(path).at(-1) as unknown as { round: number; i: number };
    expect(newest).toMatchObject({ round: 5, i: 3 });
  });
});
