import { describe, expect, it } from "vitest";
import { hasHooks, matches, readHooks } from "./hook-config.js";

describe("hook matchers", () => {
  it("match every tool when absent, empty or *", () => {
    for (const m of ["", "*"]) expect(matches(m, "mcp__db__query")).toBe(true);
  });

  it("accept Claude Code's tool names for North's tools", () => {
    expect(matches("Bash", "shell_run")).toBe(true);
    expect(matches("Edit|Write", "edit_replace_exact")).toBe(true);
    expect(matches("Edit|Write", "edit_create_file")).toBe(true);
    expect(matches("Read", "read_file")).toBe(true);
    expect(matches("Glob", "find_files")).toBe(true);
    expect(matches("Grep", "search_text")).toBe(true);
    expect(matches("Task", "task")).toBe(true);
    expect(matches("Bash", "read_file")).toBe(false);
  });

  it("match a plain list of names exactly, anything else as a regular expression", () => {
    expect(matches("Edit", "edit_apply_batch")).toBe(true);
    expect(matches("MultiEdit", "edit_replace_exact")).toBe(false);
    expect(matches("shell_run|edit_.*", "edit_insert_at_line")).toBe(true);
    expect(matches("shell_run|edit_.*", "read_file")).toBe(false);
    expect(matches("mcp__db__.*", "mcp__db__query")).toBe(true);
    expect(matches("read", "read_file")).toBe(false);
  });
});

describe("reading hooks", () => {
  it("keeps good entries and names each bad one", () => {
    const { hooks, notices } = readHooks(
      {
        PreToolUse: [
          { matcher: "Bash", hooks: [{ type: "command", command: "a.sh", timeout: 5 }] },
          { matcher: "(", hooks: [{ type: "command", command: "b.sh" }] },
        ],
        Stop: [{ hooks: [{ type: "command", command: "c.sh" }, { type: "prompt" }] }],
        OnSave: [],
      },
      "global",
      "config.json",
    );
    expect(hooks).toEqual([
      { event: "PreToolUse", matcher: "Bash", command: "a.sh", timeoutMs: 5000, origin: "global" },
      { event: "Stop", matcher: "", command: "c.sh", timeoutMs: 60_000, origin: "global" },
    ]);
    expect(notices).toHaveLength(3);
    expect(notices.join("\n")).toContain("hooks.PreToolUse[1].matcher");
    expect(notices.join("\n")).toContain("hooks.Stop[0].hooks[1]");
    expect(notices.join("\n")).toContain("hooks.OnSave");
  });

  it("says whether a config has any hook at all", () => {
    expect(hasHooks(undefined)).toBe(false);
    expect(hasHooks({})).toBe(false);
    expect(hasHooks({ Stop: [] })).toBe(false);
    expect(hasHooks({ Stop: [{ hooks: [] }] })).toBe(true);
  });
});
