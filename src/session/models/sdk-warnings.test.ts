import { describe, expect, it } from "vitest";
import type { Logger } from "../../log/logger.js";
import { captureSdkWarnings } from "./sdk-warnings.js";

function capture() {
  const logged: Record<string, unknown>[] = [];
  const shown: string[] = [];
  const logger: Logger = {
    log: (event, fields) => void logged.push({ event, ...fields }),
    close: async () => {},
  };
  const restore = captureSdkWarnings(logger, (line) => shown.push(line));
  return { logged, shown, restore };
}

describe("captureSdkWarnings", () => {
  it("logs console.error dumps and shows one line without the raw chunk", () => {
    const original = console.error;
    const { logged, shown, restore } = capture();
    try {
      console.error("Could not parse message into JSON:", '{"type":"content_block_delta",');
      console.error("From chunk:", ["event: content_block_delta", 'data: {"type":']);
      console.log("something else\nwith lines");
    } finally {
      restore();
    }
    expect(console.error).toBe(original);
    expect(shown).toEqual(["Could not parse message into JSON (details in north.log)"]);
    expect(logged.map((l) => l.level)).toEqual(["error", "error", "log"]);
    expect(String(logged[1]!.message)).toContain("From chunk:");
  });

  it("shows each distinct warning's first line once", () => {
    const { shown, restore } = capture();
    try {
      console.warn("The model 'x' is deprecated\nmore");
      console.warn("The model 'x' is deprecated\nmore");
      console.info("info line");
    } finally {
      restore();
    }
    expect(shown).toEqual(["The model 'x' is deprecated", "info line (details in north.log)"]);
  });
});
