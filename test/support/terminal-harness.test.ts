import { describe, expect, it } from "vitest";
import type { IPty } from "@lydell/node-pty";
import { TuiTerminal } from "./terminal-harness.js";

/** A pseudo-terminal the test writes the program's output into, chunk by chunk. */
function fakePty() {
  let emit: (data: string) => void = () => {};
  const pty = {
    onData(listener: (data: string) => void) {
      emit = listener;
      return { dispose() {} };
    },
    onExit() {
      return { dispose() {} };
    },
    write() {},
    resize() {},
  };
  return { pty: pty as unknown as IPty, output: (data: string) => emit(data) };
}

const frame = (...rows: string[]) => `\x1b[?2026h\x1b[H\x1b[2J${rows.join("\r\n")}\x1b[?2026l`;

describe("the terminal harness", () => {
  it("shows the last whole frame while the next one has only half arrived", async () => {
    const { pty, output } = fakePty();
    const term = new TuiTerminal(pty, 40, 4, undefined);
    output(frame("north  Going on.", "", "[AGENT] status"));
    await term.waitFor("Going on.");
    // The next frame, cut where the pseudo-terminal cut it: erased, half written.
    output("\x1b[?2026h\x1b[H\x1b[2Jnorth  Go");
    // Parsed by xterm (a write with a callback resolves after the chunks before it).
    await new Promise<void>((resolve) => term.term.write("", resolve));
    expect(term.screen()).toContain("[AGENT] status");
    output("ne.\r\n\r\n[AGENT] status\x1b[?2026l");
    await term.waitFor("north  Gone.");
    expect(term.screen()).toContain("[AGENT] status");
  });
});
