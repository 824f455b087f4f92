import { mkdtempSync, readFileSync, symlinkSync, writeFileSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { appendRule, ruleLine, ruleTargets } from "./memory-rule.js";

const dir = () => mkdtempSync(join(tmpdir(), "north-rule-"));

describe("# memory rules", () => {
  it("a message becomes one list line", () => {
    expect(ruleLine("#  use pnpm\n  not npm ")).toBe("- use pnpm not npm");
  });

  it("appends after a line break, keeping the file's mode; creates a missing file", () => {
    const path = join(dir(), "AGENTS.md");
    writeFileSync(path, "- one", { mode: 0o600 });
    expect(appendRule({ where: "project", path }, "- two")).toEqual({ saved: true });
    expect(readFileSync(path, "utf8")).toBe("- one\n- two\n");
    expect(statSync(path).mode & 0o777).toBe(0o600);
    const fresh = join(dir(), "nested", "AGENTS.md");
    expect(appendRule({ where: "global", path: fresh }, "- x")).toEqual({ saved: true });
    expect(readFileSync(fresh, "utf8")).toBe("- x\n");
  });

  it("refuses a symlink (the repository's AGENTS.md pointing elsewhere), writing nothing", () => {
    const root = dir();
    const outside = join(dir(), "target.md");
    writeFileSync(outside, "kept");
    symlinkSync(outside, join(root, "AGENTS.md"));
    const result = appendRule({ where: "project", path: join(root, "AGENTS.md") }, "- no");
    expect(result.saved).toBe(false);
    expect(readFileSync(outside, "utf8")).toBe("kept");
  });

  it("goes to the rules file in force: a repository's CLAUDE.md when it has no AGENTS.md", () => {
    const root = dir();
    const env = { XDG_CONFIG_HOME: dir() };
    expect(ruleTargets(root, env)[0]!.path).toBe(join(root, "AGENTS.md"));
    writeFileSync(join(root, "CLAUDE.md"), "# Rules\n");
    expect(ruleTargets(root, env)[0]!.path).toBe(join(root, "CLAUDE.md"));
    writeFileSync(join(root, "AGENTS.md"), "# Rules\n");
    expect(ruleTargets(root, env)[0]!.path).toBe(join(root, "AGENTS.md"));
  });
});
