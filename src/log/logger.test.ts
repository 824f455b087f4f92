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
