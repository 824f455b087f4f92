import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ProjectRules, RULES_BUDGET } from "./project-rules.js";

function tree(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), "north-rules-"));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(root, path, ".."), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}

describe("project rules", () => {
  it("gathers global, repository and Cursor rules with their paths as headings", () => {
    const root = tree({
      "repo/AGENTS.md": "Use pnpm.",
      "repo/.cursor/rules/b.mdc": "---\ndescription: b\nglobs: '*.ts'\n---\nPrefer named exports.",
      "repo/.cursor/rules/a/a.mdc": "No default exports.",
      "config/north/AGENTS.md": "Answer in English.",
    });
    const rules = new ProjectRules(join(root, "repo"), { XDG_CONFIG_HOME: join(root, "config") });
    const block = rules.block();
    const order = [
      "Answer in English.",
      "## AGENTS.md\nUse pnpm.",
      "## .cursor/rules/a/a.mdc\nNo default exports.",
      "## .cursor/rules/b.mdc\nPrefer named exports.",
    ];
    let at = -1;
    for (const part of order) {
      const next = block.indexOf(part);
      expect(next, part).toBeGreaterThan(at);
      at = next;
    }
    expect(block).not.toContain("globs:");
  });

  it("falls back to CLAUDE.md where a folder has no AGENTS.md, and re-reads on change", () => {
    const root = tree({ "CLAUDE.md": "Old rule." });
    const rules = new ProjectRules(root, { XDG_CONFIG_HOME: join(root, "none") });
    expect(rules.block()).toContain("## CLAUDE.md\nOld rule.");
    writeFileSync(join(root, "CLAUDE.md"), "New rule, longer.");
    expect(rules.block()).toContain("New rule, longer.");
    writeFileSync(join(root, "AGENTS.md"), "Agents rule.");
    expect(rules.block()).not.toContain("CLAUDE.md");
  });

  it("caps everything at the budget with a visible marker", () => {
    const root = tree({ "AGENTS.md": "x".repeat(RULES_BUDGET + 500) });
    const block = new ProjectRules(root, {}).block();
    expect(block).toContain("[truncated]");
    expect(Buffer.byteLength(block)).toBeLessThan(RULES_BUDGET + 400);
  });
});
