// Menus as a newcomer meets them (issue: the TUI as a new user meets it): wide (CJK) labels
// line up, and the menu's own words follow the interface language.
import stringWidth from "string-width";
import { describe, expect, test } from "vitest";
import { send, useTui } from "../../support/tui-fixture.js";

const tui = useTui();

/** The terminal cell where `needle` starts on the screen line that holds `marker`. */
function cellOf(screen: string, marker: string, needle: string): number {
  const line = screen.split("\n").find((l) => l.includes(marker) && l.includes(needle));
  expect(line, `no line holds ${marker}:\n${screen}`).toBeDefined();
  return stringWidth(line!.slice(0, line!.indexOf(needle)));
}

describe("menus", () => {
  test("the /language menu lines up 简体中文 with English, and speaks Chinese in zh-CN", async () => {
    const { term } = await tui.open([]);
    await send(term, "/language zh-CN");
    await term.waitFor("界面语言已切换为简体中文");
    term.type("/language ");
    await term.waitFor("简体中文");
    await term.waitFor("↑↓ 选择");
    const screen = term.screen();
    expect(cellOf(screen, "English", "en")).toBe(cellOf(screen, "简体中文", "zh-CN"));
    expect(screen).not.toContain("choose · Tab insert");
  });
});
