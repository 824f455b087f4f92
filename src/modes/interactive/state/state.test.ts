import { describe, expect, test } from "vitest";
import type { AgentEvent } from "../../../agent/events.js";
import { initialState, reduce, type UiAction, type UiState } from "./state.js";

const usage = {
  input_tokens: 1000,
  output_tokens: 200,
  cache_read_tokens: 0,
  cache_write_tokens: 0,
};
const agent = (event: AgentEvent): UiAction => ({ type: "agent", event });
const run = (actions: UiAction[], start: UiState = initialState(30, 100)) =>
  actions.reduce(reduce, start);
const kinds = (s: UiState) => s.entries.map((e) => e.kind);

describe("reduce", () => {
  test("a check runs as a tool line and settles as one", () => {
    const base = { id: "check_1", phase: "after_edit", command: "npx eslint {files}" } as const;
    const s = run([agent({ type: "check_start", ...base, source: "config" })]);
    expect(s.tools).toEqual([{ id: "check_1", name: "check", title: "Checking with eslint" }]);
    const done = run(
      [
        agent({
          type: "check_end",
          ...base,
          source: "config",
          ok: false,
          exit_code: 1,
          duration_ms: 900,
          output: "a.ts: 2 errors",
          truncated: false,
          summary: "2 errors",
        }),
      ],
      s,
    );
    expect(done.tools).toEqual([]);
    expect(done.entries.at(-1)).toMatchObject({
      kind: "tool",
      title: "eslint",
      outcome: "2 errors",
      error: true,
    });
  });

  test("a turn with text, a tool and an answer settles in order", () => {
    const s = run([
      { type: "submitted", text: "how?" },
      agent({ type: "turn_start", prompt: "how?" }),
      agent({ type: "thinking_delta", text: "Let me think" }),
      agent({ type: "text_delta", text: "Looking." }),
      agent({
        type: "tool_call",
        id: "t1",
        name: "search_text",
        kind: "read",
        arguments: { pattern: "retry" },
      }),
    ]);
    expect(kinds(s)).toEqual(["user", "thinking", "markdown"]);
    expect(s.tools).toEqual([
      { id: "t1", name: "search_text", title: "Searching for retry", args: { pattern: "retry" } },
    ]);
    const done = run(
      [
        agent({
          type: "tool_result",
          id: "t1",
          name: "search_text",
          content: "…",
          is_error: false,
          truncated: false,
          duration_ms: 3,
          details: { pattern: "retry", matches: 12, files: 3, limitReached: false, engine: "js" },
        }),
        agent({ type: "usage", usage, total: usage }),
        agent({ type: "text_delta", text: "It retries." }),
        agent({
          type: "turn_end",
          stop_reason: "end",
          text: "It retries.",
          steps: 2,
          tool_calls: 1,
          usage,
        }),
        { type: "idle" },
      ],
      s,
    );
    expect(kinds(done)).toEqual(["user", "thinking", "markdown", "tool", "markdown"]);
    expect(done.entries[3]).toMatchObject({
      title: "Searched for retry",
      outcome: "12 matches in 3 files",
    });
    expect(done.entries[4]).toMatchObject({ text: "It retries.", label: true });
    expect(done).toMatchObject({
      busy: false,
      tail: "",
      contextTokens: 1200,
      sessionTokens: 1200,
      turnTokens: 0,
    });
  });

  test("a cancelled turn says so", () => {
    const s = run([
      { type: "submitted", text: "go" },
      agent({ type: "text_delta", text: "Partial" }),
      agent({
        type: "turn_end",
        stop_reason: "aborted",
        text: "Partial",
        steps: 1,
        tool_calls: 0,
        usage,
      }),
    ]);
    expect(s.entries.at(-2)).toMatchObject({ kind: "markdown", text: "Partial" });
    expect(s.entries.at(-1)).toMatchObject({ kind: "note", text: "[Cancelled]" });
  });

  test("a retry discards the step's live text", () => {
    const error = { kind: "overloaded" as const, message: "Overloaded", retryable: true };
    const s = run([
      agent({ type: "text_delta", text: "half" }),
      agent({ type: "retry", attempt: 1, delay_ms: 1500, error }),
    ]);
    expect(s.tail).toBe("");
    expect(s.entries.at(-1)).toMatchObject({
      kind: "note",
      text: "Overloaded — retrying in 1.5s.",
    });
  });

  test("a long answer streams into scrollback and keeps the live tail short", () => {
    let s = initialState(24, 80);
    for (let i = 0; i < 200; i++)
      s = reduce(s, agent({ type: "text_delta", text: `Paragraph ${i} text.\n\n` }));
    expect(s.entries.length).toBeGreaterThan(0);
    expect(s.tail.split("\n").length).toBeLessThan(24);
    expect(
      s.entries.map((e) => (e.kind === "markdown" ? e.text : "")).join("\n\n") + s.tail,
    ).toContain("Paragraph 199");
  });
});
