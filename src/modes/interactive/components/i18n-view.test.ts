import { render } from "ink-testing-library";
import { createElement as h } from "react";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { setLanguage } from "../../../i18n/index.js";
import { englishLeaks } from "../../../../test/support/english-leaks.js";
import { shortcutLines } from "../keys/key-bindings.js";
import { settleTool, toolTitle } from "../tool-lines/index.js";
import { EntryView } from "./entry-view.js";
import { LiveArea } from "./live-area.js";
import { MenuView, ShortcutsView } from "./menu-view.js";
import { StatusLine } from "./status-line.js";
import { pendingReview } from "../review/review-state.js";
import { initialState, reduce, type UiState } from "../state/state.js";
import type { AgentEvent } from "../../../agent/events.js";
import { setTheme } from "../screen/theme.js";
import { ReviewView } from "./review-view.js";
import { Welcome } from "./welcome.js";
import { QueueView } from "./queue-view.js";
import { ComposerView } from "./composer-view.js";

beforeAll(() => {
  setTheme(false);
  setLanguage("zh-CN");
});
afterAll(() => setLanguage("en"));

const frame = (element: ReturnType<typeof h>) => {
  const instance = render(element);
  const out = instance.lastFrame() ?? "";
  instance.unmount();
  return out;
};

/** Renders `element` and fails on any English phrase of the catalog in it. */
const chinese = (element: ReturnType<typeof h>) => {
  const out = frame(element);
  expect(englishLeaks(out), out).toEqual([]);
  return out;
};

/** Each tool's running title and settled line, with the details its result gives. */
const TOOL_CALLS: { name: string; args: object; details: object; content?: string }[] = [
  {
    name: "read_file",
    args: { path: "src/a.ts", start_line: 3 },
    details: { startLine: 3, endLine: 9, totalLines: 40 },
  },
  {
    name: "read_file",
    args: { path: "src/b.ts" },
    details: { startLine: 1, endLine: 0, totalLines: 0 },
  },
  {
    name: "search_text",
    args: { pattern: "retry", path: "src", glob: "*.ts" },
    details: { matches: 12, files: 3 },
  },
  { name: "search_text", args: { pattern: "zzz" }, details: { matches: 0 } },
  { name: "list_root", args: {}, details: { entries: ["a", "b"] } },
  {
    name: "find_files",
    args: { pattern: "*.ts" },
    details: { total: 40, shown: 20, scanCut: true },
  },
  { name: "find_files", args: {}, details: { total: 0 } },
  { name: "read_readme", args: {}, details: { path: "README.md", bytes: 2048, truncated: true } },
  { name: "detect_languages", args: {}, details: {} },
  { name: "hotfiles", args: {}, details: {} },
  { name: "edit_insert_at_line", args: { path: "src/a.ts", line: 4 }, details: {} },
  { name: "edit_apply_batch", args: { edits: [{ path: "a" }, { path: "b" }] }, details: {} },
  {
    name: "edit_create_file",
    args: { path: "src/n.ts" },
    details: {
      files: [{ path: "src/n.ts", diff: "", added: 2, removed: 0, created: true }],
      checkpointError: "x",
    },
  },
  {
    name: "shell_run",
    args: { command: "npm test" },
    details: { exitCode: 1, durationMs: 2500, cwd: ".", cwdAfter: "src", outputBytes: 0 },
  },
  { name: "shell_run", args: { command: "cat" }, details: { stopped: "input" } },
  { name: "shell_run", args: { command: "sleep 9" }, details: { timedOut: true } },
  {
    name: "task",
    args: { agent: "explore", description: "查找重试策略" },
    details: { steps: 3, toolCalls: 1, usage: { input_tokens: 1200 }, stopReason: "max_steps" },
  },
  {
    name: "todo_write",
    args: {},
    details: { items: [{ status: "completed" }, { status: "pending" }] },
  },
  { name: "todo_write", args: {}, details: { items: [] } },
  {
    name: "ask_user_question",
    args: { questions: [{ question: "用哪个？" }, { question: "端口？" }] },
    details: {},
  },
  { name: "enter_plan_mode", args: {}, details: {} },
  { name: "slash_command", args: { command: "/cost" }, details: {}, content: "一\n二" },
  { name: "exit_plan_mode", args: {}, details: {} },
];

describe("the interface in Simplified Chinese", () => {
  test("every tool line, running and settled", () => {
    for (const call of TOOL_CALLS) {
      const title = toolTitle(call.name, call.args);
      const settled = settleTool({
        name: call.name,
        title,
        content: call.content ?? "",
        isError: false,
        details: call.details,
      });
      const entry = { id: 1, kind: "tool" as const, ...settled };
      chinese(h(EntryView, { entry, width: 100 }));
    }
  });

  test("turned-down changes, for each way and kind", () => {
    const file = { path: "src/a.ts", diff: "", added: 1, removed: 1, created: false };
    const reviews = [
      { type: "edit" as const, files: [file, { ...file, path: "src/b.ts" }] },
      { type: "command" as const, command: "rm -rf build", cwd: "." },
      { type: "plan" as const, plan: "计划" },
    ];
    for (const review of reviews)
      for (const content of ["Cancelled by the user", "不允许"]) {
        for (const decision of [undefined, { type: "reject" as const, reason: "不要" }]) {
          const settled = settleTool({
            name: "x",
            title: "x",
            content,
            isError: true,
            details: { denied: true, review },
            ...(decision ? { decision } : {}),
          });
          chinese(h(EntryView, { entry: { id: 1, kind: "tool", ...settled }, width: 100 }));
        }
      }
  });

  test("the status line, the working line and compaction", () => {
    chinese(
      h(StatusLine, {
        project: "demo",
        mode: "agent",
        sandbox: "on",
        model: "模型",
        contextTokens: 3000,
        contextWindow: 200_000,
        sessionTokens: 12_000,
        cost: 0.05,
        standing: { edits: true, rules: 2 },
        mcp: { failed: 1, waiting: 0 },
        width: 160,
      }),
    );
    const busy: UiState = {
      ...initialState(30, 100),
      busy: true,
      turnTokens: 2500,
      turnStartedAt: Date.now(),
    };
    chinese(
      h(LiveArea, { state: { ...busy, thinking: "想一想" }, animate: false, highlightEpoch: 0 }),
    );
    chinese(
      h(LiveArea, { state: { ...busy, compacting: true }, animate: false, highlightEpoch: 0 }),
    );
  });

  test("reviews of a plan, a secret, MCP, a slash command, plan mode, a question", () => {
    const reviews = [
      { type: "plan" as const, plan: "## 计划\n\n1. 改代码" },
      { type: "secret" as const, path: ".env", why: "名字像机密文件" },
      { type: "mcp" as const, server: "docs", tool: "search", arguments: { q: "重试" } },
      { type: "slash" as const, command: "/compact", description: "总结" },
      { type: "plan-mode" as const, reason: "改动很大" },
      {
        type: "command" as const,
        command: "curl x",
        cwd: ".",
        escalate: "需要联网",
        danger: "网络",
      },
      {
        type: "question" as const,
        questions: [
          { question: "哪个？", header: "选择", options: [{ label: "甲", description: "一" }] },
        ],
      },
      {
        type: "elicitation" as const,
        server: "订座",
        message: "几位？",
        requestedSchema: {},
        fields: [
          { name: "outside", type: "boolean" as const, required: false },
          { name: "guests", type: "integer" as const, required: true, minimum: 1, maximum: 9 },
        ],
      },
    ];
    for (const review of reviews) {
      const pending = pendingReview("c", "tool", review, "explore");
      const state: UiState = { ...initialState(40, 100), busy: true, review: pending };
      chinese(h(ReviewView, { state, pending }));
      chinese(h(ReviewView, { state, pending: { ...pending, confirming: true } }));
      // A form's typed field, with a value that was not taken.
      if (review.type === "elicitation") {
        const typed = {
          ...pending,
          picker: { index: 1, selected: 0, answers: ["true"], other: { text: "x", cursor: 1 } },
        };
        const out = chinese(
          h(ReviewView, { state, pending: { ...typed, picker: { ...typed.picker, error: "x" } } }),
        );
        expect(out).toContain("未接受");
        expect(out).toContain("整数 1–9");
      }
    }
  });

  test("the notes of compaction, retries and a turn that stopped", () => {
    const usage = {
      input_tokens: 1,
      output_tokens: 1,
      cache_read_tokens: 0,
      cache_write_tokens: 0,
    };
    const error = { kind: "server" as const, retryable: true, message: "模型出错" };
    const events: AgentEvent[] = [
      { type: "compaction_start", reason: "auto", tokens_before: 9000 },
      {
        type: "compaction_end",
        ok: true,
        reason: "auto",
        tokens_before: 9000,
        tokens_after: 2000,
        replaced_messages: 4,
        cleared_results: 0,
      } as AgentEvent,
      { type: "compaction_end", ok: false, reason: "manual", tokens_before: 9000, error, usage },
      { type: "retry", attempt: 1, delay_ms: 1500, error },
      { type: "turn_end", stop_reason: "max_steps", text: "", steps: 50, tool_calls: 3, usage },
      { type: "turn_end", stop_reason: "max_tokens", text: "", steps: 1, tool_calls: 0, usage },
      { type: "turn_end", stop_reason: "aborted", text: "", steps: 1, tool_calls: 0, usage },
    ];
    let state: UiState = { ...initialState(30, 100), busy: true };
    for (const event of events) state = reduce(state, { type: "agent", event });
    const notes = state.entries.filter((e) => e.kind === "note");
    expect(notes).toHaveLength(events.length - 1);
    for (const entry of notes) chinese(h(EntryView, { entry, width: 100 }));
  });

  test("notes, the menus and the shortcuts", () => {
    chinese(h(ShortcutsView, { lines: shortcutLines() }));
    const menu = { kind: "file" as const, items: [] };
    chinese(h(MenuView, { menu: menu as never, selected: 0, width: 100 }));
    chinese(
      h(EntryView, {
        entry: {
          id: 1,
          kind: "header",
          version: "1.0",
          folder: "~/demo",
          model: "模型",
          provider: "anthropic",
        },
        width: 100,
      }),
    );
    chinese(h(EntryView, { entry: { id: 2, kind: "user", text: "你好" }, width: 100 }));
    chinese(h(EntryView, { entry: { id: 3, kind: "thinking", text: "想一想" }, width: 100 }));
  });

  test("the queue with steering, and the composer in shell mode", () => {
    const queue = chinese(h(QueueView, { queue: ["稍后"], steering: ["短一点"] }));
    expect(queue).toContain("引导：短一点");
    const shell = chinese(
      h(ComposerView, { state: { text: "!", cursor: 1 }, placeholder: "", busy: false }),
    );
    expect(shell).toContain("! ");
  });

  test("the welcome screen", () => {
    const out = frame(h(Welcome, { configFile: "/home/me/.config/north/config.json" }));
    expect(out).toContain("欢迎使用 North。");
    expect(out).toContain("还没有配置模型服务");
    expect(out).toContain("ANTHROPIC_API_KEY");
    expect(out).not.toContain("Welcome");
  });

  test("a command review: header, directory, rule and keys", () => {
    const review = { type: "command" as const, command: "npm run build", cwd: "src" };
    const pending = pendingReview("call-1", "shell", review);
    const state: UiState = { ...initialState(30, 100), busy: true, review: pending };
    const out = frame(h(ReviewView, { state, pending }));
    expect(out).toContain("运行命令");
    expect(out).toContain("目录：src");
    expect(out).toContain("› 1 y 运行 · 2 a 始终允许 · 3 n 不允许 · 4 t 不允许并附说明");
    expect(out).toContain("将始终允许 以 `npm run` 开头的命令 · Tab 或改为仅限 `npm run build`");
  });

  test("an edit review", () => {
    const file = { path: "src/a.ts", diff: "", added: 3, removed: 1, created: false };
    const pending = pendingReview("call-2", "edit_file", { type: "edit", files: [file] });
    const state: UiState = { ...initialState(30, 100), busy: true, review: pending };
    const out = frame(h(ReviewView, { state, pending }));
    expect(out).toContain("修改 src/a.ts (+3 −1)");
    expect(out).toContain("› 1 y 接受 · 2 a 始终接受（本项目） · 3 n 拒绝 · 4 t 拒绝并附说明");
  });
});
