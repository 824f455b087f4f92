import { afterEach, describe, expect, test } from "vitest";
import { DARK, hue, LIGHT, setTheme, theme, tint, type Role } from "./theme.js";

afterEach(() => void setTheme(false));

const ROLES = Object.keys(DARK) as Role[];

describe("palettes", () => {
  test("dark keeps North's named colours; every role has a light colour too", () => {
    setTheme(true, "dark");
    expect(tint("brand")).toBe("magenta");
    expect(tint("accent")).toBe("cyan");
    expect(hue("diffAdded")("+ x")).toBe("\x1b[32m+ x\x1b[39m");
    expect(hue("error")("x")).toBe("\x1b[31mx\x1b[39m");
    expect(Object.keys(LIGHT).sort()).toEqual([...ROLES].sort());
  });

  test("light draws no yellow, cyan, white or bright colour: dark hues only", () => {
    setTheme(true, "light");
    expect(theme().name).toBe("light");
    for (const role of ROLES) {
      const value = tint(role)!;
      expect(value, role).toMatch(/^#[0-9a-f]{6}$/);
      const [r, g, b] = [1, 3, 5].map((i) => parseInt(value.slice(i, i + 2), 16) / 255);
      // Perceived brightness well below white's: readable on a white background.
      expect(0.299 * r! + 0.587 * g! + 0.114 * b!, role).toBeLessThan(0.55);
    }
    expect(hue("success")("ok")).toBe("\x1b[38;2;26;127;55mok\x1b[39m");
    expect(hue("heading").bold("T")).toContain("\x1b[1m");
  });

  test("without colour nothing is coloured, whatever the palette", () => {
    setTheme(false, "light");
    for (const role of ROLES) {
      expect(tint(role)).toBeUndefined();
      expect(hue(role)("text")).toBe("text");
    }
  });

  test("a new theme replaces the styles made for the previous one", () => {
    setTheme(true, "light");
    const light = hue("accent")("x");
    setTheme(true, "dark");
    expect(hue("accent")("x")).not.toBe(light);
    expect(hue("accent")("x")).toBe("\x1b[36mx\x1b[39m");
  });
});
