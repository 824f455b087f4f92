// `/add-dir DIR` (issue 30): the person adds a folder during a session; the model's edit there is
// reviewed and applied, the next request's system prompt names it, and the model cannot add one.
import { mkdtempSync, readFileSync, realpathSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { reply } from "../support/mock-model-server.js";
import { send, useTui } from "../support/tui-fixture.js";

const tui = useTui();

function extraDir(): string {
  const dir = realpathSync(mkdtempSync(join(tmpdir(), "north-extra-")));
  writeFileSync(join(dir, "notes.md"), "limit: 3\n");
  return dir;
}

describe("/add-dir", () => {
  test("adds a folder: an edit there is reviewed and applied; the prompt names it", async () => {
    const dir = extraDir();
    const file = join(dir, "notes.md");
    const { term, server } = await tui.open([
      reply().tool("read_file", { path: file }),
      reply().tool("edit_replace_exact", {
        path: file,
        old_string: "limit: 3",
        new_string: "limit: 5",
      }),
      reply().text("Raised it."),
    ]);
    await send(term, "/add-dir");
    await term.waitFor("No folder is added besides the repository");
    await send(term, `/add-dir ${dir}`);
    await term.waitFor(`Added ${dir}`);
    await send(term, "raise the limit");
    await term.waitFor("y accept");
    term.type("y");
    await term.waitFor("Raised it.");
    expect(readFileSync(file, "utf8")).toBe("limit: 5\n");
    expect(JSON.stringify(server.requests[0]!.body)).toContain(dir);
  });

  test("a folder that does not exist is refused, and the model may not add one", async () => {
    const { term, server } = await tui.open([
      reply().tool("slash_command", { command: "/add-dir /" }),
      reply().text("Could not."),
    ]);
    await send(term, "/add-dir /no/such/folder-here");
    await term.waitFor("/add-dir /no/such/folder-here: there is no such folder.");
    await send(term, "add the root folder");
    await term.waitFor("Could not.");
    const body = JSON.stringify(server.requests[1]!.body);
    expect(body).toContain("is the person's alone");
    expect(body).not.toContain("Added /:");
  });
});
