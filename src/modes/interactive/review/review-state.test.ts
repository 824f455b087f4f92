import { describe, expect, test } from "vitest";
import type { AgentEvent } from "../../../agent/events.js";
import type { FileChange, Review } from "../../../agent/tool.js";
import type { Decision } from "../../../session/index.js";
import { initialState, reduce, type UiAction, type UiState } from "../state/state.js";

const agent = (event: AgentEvent): UiAction => ({ type: "agent", event });
const run = (actions: UiAction[], start: UiState = initialState(30, 100)) =>
  actions.reduce(reduce, start);

const FILE: FileChange = {
  path: "src/app.ts",
  diff: "--- a/src/app.ts\n+++ b/src/app.ts\n@@ -1 +1 @@\n-a\n+b\n",
  added: 1,
  removed: 1,
  created: false,
};
const EDIT: Review = { type: "edit", files: [FILE] };
const COMMAND: Review = { type: "command", command: "npm test", cwd: "/repo" };
const PLAN: Review = { type: "plan", plan: "1. Do it" };

/** A call that proposed `review`, was asked about, maybe answered, and ended with `result`. */
function call(
  name: string,
  review: Review,
  result: { content: string; is_error: boolean; details?: unknown },
  decision?: Decision,
): UiAction[] {
  return [
    agent({
      type: "tool_call",
      id: "c1",
      name,
      kind: "edit",
      arguments: { path: "src/app.ts", command: "npm test" },
    }),
    agent({ type: "tool_proposal", id: "c1", name, review }),
    agent({ type: "approval_request", id: "c1", name, review }),
    ...(decision ? [{ type: "review-answered" as const, id: "c1", decision }] : []),
    agent({ type: "tool_result", id: "c1", name, truncated: false, duration_ms: 1, ...result }),
  ];
}

const denied = (review: Review, content: string) => ({
  content,
  is_error: true,
  details: { review, denied: true },
});

describe("reviews in the transcript", () => {
  test("an approval request becomes the pending review; the answer clears it", () => {
    const asked = run(call("edit_replace_exact", EDIT, denied(EDIT, "x")).slice(0, 3));
    expect(asked.review).toMatchObject({ id: "c1", review: EDIT, scroll: 0 });
    const answered = reduce(asked, {
      type: "review-answered",
      id: "c1",
      decision: { type: "accept" },
    });
    expect(answered.review).toBeUndefined();
    expect(answered.tools[0]?.decision).toEqual({ type: "accept" });
  });

  test("an accepted edit settles as “Edited …” with its diff kept", () => {
    const s = run(
      call(
        "edit_replace_exact",
        EDIT,
        { content: "Edited", is_error: false, details: { files: [FILE] } },
        { type: "accept" },
      ),
    );
    expect(s.entries.at(-1)).toMatchObject({
      kind: "tool",
      title: "Edited src/app.ts (+1 −1)",
      error: false,
      change: { type: "diff", files: [FILE] },
    });
  });

  test("an edit the person rejected, with their note", () => {
    const s = run(
      call("edit_replace_exact", EDIT, denied(EDIT, "The person rejected this: no"), {
        type: "reject",
        reason: "no",
      }),
    );
    expect(s.entries.at(-1)).toMatchObject({
      title: "Rejected edit of src/app.ts",
      outcome: "“no”",
      declined: true,
      error: false,
    });
    expect(s.entries.at(-1)).not.toHaveProperty("change");
  });

  test("a cancelled review and a policy refusal say so", () => {
    const cancelled = run(call("edit_replace_exact", EDIT, denied(EDIT, "Cancelled by the user.")));
    expect(cancelled.entries.at(-1)).toMatchObject({ title: "Cancelled edit of src/app.ts" });
    const refused = run([
      agent({ type: "tool_call", id: "c1", name: "edit_create_file", kind: "edit", arguments: {} }),
      agent({
        type: "tool_result",
        id: "c1",
        name: "edit_create_file",
        ...denied(EDIT, "Ask mode: changes are not allowed. Do not retry."),
        truncated: false,
        duration_ms: 1,
      }),
    ]);
    expect(refused.entries.at(-1)).toMatchObject({
      title: "Refused edit of src/app.ts",
      outcome: "Ask mode: changes are not allowed. Do not retry.",
      declined: true,
    });
  });

  test("commands: ran with the exit code, failed, denied", () => {
    const ran = run(
      call(
        "shell_run",
        COMMAND,
        { content: "ok", is_error: false, details: { exitCode: 0 } },
        { type: "accept" },
      ),
    );
    expect(ran.entries.at(-1)).toMatchObject({
      title: "Ran `npm test`",
      outcome: "exit 0",
      error: false,
    });
    const failed = run(
      call("shell_run", COMMAND, { content: "", is_error: false, details: { exitCode: 2 } }),
    );
    expect(failed.entries.at(-1)).toMatchObject({ outcome: "exit 2", error: true });
    const deniedRun = run(
      call("shell_run", COMMAND, denied(COMMAND, "rejected"), { type: "reject" }),
    );
    expect(deniedRun.entries.at(-1)).toMatchObject({ title: "Denied `npm test`", declined: true });
  });

  test("a ran command keeps the tail of its output and says where the shell is now", () => {
    const output = Array.from({ length: 8 }, (_, i) => `line ${i + 1}`).join("\n");
    const details = {
      command: "npm test",
      cwd: ".",
      cwdAfter: "pkg",
      exitCode: 1,
      durationMs: 2300,
      outputBytes: 55,
      waitingForInput: false,
    };
    const s = run(
      call("shell_run", COMMAND, {
        content: `${output}\n\nExit code 1 (2.3 s).`,
        is_error: false,
        details,
      }),
    );
    expect(s.entries.at(-1)).toMatchObject({
      title: "Ran `npm test`",
      outcome: "exit 1 in 2.3s · now in pkg",
      error: true,
      change: {
        type: "output",
        lines: ["line 4", "line 5", "line 6", "line 7", "line 8"],
        omitted: 3,
      },
    });
    const quiet = run(
      call("shell_run", COMMAND, {
        content: "(no output)\n\nExit code 0 (0.0 s).",
        is_error: false,
        details: { ...details, exitCode: 0, outputBytes: 0, cwdAfter: ".", durationMs: 20 },
      }),
    );
    expect(quiet.entries.at(-1)).toMatchObject({ outcome: "exit 0" });
    expect(quiet.entries.at(-1)).not.toHaveProperty("change");
  });

  test("a plan accepted keeps the plan and switches the next messages to agent mode", () => {
    const s = run(
      call(
        "exit_plan_mode",
        PLAN,
        { content: "Carry it out", is_error: false },
        { type: "accept" },
      ),
      initialState(30, 100, "plan"),
    );
    expect(s.mode).toBe("agent");
    expect(s.entries.at(-1)).toMatchObject({
      title: "Plan accepted",
      change: { type: "plan", plan: "1. Do it" },
    });
    const rejected = run(
      call("exit_plan_mode", PLAN, denied(PLAN, "The person did not accept"), { type: "reject" }),
      initialState(30, 100, "plan"),
    );
    expect(rejected.mode).toBe("plan");
    expect(rejected.entries.at(-1)).toMatchObject({ title: "Plan rejected", declined: true });
  });

  test("an unknown result shape falls back to the generic line", () => {
    const s = run(
      call("shell_run", COMMAND, { content: "boom", is_error: true }, { type: "accept" }),
    );
    expect(s.entries.at(-1)).toMatchObject({
      title: "Ran `npm test`",
      outcome: "boom",
      error: true,
    });
  });

  test("cancelling the turn drops the review; the denial that follows reads “cancelled”", () => {
    const asked = run(call("exit_plan_mode", PLAN, denied(PLAN, "x")).slice(0, 3));
    const cancelling = reduce(asked, { type: "cancelling" });
    expect(cancelling.review).toBeUndefined();
    const s = run(
      call("exit_plan_mode", PLAN, denied(PLAN, "The person rejected this: cancelled")).slice(3),
      cancelling,
    );
    expect(s.entries.at(-1)).toMatchObject({ title: "Plan cancelled", declined: true });
  });

  test("the turn ending (cancel) drops a pending review", () => {
    const usage = {
      input_tokens: 0,
      output_tokens: 0,
      cache_read_tokens: 0,
      cache_write_tokens: 0,
    };
    const s = run([
      ...call("shell_run", COMMAND, denied(COMMAND, "x")).slice(0, 3),
      agent({ type: "turn_end", stop_reason: "aborted", text: "", steps: 1, tool_calls: 1, usage }),
    ]);
    expect(s.review).toBeUndefined();
  });
});
