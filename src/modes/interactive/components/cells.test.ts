import stringWidth from "string-width";
import { describe, expect, it } from "vitest";
import { clipCells, padCells } from "./cells.js";

describe("clipCells", () => {
  it("keeps what fits, and cuts the rest with an ellipsis inside the room", () => {
    expect(clipCells("short", 10)).toBe("short");
    expect(clipCells("a longer line", 8)).toBe("a longe…");
    expect(clipCells("anything", 0)).toBe("");
  });

  it("counts wide characters as two cells and never splits a grapheme", () => {
    const cut = clipCells("汉字汉字汉字", 6);
    expect(cut).toBe("汉字…");
    expect(stringWidth(cut)).toBeLessThanOrEqual(6);
    const family = "👨‍👩‍👧";
    expect(clipCells(`${family}${family}${family}`, 5)).toBe(`${family}${family}…`);
  });

  it("pads to a width in cells", () => {
    expect(padCells("汉", 4)).toBe("汉  ");
  });
});
