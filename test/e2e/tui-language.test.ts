// `/language` end to end: the interface switches to Simplified Chinese at once and the choice
// is remembered in the global config.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { send, useTui } from "../support/tui-fixture.js";

const tui = useTui();

describe("/language", () => {
  test("switches the interface to Simplified Chinese and saves the choice", async () => {
    const { term, env } = await tui.open([]);
    await send(term, "/language zh-CN");
    await term.waitFor("界面语言已切换为简体中文");
    await term.waitFor("向 North 提问，了解这个仓库");
    const config = JSON.parse(
      readFileSync(join(env.XDG_CONFIG_HOME!, "north", "config.json"), "utf8"),
    ) as { language?: string };
    expect(config.language).toBe("zh-CN");
    await send(term, "/language en");
    await term.waitFor("Language: English.");
  });
});
