import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { language, setLanguage } from "../i18n/index.js";
import type { Session } from "../session/index.js";
import { commandContext } from "../../test/support/command-context.js";
import { createCommands } from "./index.js";

/** A context that records what commands did; the session is only what these commands touch. */
const context = (registry: ReturnType<typeof createCommands>, session: Partial<Session> = {}) =>
  commandContext(registry, { session });

function project(files: Record<string, string>) {
  const root = mkdtempSync(join(tmpdir(), "north-cmd-"));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(root, path, ".."), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}

describe("the command registry", () => {
  it("runs several commands in a row at the start; a /word later is text", async () => {
    const registry = createCommands(project({}), { XDG_CONFIG_HOME: "/nonexistent" });
    const { ctx, said, modes } = context(registry);
    expect(await registry.run("/clear /mode plan", ctx)).toBe("");
    expect(said[0]).toBe("<clear>");
    expect(modes).toEqual(["plan"]);
    const text = "Please add a section that documents /undo and /quit";
    expect(await registry.run(text, ctx)).toBe(text);
    expect(modes).toEqual(["plan"]);
  });

  it("runs nothing when words are left over or the command is unknown, and says so", async () => {
    const registry = createCommands(project({}), { XDG_CONFIG_HOME: "/nonexistent" });
    const { ctx, said, modes } = context(registry);
    expect(await registry.run("/mode plan now explain", ctx)).toBe("");
    expect(modes).toEqual([]);
    expect(said.at(-1)).toBe(
      "/mode takes one argument; “now explain” is left over. Nothing was run or sent.",
    );
    expect(await registry.run("/halp me", ctx)).toBe("");
    expect(said.at(-1)).toBe("Unknown command /halp — did you mean /help? Nothing was sent.");
    expect(await registry.run("/zzzzzz", ctx)).toBe("");
    expect(said.at(-1)).toBe(
      "Unknown command /zzzzzz — /help lists the commands. Nothing was sent.",
    );
  });

  it("a refused /model argument says how to name the model (issue 31)", async () => {
    const registry = createCommands(project({}), { XDG_CONFIG_HOME: "/nonexistent" });
    const { ctx, said } = context(registry);
    expect(await registry.run("/model haiku 4.5", ctx)).toBe("");
    expect(said.at(-1)).toBe(
      "/model takes one argument; “4.5” is left over. Nothing was run or sent. For Claude Haiku 4.5: /model claude-haiku-4-5 (or /model alone for the menu).",
    );
    await registry.run("/model the fast one", ctx);
    expect(said.at(-1)).toMatch(
      /left over\. Nothing was run or sent\. Name the model in one word, its id or alias \(\/model claude-haiku-4-5, \/model haiku\), or type \/model alone for the menu\.$/,
    );
  });

  it("turns a project's Markdown file into a command with arguments", async () => {
    const root = project({
      ".north/commands/audit.md":
        "---\ndescription: Review a file\n---\nReview $1 for $2 issues. All: $ARGUMENTS",
    });
    const registry = createCommands(root, { XDG_CONFIG_HOME: "/nonexistent" });
    expect(registry.get("audit")?.description).toBe("Review a file");
    const { ctx, sent } = context(registry);
    await registry.run('/audit src/a.ts "security"', ctx);
    expect(sent).toEqual(["Review src/a.ts for security issues. All: src/a.ts security"]);
  });

  it("lists a broken custom command with its error instead of failing", async () => {
    const root = project({
      ".north/commands/bad.md": "---\ndescription: oops\nno colon here\n---\nbody",
    });
    const registry = createCommands(root, { XDG_CONFIG_HOME: "/nonexistent" });
    expect(registry.get("bad")?.description).toMatch(/^\(broken: /);
    const { ctx, said } = context(registry);
    await registry.run("/bad", ctx);
    expect(said[0]).toMatch(/cannot be used/);
  });

  it("never lets a custom command shadow a built-in", () => {
    const root = project({ ".north/commands/help.md": "hijack" });
    const registry = createCommands(root, { XDG_CONFIG_HOME: "/nonexistent" });
    expect(registry.get("help")?.source).toBe("builtin");
    expect(registry.problems[0]).toMatch(/\/help is already a command/);
  });

  it("reports what /undo restored and what it kept", async () => {
    const registry = createCommands(project({}), { XDG_CONFIG_HOME: "/nonexistent" });
    const calls: unknown[][] = [];
    const undo = async (...args: unknown[]) => {
      calls.push(args);
      return {
        turns: [{ session: "s", turn: 3 }],
        restored: [{ path: "src/a.ts", action: "restored" as const }],
        skipped: [
          {
            path: "src/b.ts",
            reason: "changed" as const,
            message: "src/b.ts was changed since (not by North); it was not overwritten",
          },
        ],
        complete: false,
      };
    };
    const undoable = async () => [{ session: "s", turn: 3 }];
    const { ctx, said } = context(registry, { undo, undoable, id: "s" } as Partial<Session>);
    await registry.run("/undo", ctx);
    expect(calls).toEqual([[1]]);
    expect(said[0]).toContain("Undid turn 3 of this conversation");
    expect(said[0]).toContain("restored src/a.ts");
    expect(said[0]).toContain(
      "kept src/b.ts: src/b.ts was changed since (not by North); it was not overwritten",
    );
    expect(said[0]).toContain("/undo 1 --force");
    await registry.run("/undo 2 --force", ctx);
    expect(calls.slice(1)).toEqual([[2], [2, ["src/b.ts"]]]);
  });

  it("completes command names and choices", () => {
    const registry = createCommands(project({}), { XDG_CONFIG_HOME: "/nonexistent" });
    expect(registry.matching("qu").map((c) => c.name)).toEqual(["quit"]);
    expect(registry.matching("ex").map((c) => c.name)).toEqual(["quit", "export"]);
    const { ctx } = context(registry);
    expect(registry.choicesFor("mode", "pl", ctx).map((c) => c.value)).toEqual(["plan"]);
  });

  describe("/language", () => {
    afterEach(() => setLanguage("en"));

    it("switches the interface at once and remembers it in the config", async () => {
      const home = mkdtempSync(join(tmpdir(), "north-lang-"));
      const file = join(home, "north", "config.json");
      mkdirSync(join(home, "north"));
      writeFileSync(file, JSON.stringify({ model: "sonnet" }));
      const registry = createCommands(project({}), { XDG_CONFIG_HOME: home });
      const { ctx, said } = context(registry);
      expect(registry.choicesFor("language", "", ctx).map((c) => c.label)).toEqual([
        "English",
        "简体中文",
      ]);
      await registry.run("/language zh-CN", ctx);
      expect(language()).toBe("zh-CN");
      expect(said).toEqual(["界面语言已切换为简体中文。"]);
      expect(registry.get("help")?.description).toBe("列出所有命令");
      expect(JSON.parse(readFileSync(file, "utf8"))).toEqual({
        model: "sonnet",
        language: "zh-CN",
      });
    });

    it("switches for the session only when the config cannot be read", async () => {
      const home = mkdtempSync(join(tmpdir(), "north-lang-"));
      const file = join(home, "north", "config.json");
      mkdirSync(join(home, "north"));
      writeFileSync(file, "{ broken");
      const registry = createCommands(project({}), { XDG_CONFIG_HOME: home });
      const { ctx, said } = context(registry);
      await registry.run("/language zh-CN", ctx);
      expect(language()).toBe("zh-CN");
      expect(said[1]).toMatch(/^仅在本次会话中生效；not saved to /);
      expect(readFileSync(file, "utf8")).toBe("{ broken");
      await registry.run("/language fr", ctx);
      expect(said[2]).toBe("不支持“fr”：请选择 en 或 zh-CN。");
    });
  });
});
