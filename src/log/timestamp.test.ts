import { describe, expect, it } from "vitest";
import { isoTime, localDate } from "./timestamp.js";

describe("isoTime", () => {
  it("writes what toISOString writes", () => {
    const samples = [
      0,
      Date.UTC(2000, 0, 1, 0, 0, 0, 5),
      Date.UTC(2026, 10, 26, 18, 5, 9, 42),
      Date.UTC(1999, 11, 31, 23, 59, 59, 999),
      Date.UTC(9999, 11, 31, 23, 59, 59, 999),
      Date.UTC(476, 8, 4, 12, 0, 0, 0),
    ];
    for (let i = 0; i < 200; i++) samples.push(Math.floor(Math.random() * 4e12));
    for (const ms of samples) expect(isoTime(new Date(ms))).toBe(new Date(ms).toISOString());
  });
});

describe("localDate", () => {
  it("is the calendar date where the machine is", () => {
    const date = new Date(2026, 0, 2, 23, 30);
    expect(localDate(date)).toBe("2026-01-02");
    expect(localDate(new Date(2026, 11, 31, 0, 5))).toBe("2026-12-31");
  });

  it("is not UTC's date where the two differ", () => {
    const zone = process.env.TZ;
    // Node takes a TZ set at run time into account for the dates it makes afterwards.
    process.env.TZ = "Asia/Tokyo";
    try {
      // 23:30 UTC on 1 January is 08:30 on 2 January in Tokyo.
      expect(localDate(new Date(Date.UTC(2026, 0, 1, 23, 30)))).toBe("2026-01-02");
    } finally {
      if (zone === undefined) delete process.env.TZ;
      else process.env.TZ = zone;
    }
  });
});
