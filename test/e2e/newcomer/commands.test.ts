// Slash commands as a newcomer types them (issue: the TUI as a new user meets it): a command
// word later in a message is text, left-over words and unknown commands run and send nothing.
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { firstUserText, reply } from "../../support/mock-model-server.js";
import { send, useTui } from "../../support/tui-fixture.js";
import { untilTestDeadline } from "../../support/test-deadline.js";

const tui = useTui();

describe("slash commands only at the start of the input", () => {
  test("a /command later in a message is text: nothing is undone, nothing quits", async () => {
    const { term, server, repo } = await tui.open([
      reply().tool("edit_create_file", { path: "docs/notes.md", content: "# Notes\n" }),
      reply().text("Created."),
      reply().text("Here is a section."),
    ]);
    await send(term, "write notes");
    await term.waitFor("a always");
    term.type("y");
    await term.waitFor("Created.");
    const text = "Please add a section to the README that documents /undo and /exit";
    // No command menu opens for a /word later in a message.
    await send(term, text);
    await term.waitFor("Here is a section.");
    expect(existsSync(join(repo, "docs", "notes.md"))).toBe(true);
    expect(firstUserText(server.requests[2]!)).toBe("write notes");
    const last = server.requests[2]!.body.messages as { role: string; content: unknown }[];
    expect(JSON.stringify(last.at(-1))).toContain(text);
    expect(term.screen()).not.toContain("Undid");
  });

  test("/model haiku 4.5: the left-over word is refused, nothing switches, nothing is sent", async () => {
    const { term, server, env } = await tui.open([reply().text("never")]);
    await term.waitFor("Claude Sonnet 5.5");
    await send(term, "/model haiku 4.5");
    await term.waitFor("is left over");
    expect(term.screen()).toContain(
      "/model takes one argument; “4.5” is left over. Nothing was run or sent.",
    );
    expect(term.screen()).toContain("Claude Sonnet 5.5");
    expect(server.requests).toHaveLength(0);
    expect(existsSync(join(env.XDG_CONFIG_HOME!, "north", "config.json"))).toBe(false);
  });

  test("an unknown command is answered with the nearest one, and nothing is sent", async () => {
    const { term, server, repo } = await tui.open([reply().text("never")]);
    await send(term, "/halp");
    await term.waitFor("Unknown command /halp — did you mean /help? Nothing was sent.");
    // A custom command added while North runs is known at once.
    mkdirSync(join(repo, ".north", "commands"), { recursive: true });
    writeFileSync(join(repo, ".north", "commands", "shipit.md"), "Ship $ARGUMENTS now.\n");
    await send(term, "/shipit the fix");
    await server.waitForRequests(1, { timeoutMs: untilTestDeadline() }).catch((e) => {
      throw new Error(`${(e as Error).message}\n${term.screen()}`);
    });
    expect(firstUserText(server.requests[0]!)).toBe("Ship the fix now.");
  });
});
