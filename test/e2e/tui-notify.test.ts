// Notifications (issue 30): after a turn of at least `notify.afterSeconds` North rings the bell
// and sends OSC 9; a review waiting while the terminal is not focused (focus reporting, CSI
// ?1004h; the terminal's CSI O) does too; `notify.command` runs instead; `enabled: false` is quiet.
import { mkdtempSync, readFileSync, existsSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { reply } from "../support/mock-model-server.js";
import { send, useTui, waitForReview } from "../support/tui-fixture.js";

const tui = useTui();
const OSC9 = "\x07\x1b]9;";

describe("notifications", () => {
  test("a turn past afterSeconds ends with the bell and OSC 9; focus reporting is turned on", async () => {
    const { term } = await tui.open([reply().text("All done.")], [], {
      config: { notify: { afterSeconds: 0 } },
    });
    expect(term.raw).toContain("\x1b[?1004h");
    expect(term.raw).not.toContain(OSC9);
    await send(term, "work");
    await term.waitFor("All done.");
    await term.waitFor(() => term.raw.includes(`${OSC9}North finished its turn`));
  }, 60_000);

  test("a review waiting while the terminal is not focused notifies; the report is no key", async () => {
    const { term } = await tui.open(
      [reply().tool("edit_create_file", { path: "a.md", content: "a\n" }), reply().text("ok")],
      [],
      { config: { notify: { afterSeconds: 3600 } } },
    );
    term.write("\x1b[O");
    await send(term, "make a file");
    await waitForReview(term, "Create a.md");
    await term.waitFor(() =>
      term.raw.includes(`${OSC9}North needs your approval for edit_create_file`),
    );
    expect(term.screen()).not.toContain("[O");
  }, 60_000);

  test("a review while focused again does not notify", async () => {
    const { term } = await tui.open(
      [reply().tool("edit_create_file", { path: "a.md", content: "a\n" }), reply().text("ok")],
      [],
      { config: { notify: { afterSeconds: 3600 } } },
    );
    term.write("\x1b[O\x1b[I");
    await send(term, "make a file");
    await waitForReview(term, "Create a.md");
    term.press("escape");
    await term.waitFor(() => !term.screen().includes("Create a.md"));
    expect(term.raw).not.toContain("\x1b]9;");
  }, 60_000);

  test("enabled false stays quiet after a long turn", async () => {
    const { term } = await tui.open([reply().text("Quiet.")], [], {
      config: { notify: { afterSeconds: 0, enabled: false } },
    });
    await send(term, "go");
    await term.waitFor("Quiet.");
    await term.waitFor(() => !term.screen().includes("Working"));
    expect(term.raw).not.toContain("\x1b]9;");
  }, 60_000);

  test("/notify off silences the next long turn and is saved in the config", async () => {
    const { term, env } = await tui.open([reply().text("Silent.")], [], {
      config: { notify: { afterSeconds: 0 } },
    });
    await send(term, "/notify off");
    await term.waitFor("Notifications are off");
    const saved = JSON.parse(
      readFileSync(join(env.XDG_CONFIG_HOME!, "north", "config.json"), "utf8"),
    );
    expect(saved.notify).toEqual({ afterSeconds: 0, enabled: false });
    await send(term, "go");
    await term.waitFor("Silent.");
    await term.waitFor(() => !term.screen().includes("Working"));
    expect(term.raw).not.toContain("\x1b]9;");
  }, 60_000);

  test("notify.command runs instead of the terminal's notification", async () => {
    const out = join(mkdtempSync(join(tmpdir(), "north-notify-")), "said");
    const { term } = await tui.open([reply().text("Finished.")], [], {
      config: { notify: { afterSeconds: 0, command: `printf '%s' "$1" > '${out}'` } },
    });
    await send(term, "go");
    await term.waitFor("Finished.");
    await expect
      .poll(() => existsSync(out) && readFileSync(out, "utf8"))
      .toMatch(/^North finished its turn/);
    expect(term.raw).not.toContain("\x1b]9;");
  }, 60_000);
});
