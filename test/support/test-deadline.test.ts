import { describe, expect, it } from "vitest";
import { untilTestDeadline } from "./test-deadline.js";

const outside = untilTestDeadline(1234);

describe("untilTestDeadline", () => {
  it("is the test's own timeout less a second, counted from its start", { timeout: 7_000 }, () => {
    const left = untilTestDeadline();
    expect(left).toBeLessThanOrEqual(6_000);
    expect(left).toBeGreaterThan(3_000);
  });

  it("never goes below the floor", { timeout: 500 }, () => {
    expect(untilTestDeadline(20_000, 800)).toBe(800);
  });

  it("outside a test is the fallback", () => {
    expect(outside).toBe(1234);
  });
});
