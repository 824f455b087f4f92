// Ctrl+G (issue 30): the composer's text opens in $VISUAL/$EDITOR on a private temporary file;
// what the editor saved comes back into the composer (one trailing newline trimmed); an editor
// that fails leaves the composer as it was, with a note.
import { chmodSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { reply } from "../support/mock-model-server.js";
import { send, useTui } from "../support/tui-fixture.js";

const tui = useTui();

/** A fake editor: notes the file's mode and its text, then rewrites it (or fails). */
function fakeEditor(body: string): { editor: string; log: string } {
  const dir = mkdtempSync(join(tmpdir(), "north-editor-test-"));
  const log = join(dir, "log");
  const editor = join(dir, "edit.sh");
  writeFileSync(editor, `#!/bin/sh\nstat -c %a "$1" > "${log}"\ncat "$1" >> "${log}"\n${body}\n`);
  chmodSync(editor, 0o755);
  return { editor, log };
}

describe("Ctrl+G opens the composer's text in $EDITOR", () => {
  test("the edited text replaces the composer's and is what gets sent", async () => {
    const { editor, log } = fakeEditor(`printf 'rewritten by the editor\\n' > "$1"`);
    const { term, server } = await tui.open([reply().text("Got it.")], [], {
      env: { EDITOR: editor, VISUAL: "" },
    });
    term.type("first draft");
    await term.waitFor("> first draft");
    term.press("ctrl+g");
    await term.waitFor("> rewritten by the editor");
    expect(readFileSync(log, "utf8")).toBe("600\nfirst draft");
    expect(term.screen()).not.toContain("first draft");
    term.press("enter");
    await term.waitFor("Got it.");
    const messages = server.requests[0]!.body.messages as { content: { text?: string }[] }[];
    expect(messages.at(-1)!.content[0]!.text).toBe("rewritten by the editor");
  }, 60_000);

  test("$VISUAL wins over $EDITOR; an editor that fails leaves the composer as it was", async () => {
    const failing = fakeEditor(`printf 'lost' > "$1"; exit 3`);
    const unused = fakeEditor(`printf 'wrong editor' > "$1"`);
    const { term } = await tui.open([], [], {
      env: { VISUAL: failing.editor, EDITOR: unused.editor },
    });
    term.type("keep me");
    await term.waitFor("> keep me");
    term.press("ctrl+g");
    await term.waitFor("The editor did not finish");
    // The editor's path (under the run's temp folder) may wrap the reason across lines.
    expect(term.screen().replace(/\s+/g, " ")).toContain("exit status 3");
    expect(term.screen()).toContain("> keep me");
    expect(readFileSync(failing.log, "utf8")).toBe("600\nkeep me");
    // The keyboard is North's again.
    term.press("ctrl+u");
    await term.waitFor(() => !term.screen().includes("> keep me"));
    await send(term, "/help");
    // The list's last line (the first ones scroll off a short screen).
    await term.waitFor("shows the keyboard shortcuts.");
  });
});
