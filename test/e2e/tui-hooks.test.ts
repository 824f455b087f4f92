// Hooks in the interactive interface: the repository's proposal is announced at start, `/hooks`
// lists the hooks in force with where each comes from and shows the proposal whole, and a
// PreToolUse hook's exit 2 reaches the model as the call's refusal.
import { existsSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { reply } from "../support/mock-model-server.js";
import { send, toolResults, useTui } from "../support/tui-fixture.js";

const tui = useTui();

const PROPOSAL = JSON.stringify({
  hooks: { Stop: [{ hooks: [{ type: "command", command: "touch repo-hook-ran" }] }] },
});

describe("hooks in the TUI", () => {
  test("/hooks lists the hooks and the proposal; a blocking hook refuses the call", async () => {
    const { term, server, repo } = await tui.open(
      [reply().tool("shell_run", { command: "touch made.txt" }), reply().text("Refused, ok.")],
      [],
      {
        files: { "README.md": "# Demo\n", ".north/hooks.json": PROPOSAL },
        config: {
          hooks: {
            PreToolUse: [
              {
                matcher: "Bash",
                hooks: [{ type: "command", command: "echo 'not in this repo' >&2; exit 2" }],
              },
            ],
          },
        },
      },
    );
    await term.waitFor("proposes hooks in .north/hooks.json");
    // `/hooks` offers "list" first, then "approve" for the repository's proposal.
    await send(term, "/hooks");
    await term.waitFor("run the repository's .north/hooks.json as shown");
    term.press("enter");
    await term.waitFor("PreToolUse [Bash]");
    expect(term.screen()).toMatch(/Stop — \.north\/hooks\.json, not approved/);
    expect(term.screen()).toContain("touch repo-hook-ran");
    await send(term, "make a file");
    await term.waitFor("Refused, ok.");
    expect(existsSync(join(repo, "made.txt"))).toBe(false);
    expect(existsSync(join(repo, "repo-hook-ran"))).toBe(false);
    expect(toolResults(server, 1).at(-1)?.content).toContain("not in this repo");
  });
});
