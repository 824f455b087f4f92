import { describe, expect, it } from "vitest";
import { createOutputGate, frameRows } from "./output-gate.js";

const erase = (n: number) => `${"\x1b[2K\x1b[1A".repeat(n - 1)}\x1b[2K\x1b[G`;

/** A stand-in stdout of `columns` that records what reaches the terminal. */
function terminal(columns: number) {
  const written: string[] = [];
  const target = {
    columns,
    write(chunk: string) {
      written.push(chunk);
      return true;
    },
  };
  return { target, written };
}

describe("frameRows", () => {
  it("counts a line wider than the terminal as the rows it wraps into, colours not counted", () => {
    const line = `\x1b[36m${"x".repeat(120)}\x1b[39m`;
    expect(frameRows(["above", "╭ ts", line, ""], 3, 50)).toBe(1 + 3 + 1);
    expect(frameRows(["above", "╭ ts", line, ""], 3, 120)).toBe(3);
  });
});

describe("createOutputGate", () => {
  it("erases the rows Ink's last frame takes after the terminal narrowed", () => {
    const { target, written } = terminal(120);
    const gate = createOutputGate(target as unknown as NodeJS.WriteStream);
    const frame = `╭ ts\n│ ${"y".repeat(100)}\n`;
    gate.stream.write(`old text\n${frame}`);
    gate.stream.write(erase(3) + frame);
    expect(written[1]).toBe(erase(3) + frame);
    target.columns = 50;
    gate.stream.write(erase(3));
    // "╭ ts" (1 row), the 102-column line (3 rows), the cursor's line (1 row).
    expect(written[2]).toBe(erase(5));
  });
});
