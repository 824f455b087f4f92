// The interface in Simplified Chinese end to end (LANG=zh_CN.UTF-8): each screen a person meets
// — welcome, header and status line, a streamed answer with its tool lines, the diff, command,
// plan and question reviews, the slash commands' output and menus, errors and notices — is
// checked against every English phrase of the catalog (test/support/english-leaks.ts).
import { describe, expect, test } from "vitest";
import { makeHome, makeRepo } from "../support/cli-runner.js";
import { englishLeaks } from "../support/english-leaks.js";
import { reply } from "../support/mock-model-server.js";
import { useSharedTui, ZH_CN_WORDS } from "../support/shared-tui.js";
import { startTerminal, type TuiTerminal } from "../support/terminal-harness.js";
import { send, useTui, waitForReview } from "../support/tui-fixture.js";

const tui = useTui();
const ZH = { LANG: "zh_CN.UTF-8" };
/** The composer's placeholder in Chinese: the interface is ready. */
const READY = "向 North 提问，了解这个仓库";

/** Fails with the screen and what leaked when any English shows. */
function expectChinese(term: TuiTerminal, where: "screen" | "all" = "screen") {
  const text = where === "all" ? term.all() : term.screen();
  expect(englishLeaks(text), text).toEqual([]);
}

/** Runs a slash command and waits for `until`, then checks the screen. */
async function command(term: TuiTerminal, text: string, until: string | RegExp) {
  await send(term, text);
  await term.waitFor(until);
  expectChinese(term);
}

/** Types a command whose menu of choices opens (its hints show), checks it, then closes it. */
async function menu(term: TuiTerminal, text: string, until: string) {
  term.type(`${text} `);
  await term.waitFor((screen) => screen.includes(until) && screen.includes("Esc 关闭"));
  expectChinese(term);
  term.press("escape");
  await term.waitFor((screen) => !screen.includes("Esc 关闭"));
  term.press("ctrl+u");
  await term.waitFor(READY);
}

const QUESTIONS = {
  questions: [
    {
      question: "服务用哪个数据库？",
      header: "数据库",
      options: [
        { label: "PostgreSQL", description: "服务器" },
        { label: "SQLite", description: "文件" },
      ],
    },
  ],
};

describe("the interface in Simplified Chinese", () => {
  test("a turn: header, status, streaming, tool lines, reviews, the question picker", async () => {
    const { term, server } = await tui.open(
      [
        reply()
          .thinking("先看看重试策略。")
          .text("我先看一下这个文件。\n\n")
          .hold("stream", 9)
          .tool("read_file", { path: "src/retry.ts" }),
        reply().tool("edit_replace_exact", {
          path: "src/retry.ts",
          old_string: "attempts: 3",
          new_string: "attempts: 5",
        }),
        reply().tool("shell_run", { command: "ls src" }),
        reply().tool("ask_user_question", QUESTIONS),
        reply().text("好的，已把重试次数改为 5。"),
      ],
      ["--sandbox", "off"],
      { env: ZH, noWait: true, cols: 110, rows: 45 },
    );
    await term.waitFor(READY);
    expectChinese(term);
    await send(term, "把重试次数改成五次");
    // The reply waits until released: the working line and the answer so far show meanwhile.
    await term.waitFor((screen) => screen.includes("工作中") && screen.includes("我先看一下"));
    expectChinese(term);
    server.release("stream");
    await term.waitFor("y 接受");
    expect(term.screen()).toContain("修改 src/retry.ts (+1 −1)");
    expectChinese(term);
    term.type("y");
    await waitForReview(term, "运行命令");
    expect(term.screen()).toContain("$ ls src");
    expectChinese(term);
    term.type("y");
    await waitForReview(term, "第 1 个问题，共 1 个 · 数据库");
    expect(term.screen()).toContain("服务用哪个数据库？");
    expectChinese(term);
    term.type("1");
    await term.waitFor("好的，已把重试次数改为 5。");
    expect(term.all()).toContain("✓ 已修改 src/retry.ts (+1 −1)");
    expectChinese(term, "all");
  });

  test("a conversation that cannot be continued: the notice, then a new one", async () => {
    const { term } = await tui.open([], ["--continue"], { env: ZH, noWait: true });
    await term.waitFor("已改为开始新的对话。");
    expect(term.screen()).toContain("没有可继续的已保存会话");
    await term.waitFor(READY);
    expectChinese(term, "all");
  });

  test("a plan review", async () => {
    const plan = "## 计划\n\n1. 把重试次数提高到 5。\n2. 补充测试。";
    const { term } = await tui.open(
      [reply().tool("exit_plan_mode", { plan }), reply().text("按计划进行。")],
      ["--mode", "plan"],
      { env: ZH, noWait: true, cols: 110, rows: 45 },
    );
    await term.waitFor(READY);
    await send(term, "做个计划");
    await waitForReview(term, "拟定的计划");
    expectChinese(term);
    term.type("y");
    await term.waitFor("按计划进行。");
    expect(term.all()).toContain("计划已接受");
    expectChinese(term, "all");
  });

  test("the welcome without a provider, and the notice when a message cannot go", async () => {
    const { env } = makeHome();
    const term = startTerminal({ cwd: makeRepo(), env: { ...env, ...ZH } });
    try {
      await term.waitFor("欢迎使用 North。");
      expectChinese(term);
      await send(term, "你好");
      await term.waitFor("还没有配置模型服务（见上文）。");
      expectChinese(term, "all");
    } finally {
      term.kill();
    }
  });
});

// The conversations that change nothing another test looks at share one session; the start-up
// screens, the first turn (its header), plan mode and a home without a provider above have
// their own.
describe("the interface in Simplified Chinese, one session", () => {
  const shared = useSharedTui([], { cols: 110, rows: 60, env: ZH, words: ZH_CN_WORDS });

  test("the commands: /undo, /context, /cost, /help, /model, /resume, errors", async () => {
    const { term } = await shared.open([
      reply().tool("edit_create_file", {
        path: "src/timeout.ts",
        content: "export const t = 1;\n",
      }),
      reply().text("已新建文件。"),
    ]);
    await send(term, "新建一个超时文件");
    await term.waitFor("y 接受");
    expect(term.screen()).toContain("新建 src/timeout.ts (+1)");
    expectChinese(term);
    term.type("y");
    await term.waitFor("已新建文件。");
    await command(term, "/undo", "已撤销本对话的第 1 轮：");
    expect(term.screen()).toContain("已删除 src/timeout.ts");
    await command(term, "/undo abc", "/undo 需要一个轮数");
    await command(term, "/context", "上下文：");
    expect(term.screen()).toContain("系统提示词");
    await command(term, "/cost", "合计：");
    await command(term, "/help", "在空输入框中按 ? 可查看键盘快捷键。");
    await command(term, "/nosuch", "未知命令 /nosuch");
    await command(term, "/compact", "暂时没有可压缩的内容");
    await command(term, "/permissions", "没有常设权限。");
    await command(term, "/agents", "可在 .north/agents/");
    await command(term, "/checks", "未设置检查");
    // /output shows a tool's result as the model read it: that text is not the interface's.
    await send(term, "/output");
    await term.waitFor("edit_create_file");
    await send(term, "/clear");
    await term.waitFor((screen) => !screen.includes("edit_create_file"));
    await menu(term, "/mode", "模型可以修改文件");
    await menu(term, "/mcp", "服务器及其状态和工具");
    term.type("?");
    await term.waitFor("键盘快捷键");
    expectChinese(term);
    term.press("escape");
    await term.waitFor((screen) => !screen.includes("键盘快捷键"));
    await menu(term, "/model", "（当前）");
    await command(term, "/new", "已开始新对话。");
    // The picker of saved conversations opens under /resume.
    term.type("/resume ");
    await term.waitFor("条消息");
    expect(term.screen()).toContain("新建一个超时文件");
    expectChinese(term);
    // Enter resumes it: the conversation is shown again as it was.
    term.press("enter");
    await term.waitFor("已恢复对话");
    await term.waitFor(READY);
    expect(term.screen()).toContain("✓ 已新建 src/timeout.ts (+1)");
    expectChinese(term);
  });

  test("a web page review (issue 29)", async () => {
    const { term } = await shared.open([
      reply().tool("web_fetch", { url: "https://docs.example.com/changelog", prompt: "变更" }),
      reply().text("好的，不读了。"),
    ]);
    await send(term, "读一下更新日志");
    await waitForReview(term, "从 docs.example.com 获取网页");
    expectChinese(term);
    term.type("n");
    await term.waitFor("好的，不读了。");
    expectChinese(term, "all");
  });
});
