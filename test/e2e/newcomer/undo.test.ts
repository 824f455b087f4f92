// /undo as a newcomer meets it (issue: the TUI as a new user meets it): it says which turn of
// which conversation it undoes, asks before reaching into an earlier conversation, and takes
// the folder a created file needed with it.
import { existsSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { reply } from "../../support/mock-model-server.js";
import { send, useTui } from "../../support/tui-fixture.js";

const tui = useTui();

const createNotes = () => [
  reply().tool("edit_create_file", { path: "docs/deep/notes.md", content: "# Notes\n" }),
  reply().text("Created the notes."),
];

describe("/undo", () => {
  test("names the turn it undoes and removes the folders the created file needed", async () => {
    const { term, repo } = await tui.open(createNotes());
    await send(term, "write notes");
    await term.waitFor("a always");
    term.type("y");
    await term.waitFor("Created the notes.");
    expect(existsSync(join(repo, "docs", "deep", "notes.md"))).toBe(true);
    await send(term, "/undo");
    await term.waitFor("Undid turn 1 of this conversation");
    expect(term.screen()).toContain("deleted docs/deep/notes.md");
    expect(existsSync(join(repo, "docs"))).toBe(false);
  });

  test("after /new it asks before undoing a turn of the earlier conversation", async () => {
    const { term, repo } = await tui.open(createNotes());
    await send(term, "write notes");
    await term.waitFor("a always");
    term.type("y");
    await term.waitFor("Created the notes.");
    await send(term, "/new");
    await send(term, "/undo");
    await term.waitFor("from an earlier conversation");
    expect(term.screen()).toMatch(/turn 1 of the earlier conversation “write notes”/);
    expect(existsSync(join(repo, "docs", "deep", "notes.md"))).toBe(true);
    await send(term, "/undo --earlier");
    await term.waitFor(/Undid turn 1 of the earlier conversation/);
    expect(existsSync(join(repo, "docs", "deep", "notes.md"))).toBe(false);
  });
});
