import { describe, expect, it } from "vitest";
import { LineSplitter, TOO_LONG } from "./line-splitter.js";

describe("LineSplitter", () => {
  it("joins lines across chunks and trims a trailing \\r", () => {
    const s = new LineSplitter(100);
    expect(s.push("ab")).toEqual([]);
    expect(s.push("c\r\nde\nf")).toEqual(["abc", "de"]);
    expect(s.end()).toBe("f");
  });

  it("gives TOO_LONG once for a line past the cap, drops its rest, then goes on", () => {
    const s = new LineSplitter(10);
    expect(s.push("ok\n123456")).toEqual(["ok"]);
    expect(s.push("78901")).toEqual([TOO_LONG]);
    expect(s.push("more of it")).toEqual([]);
    expect(s.push(" end\nnext\n")).toEqual(["next"]);
    expect(s.push("0123456789012\n")).toEqual([TOO_LONG]);
    expect(s.end()).toBeUndefined();
  });

  it("counts bytes, not characters", () => {
    const s = new LineSplitter(6);
    expect(s.push("\u00e9\u00e9\u00e9\u00e9\n")).toEqual([TOO_LONG]);
    expect(s.push("\u00e9\u00e9\u00e9\n")).toEqual(["\u00e9\u00e9\u00e9"]);
  });
});
