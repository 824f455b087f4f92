// `#` memory (issue 30): a message starting with `#` is not sent; it is offered as a rule line
// for the repository's AGENTS.md or the person's global one, shown before writing; Enter
// appends it, Esc gives the message back to the composer.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { reply } from "../support/mock-model-server.js";
import { send, useTui } from "../support/tui-fixture.js";

const tui = useTui();

describe("# saves a rule", () => {
  test("shown first, then appended to the repository's AGENTS.md; the model gets nothing", async () => {
    const { term, server, repo } = await tui.open([reply().text("Later.")], [], {
      files: { "AGENTS.md": "# Rules\n- be brief" },
    });
    await send(term, "# always run the tests with npm test");
    await term.waitFor("Save this as a rule?");
    expect(term.screen()).toContain("- always run the tests with npm test");
    expect(term.screen()).toContain(`this repository: ${join(repo, "AGENTS.md")}`);
    expect(readFileSync(join(repo, "AGENTS.md"), "utf8")).toBe("# Rules\n- be brief");
    term.press("enter");
    await term.waitFor("Rule saved to");
    expect(readFileSync(join(repo, "AGENTS.md"), "utf8")).toBe(
      "# Rules\n- be brief\n- always run the tests with npm test\n",
    );
    expect(server.requests).toHaveLength(0);
    // The next message goes to the model as ever, with the rule in its system prompt.
    await send(term, "hello");
    await term.waitFor("Later.");
    expect(JSON.stringify(server.requests[0]!.body.system)).toContain("always run the tests");
  }, 60_000);

  test("the global file is the second choice; Esc gives the message back, nothing written", async () => {
    const { term, repo, env } = await tui.open([], []);
    const global = join(env.XDG_CONFIG_HOME!, "north", "AGENTS.md");
    await send(term, "# prefer pnpm");
    await term.waitFor("Save this as a rule?");
    term.press("escape");
    await term.waitFor("> # prefer pnpm");
    expect(existsSync(join(repo, "AGENTS.md"))).toBe(false);
    term.press("enter");
    await term.waitFor("Save this as a rule?");
    term.press("down");
    await term.waitFor(`› 2. all your projects: ${global}`);
    term.press("enter");
    await term.waitFor("Rule saved to");
    expect(readFileSync(global, "utf8")).toBe("- prefer pnpm\n");
    expect(existsSync(join(repo, "AGENTS.md"))).toBe(false);
  }, 60_000);
});
