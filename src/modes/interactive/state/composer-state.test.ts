import { describe, expect, it } from "vitest";
import type { AgentEvent } from "../../../agent/events.js";
import { historyEntries } from "./history-entries.js";
import { initialState, reduce, type UiAction, type UiState } from "./state.js";

const usage = { input_tokens: 0, output_tokens: 0, cache_read_tokens: 0, cache_write_tokens: 0 };
const run = (state: UiState, ...actions: UiAction[]) => actions.reduce(reduce, state);
const agent = (event: AgentEvent): UiAction => ({ type: "agent", event });

describe("menu and panel transitions", () => {
  it("moves the selection with wrap-around, closes on Esc and reopens on a text change", () => {
    let s = run(initialState(30, 100), { type: "menu-move", delta: -1, count: 3 });
    expect(s.menu).toEqual({ selected: 2, closed: false });
    s = run(s, { type: "menu-move", delta: 1, count: 3 });
    expect(s.menu.selected).toBe(0);
    s = run(s, { type: "menu-close" });
    expect(s.menu.closed).toBe(true);
    s = run(s, { type: "menu-reset" });
    expect(s.menu).toEqual({ selected: 0, closed: false });
    expect(run(s, { type: "menu-reset" })).toBe(s);
  });

  it("echoes commands and restores a resumed transcript", () => {
    const s = run(
      initialState(30, 100),
      { type: "command", text: "/resume abc" },
      {
        type: "restore",
        entries: historyEntries([
          { role: "user", content: "[Conversation summary]\nearlier" },
          { role: "user", content: "fix it" },
          {
            role: "assistant",
            content: [
              { type: "text", text: "Looking." },
              {
                type: "tool_call",
                id: "t1",
                name: "read_file",
                arguments: { path: "a.ts" },
                rawArguments: "",
              },
            ],
            protocol: "anthropic-messages",
            model: "m",
            stopReason: "tool_use",
            usage,
          },
          { role: "tool", toolCallId: "t1", toolName: "read_file", content: "nope", isError: true },
        ]),
      },
    );
    expect(s.entries.map((e) => e.kind)).toEqual(["command", "note", "user", "markdown", "tool"]);
    expect(s.entries.at(-1)).toMatchObject({ title: "Read a.ts", error: true, outcome: "nope" });
  });
});

describe("engine extras", () => {
  it("keeps the context meter and notes compaction, in red when it failed", () => {
    let s = run(
      initialState(30, 100),
      agent({ type: "context", used: 48_000, window: 200_000, percent: 24, estimated: false }),
      agent({ type: "compaction_start", reason: "manual", tokens_before: 48_000 }),
    );
    expect(s.context).toMatchObject({ used: 48_000, window: 200_000, percent: 24 });
    expect(s.compacting).toBe(true);
    s = run(
      s,
      agent({
        type: "compaction_end",
        ok: true,
        reason: "manual",
        tokens_before: 48_000,
        tokens_after: 9_000,
        replaced_messages: 10,
        cleared_results: 0,
        usage,
      }),
      agent({
        type: "compaction_end",
        ok: false,
        reason: "auto",
        tokens_before: 190_000,
        error: { kind: "overloaded", message: "Overloaded", retryable: true },
        usage,
      } as AgentEvent),
    );
    expect(s.compacting).toBe(false);
    expect(s.entries.map((e) => e.kind === "note" && [e.tone, e.text])).toEqual([
      ["info", "Compacted: 48k → 9.0k tokens"],
      ["error", expect.stringMatching(/^Compaction failed: Overloaded — \/compact tries again/)],
    ]);
  });

  it("keeps the live output of a running command", () => {
    const s = run(
      initialState(30, 100),
      agent({
        type: "tool_call",
        id: "c",
        name: "shell_run",
        kind: "shell",
        arguments: { command: "ls" },
      }),
      agent({ type: "tool_output", id: "c", text: "one\n" }),
      agent({ type: "tool_output", id: "c", text: "two\n" }),
    );
    expect(s.tools[0]?.output).toBe("one\ntwo\n");
  });
});
