import { describe, expect, it } from "vitest";
import type { Logger } from "../../log/logger.js";
import { logEvent } from "./session-log.js";

function capture() {
  const lines: [string, Record<string, unknown>][] = [];
  const logger: Logger = {
    log: (event, fields = {}) => void lines.push([event, fields]),
    close: async () => {},
  };
  return { lines, logger };
}

describe("logEvent", () => {
  it("logs the stream by size (debug lines), never its text", () => {
    const { lines, logger } = capture();
    logEvent(logger, { type: "text_delta", text: "secret plans" }, "m");
    logEvent(logger, { type: "tool_output", id: "t1", text: "abc" }, "m");
    expect(lines).toEqual([
      ["text_delta", { chars: 12 }],
      ["tool_output", { id: "t1", chars: 3 }],
    ]);
    expect(JSON.stringify(lines)).not.toContain("secret plans");
  });

  it("logs a sub-agent's events as its own", () => {
    const { lines, logger } = capture();
    logEvent(
      logger,
      {
        type: "subagent",
        parent_id: "p",
        agent: "explore",
        description: "look",
        event: { type: "step_start", step: 1 },
      },
      "m",
    );
    expect(lines).toEqual([["model_request_start", { step: 1, model: "m" }]]);
  });
});
