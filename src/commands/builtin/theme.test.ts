import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { setLanguage } from "../../i18n/index.js";
import { commandContext } from "../../../test/support/command-context.js";
import { createCommands } from "../index.js";
import type { ThemeChoice } from "../types.js";

/** A context whose interface draws light for `auto` (nothing at all without `colour`). */
function context(registry: ReturnType<typeof createCommands>, colour = true) {
  let choice: ThemeChoice = "auto";
  const state = () => ({
    choice,
    palette: !colour ? undefined : choice === "auto" ? ("light" as const) : choice,
  });
  const theme = {
    current: state,
    set(next: ThemeChoice) {
      choice = next;
      return state();
    },
  };
  const { ctx, said } = commandContext(registry, { theme });
  return { ctx, said, choice: () => choice };
}

function home(config: string) {
  const dir = mkdtempSync(join(tmpdir(), "north-theme-"));
  mkdirSync(join(dir, "north"));
  writeFileSync(join(dir, "north", "config.json"), config);
  return { dir, file: join(dir, "north", "config.json") };
}

const root = () => mkdtempSync(join(tmpdir(), "north-theme-root-"));

describe("/theme", () => {
  afterEach(() => setLanguage("en"));

  it("offers auto, dark and light, and says which is in use", async () => {
    const registry = createCommands(root(), { XDG_CONFIG_HOME: "/nonexistent" });
    const { ctx, said } = context(registry);
    expect(registry.choicesFor("theme", "", ctx).map((c) => c.value)).toEqual([
      "auto",
      "dark",
      "light",
    ]);
    await registry.run("/theme", ctx);
    expect(said).toEqual(["Theme: auto (light) — /theme <auto|dark|light> switches."]);
  });

  it("switches at once and remembers it in the config, keeping the other fields", async () => {
    const { dir, file } = home(JSON.stringify({ model: "sonnet" }));
    const registry = createCommands(root(), { XDG_CONFIG_HOME: dir });
    const { ctx, said, choice } = context(registry);
    await registry.run("/theme dark", ctx);
    expect(choice()).toBe("dark");
    expect(said).toEqual(["Theme: dark."]);
    expect(JSON.parse(readFileSync(file, "utf8"))).toEqual({ model: "sonnet", theme: "dark" });
    await registry.run("/theme AUTO", ctx);
    expect(said.at(-1)).toBe("Theme: auto (light).");
  });

  it("refuses an unknown theme; a config it cannot read is left alone", async () => {
    const { dir, file } = home("{ broken");
    const registry = createCommands(root(), { XDG_CONFIG_HOME: dir });
    const { ctx, said, choice } = context(registry);
    await registry.run("/theme solarized", ctx);
    expect(said).toEqual(['Unknown theme "solarized": choose auto, dark or light.']);
    expect(choice()).toBe("auto");
    await registry.run("/theme light", ctx);
    expect(said[1]).toBe("Theme: light.");
    expect(said[2]).toMatch(/^Switched for this session only; not saved to /);
    expect(readFileSync(file, "utf8")).toBe("{ broken");
  });

  it("says that colours are off under NO_COLOR, and speaks Chinese in zh-CN", async () => {
    const { dir } = home("{}");
    const registry = createCommands(root(), { XDG_CONFIG_HOME: dir });
    const { ctx, said } = context(registry, false);
    setLanguage("zh-CN");
    await registry.run("/theme light", ctx);
    expect(said[0]).toBe("主题已切换为浅色。");
    expect(said[1]).toMatch(/^颜色已关闭/);
  });
});
