import { describe, expect, it } from "vitest";
import { BoundedOutput } from "./output-buffer.js";

describe("BoundedOutput", () => {
  it("keeps short output whole, trailing blank space removed", () => {
    const out = new BoundedOutput(100, 100);
    out.push("one\ntwo\n\n");
    expect(out.finish()).toEqual({ text: "one\ntwo", truncated: false, totalBytes: 9 });
  });

  it("keeps the head and the tail of a large output, cut on line boundaries", () => {
    const out = new BoundedOutput(1000, 2000);
    for (let i = 0; i < 100_000; i++) out.push(`line ${i}\n`);
    const { text, truncated, totalBytes } = out.finish();
    expect(truncated).toBe(true);
    expect(text.length).toBeLessThan(3100);
    expect(text.startsWith("line 0\nline 1\n")).toBe(true);
    expect(text.endsWith("line 99998\nline 99999")).toBe(true);
    const cut = /\n\[… (\d+) bytes cut …\]\n/.exec(text);
    expect(cut).not.toBeNull();
    const kept = Buffer.byteLength(text.replace(cut![0], "\n")) + 1; // + the final newline
    expect(Number(cut![1]) + kept).toBe(totalBytes);
    for (const line of text.split("\n").slice(1, -1)) expect(line).toMatch(/^line \d+$|^\[…/);
  });

  it("stays bounded for one endless line", () => {
    const out = new BoundedOutput(100, 200);
    const chunk = "x".repeat(10_000);
    for (let i = 0; i < 1000; i++) out.push(chunk);
    const { text, totalBytes } = out.finish();
    expect(totalBytes).toBe(10_000_000);
    expect(text.length).toBeLessThan(400);
  });

  it("tells the last line, for prompts", () => {
    const out = new BoundedOutput();
    out.push("Installing…\nProceed? [y/N] ");
    expect(out.lastLine()).toBe("Proceed? [y/N] ");
    out.push("\n");
    expect(out.lastLine()).toBe("Proceed? [y/N]");
  });
});
