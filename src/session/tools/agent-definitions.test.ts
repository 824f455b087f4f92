import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { listAgents } from "./agent-definitions.js";

function setup(files: Record<string, string>, own: Record<string, string> = {}) {
  const base = mkdtempSync(join(tmpdir(), "north-agents-"));
  const root = join(base, "repo");
  const config = join(base, "config");
  mkdirSync(join(root, ".north", "agents"), { recursive: true });
  mkdirSync(join(config, "north", "agents"), { recursive: true });
  for (const [name, text] of Object.entries(files))
    writeFileSync(join(root, ".north", "agents", name), text);
  for (const [name, text] of Object.entries(own))
    writeFileSync(join(config, "north", "agents", name), text);
  return { base, root, env: { XDG_CONFIG_HOME: config, HOME: base } };
}

const agent = (meta: string, body = "You review code.") => `---\n${meta}\n---\n${body}\n`;

describe("listAgents", () => {
  test("the built-in agents come first, then the person's, then the repository's", () => {
    const { root, env } = setup(
      {
        "reviewer.md": agent("description: Reviews\ntools: [read_file, search_text]\nmodel: haiku"),
      },
      { "mine.md": agent("name: mine\ndescription: Mine") },
    );
    const { agents, broken } = listAgents(root, env);
    expect(agents.map((a) => a.name)).toEqual(["explore", "plan", "general", "mine", "reviewer"]);
    expect(broken).toEqual([]);
    const reviewer = agents.at(-1)!;
    expect(reviewer).toMatchObject({
      description: "Reviews",
      tools: ["read_file", "search_text"],
      model: "haiku",
      source: ".north/agents/reviewer.md",
      prompt: "You review code.",
    });
    expect(agents[3]!.tools).toBe("all");
  });

  test("broken files are listed with the reason; a taken name does not replace the first", () => {
    const { root, env } = setup({
      "a-nodesc.md": agent("name: nodesc"),
      "b-explore.md": agent("name: explore\ndescription: Mine now"),
      "c-empty.md": agent("description: x", ""),
      "d-bad.md": "---\nname: bad\n",
      "e-name.md": agent("name: Bad Name!\ndescription: x"),
    });
    const { agents, broken } = listAgents(root, env);
    expect(agents.find((a) => a.name === "explore")!.source).toBe("builtin");
    expect(broken.map((b) => [b.source, b.error])).toEqual([
      [".north/agents/a-nodesc.md", "the front matter has no description"],
      [".north/agents/b-explore.md", 'the name "explore" is taken (builtin)'],
      [".north/agents/c-empty.md", "the file has no system prompt after its front matter"],
      [".north/agents/d-bad.md", "the front matter is not closed with ---"],
      [".north/agents/e-name.md", 'the name "bad name!" must be letters, digits, - or _'],
    ]);
  });

  test("a repository's agent file that links outside the repository is not read", () => {
    const { base, root, env } = setup({});
    writeFileSync(join(base, "outside.md"), agent("description: Outside"));
    symlinkSync(join(base, "outside.md"), join(root, ".north", "agents", "out.md"));
    const { agents, broken } = listAgents(root, env);
    expect(agents.some((a) => a.name === "out")).toBe(false);
    expect(broken).toHaveLength(1);
    expect(broken[0]!.source).toBe(".north/agents/out.md");
  });
});
