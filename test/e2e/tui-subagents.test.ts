// Sub-agents in the TUI: a `task` call shows its sub-agent as one live group (its tool lines,
// steps and tokens) that collapses to one summary line when it ends; a general sub-agent's
// review is labelled with it.
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { firstUserText, reply, type RecordedRequest } from "../support/mock-model-server.js";
import { useSharedTui } from "../support/shared-tui.js";
import { send, toolResults, waitForReview } from "../support/tui-fixture.js";

// One session for the file: each test is about what a conversation shows. Only the second
// changes the repository (src/retry.ts, which no other test reads), the third adds agent files.
const tui = useSharedTui();
const mark = (marker: string) => (r: RecordedRequest) => firstUserText(r).includes(marker);

describe("sub-agents in the TUI", () => {
  test("the group is live while the sub-agent works, then one summary line", async () => {
    let release: (() => void) | undefined;
    const { term, server } = await tui.open([
      reply().tool("task", {
        agent: "explore",
        description: "find the retry policy",
        prompt: "SUB-1 where is the retry policy?",
      }),
      reply().text("The policy lives in src/retry.ts."),
    ]);
    server.conversation(
      mark("SUB-1"),
      reply().tool("read_file", { path: "src/retry.ts" }).usage({ input: 1200, output: 30 }),
      () =>
        new Promise((resolve) => {
          release = () =>
            resolve(reply().text("src/retry.ts:1").usage({ input: 1500, output: 10 }));
        }),
    );
    await send(term, "where is the retry policy?");
    // Live: the task line, the sub-agent's tool line and its progress.
    await term.waitFor(/explore · step 2/);
    const live = term.screen();
    expect(live).toContain("explore · find the retry policy");
    expect(live).toMatch(/✓ Read src\/retry\.ts/);
    expect(live).toMatch(/1\.2k tokens/);
    await server.waitForRequests(3);
    release!();
    await term.waitFor("The policy lives in src/retry.ts.");
    const done = term.screen();
    expect(done).toMatch(
      /✓ explore · find the retry policy — 1 tool call · 2 steps · [\d.]+k tokens/,
    );
    expect(done).not.toContain("Read src/retry.ts");
    expect(done).not.toContain("explore · step");
    expect(toolResults(server, 3)).toEqual([{ content: "src/retry.ts:1", isError: false }]);
  });

  test("a general sub-agent's edit is reviewed, labelled with the sub-agent", async () => {
    const { term, server } = await tui.open([
      reply().tool("task", {
        agent: "general",
        description: "raise the attempts",
        prompt: "SUB-G set attempts to 5",
      }),
      reply().text("Raised."),
    ]);
    server.conversation(
      mark("SUB-G"),
      reply().tool("read_file", { path: "src/retry.ts" }),
      reply().tool("edit_replace_exact", {
        path: "src/retry.ts",
        old_string: "attempts: 3",
        new_string: "attempts: 5",
      }),
      reply().text("Edited."),
    );
    await send(term, "raise the attempts");
    await waitForReview(term, "Sub-agent general · raise the attempts asks:");
    expect(term.screen()).toContain("+ export const policy = { attempts: 5");
    term.type("y");
    await term.waitFor("Raised.");
    expect(term.screen()).toMatch(/✓ general · raise the attempts — 2 tool calls · 3 steps/);
  });
});

describe("/agents", () => {
  test("lists the built-in and custom agents, and a broken file with its reason", async () => {
    const { term, repo } = await tui.open([]);
    mkdirSync(join(repo, ".north", "agents"), { recursive: true });
    writeFileSync(
      join(repo, ".north", "agents", "reviewer.md"),
      "---\ndescription: Reviews a diff\ntools: [read_file, search_text]\nmodel: haiku\n---\nYou review.\n",
    );
    writeFileSync(join(repo, ".north", "agents", "broken.md"), "---\nname: broken\n");
    await send(term, "/agents");
    await term.waitFor("Cannot use .north/agents/broken.md");
    const screen = term.screen();
    expect(screen).toMatch(/explore\s+read tools\s+the conversation's\s+builtin/);
    expect(screen).toMatch(/general\s+all tools/);
    expect(screen).toMatch(
      /reviewer\s+read_file, search_text\s+haiku\s+\.north\/agents\/reviewer\.md/,
    );
    expect(screen).toContain("reviewer: Reviews a diff");
    expect(screen).toContain("the front matter is not closed with ---");
  });
});
