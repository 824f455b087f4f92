import { render } from "ink-testing-library";
import { createElement as h } from "react";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { setLanguage } from "../../../i18n/index.js";
import { pendingReview } from "../review-state.js";
import { initialState, type UiState } from "../state.js";
import { setTheme } from "../theme.js";
import { ReviewView } from "./review-view.js";
import { Welcome } from "./welcome.js";

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

describe("the interface in Simplified Chinese", () => {
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
    expect(out).toContain("› 1 r 运行 · 2 a 始终允许 · 3 d 不允许 · 4 t 不允许并附说明");
    expect(out).toContain("将始终允许 以 `npm run` 开头的命令 · Tab 或改为仅限 `npm run build`");
  });

  test("an edit review", () => {
    const file = { path: "src/a.ts", diff: "", added: 3, removed: 1, created: false };
    const pending = pendingReview("call-2", "edit_file", { type: "edit", files: [file] });
    const state: UiState = { ...initialState(30, 100), busy: true, review: pending };
    const out = frame(h(ReviewView, { state, pending }));
    expect(out).toContain("修改 src/a.ts (+3 −1)");
    expect(out).toContain("› 1 a 接受 · 2 y 始终接受（本项目） · 3 r 拒绝 · 4 t 拒绝并附说明");
  });
});
