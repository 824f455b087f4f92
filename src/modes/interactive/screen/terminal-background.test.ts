import { describe, expect, test } from "vitest";
import { luminance, paletteFor, parseBackgroundReply } from "./terminal-background.js";

describe("parseBackgroundReply", () => {
  test("4-digit channels (xterm, most terminals)", () => {
    expect(parseBackgroundReply("11;rgb:ffff/ffff/ffff")).toEqual({ r: 1, g: 1, b: 1 });
    expect(parseBackgroundReply("11;rgb:0000/8000/ffff")).toEqual({
      r: 0,
      g: 0x8000 / 0xffff,
      b: 1,
    });
  });

  test("2-digit and 1-digit channels are scaled to their own width", () => {
    expect(parseBackgroundReply("11;rgb:ff/ff/ff")).toEqual({ r: 1, g: 1, b: 1 });
    expect(parseBackgroundReply("11;rgb:00/80/ff")).toEqual({ r: 0, g: 128 / 255, b: 1 });
    expect(parseBackgroundReply("11;rgb:f/0/f")).toEqual({ r: 1, g: 0, b: 1 });
  });

  test("rgba: and #rrggbb forms, any case", () => {
    expect(parseBackgroundReply("11;rgba:FFFF/FFFF/FFFF/FFFF")).toEqual({ r: 1, g: 1, b: 1 });
    expect(parseBackgroundReply("11;#000000")).toEqual({ r: 0, g: 0, b: 0 });
  });

  test("anything else is not a background", () => {
    for (const payload of [
      "",
      "11;?",
      "10;rgb:ffff/ffff/ffff",
      "11;rgb:ffff/ffff",
      "11;rgb:fffff/ffff/ffff",
      "11;rgb:gg/00/00",
      "11;cmy:1/1/1",
    ])
      expect(parseBackgroundReply(payload)).toBeUndefined();
  });
});

describe("luminance and palette", () => {
  test("black is 0, white is 1, green weighs most", () => {
    expect(luminance({ r: 0, g: 0, b: 0 })).toBe(0);
    expect(luminance({ r: 1, g: 1, b: 1 })).toBeCloseTo(1);
    expect(luminance({ r: 0, g: 1, b: 0 })).toBeGreaterThan(luminance({ r: 1, g: 0, b: 0 }));
    expect(luminance({ r: 1, g: 0, b: 0 })).toBeGreaterThan(luminance({ r: 0, g: 0, b: 1 }));
  });

  test("light backgrounds get the light palette, dark ones the dark", () => {
    const of = (reply: string) => paletteFor(parseBackgroundReply(reply)!);
    expect(of("11;rgb:ffff/ffff/ffff")).toBe("light");
    expect(of("11;rgb:fdfd/f6f6/e3e3")).toBe("light"); // Solarized light
    expect(of("11;rgb:eeee/eeee/eeee")).toBe("light");
    expect(of("11;rgb:0000/0000/0000")).toBe("dark");
    expect(of("11;rgb:0000/2b2b/3636")).toBe("dark"); // Solarized dark
    expect(of("11;rgb:2828/2c2c/3434")).toBe("dark"); // One Dark
    expect(of("11;rgb:4040/4040/4040")).toBe("dark");
  });
});
