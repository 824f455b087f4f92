// Reviews as a newcomer meets them (issue: the TUI as a new user meets it): keys typed ahead
// never answer, Enter does the highlighted choice, numbers and arrows choose, Esc refuses,
// "always" asks once, the status line shows standing permissions, /permissions revokes them
// (also when the file changes under North).
import { rmSync } from "node:fs";
import { describe, expect, test } from "vitest";
import { reply } from "../../support/mock-model-server.js";
import { permissionsPath, storedPermissions } from "../../support/permissions-file.js";
import { useSharedTui } from "../../support/shared-tui.js";
import {
  send,
  toolResults,
  useTui,
  waitForConfirm,
  waitForReview,
} from "../../support/tui-fixture.js";

const tui = useTui();
/**
 * One program for the tests that grant nothing (each starts from a new conversation and writes
 * a file of its own); a test that grants "always" has its own, as permissions are read once.
 */
const shared = useSharedTui();

const edit = (path: string, content: string) => reply().tool("edit_create_file", { path, content });

describe("reviews", () => {
  test("typing ahead while a review waits never answers it; the text is kept for after", async () => {
    const { term, server } = await shared.open([
      edit("notes.md", "# Notes\n"),
      reply().text("Written."),
    ]);
    await send(term, "write notes");
    await term.waitFor("Create notes.md");
    term.type("ok later");
    await term.waitFor("> ok later");
    expect(server.requests).toHaveLength(1);
    expect(term.screen()).toContain("Create notes.md");
    await waitForReview(term, "Create notes.md");
    // An Enter right after typing ends the typing, not the review: arrows first (they answer).
    term.press("right");
    await term.waitFor(/› 2 a always/);
    term.press("left");
    await term.waitFor(/› 1 y accept/);
    term.press("enter"); // the highlighted choice: accept once
    await term.waitFor("Written.");
    expect(term.screen()).toMatch(/^> ok later/m);
    expect(toolResults(server, 1)[0]!.isError).toBe(false);
  });

  test("numbers and arrows choose; Esc refuses", async () => {
    const { term, server } = await shared.open([
      edit("a.md", "a\n"),
      edit("b.md", "b\n"),
      reply().text("Done."),
    ]);
    await send(term, "write two");
    await waitForReview(term, "Create a.md");
    await term.waitFor(/› 1 y accept · 2 a always \(this project\) · 3 n reject/);
    term.press("right", "right");
    await term.waitFor(/› 3 n reject/);
    term.press("enter");
    await waitForReview(term, "Create b.md");
    term.press("escape");
    await term.waitFor("Done.");
    expect(toolResults(server, 1)[0]!.isError).toBe(true);
    expect(toolResults(server, 2)[0]!.isError).toBe(true);
  });

  test("always asks once, shows on the status line, and /permissions revokes it", async () => {
    const { term, env, repo } = await tui.open([
      edit("a.md", "a\n"),
      edit("b.md", "b\n"),
      reply().text("Both."),
      edit("c.md", "c\n"),
      reply().text("Third."),
    ]);
    await send(term, "write two");
    await waitForReview(term, "Create a.md");
    term.type("2");
    await waitForConfirm(term, "Accept every edit in this project from now on");
    term.press("enter");
    await term.waitFor("Both.");
    await term.waitFor("⏵⏵ edits auto-accepted");
    expect(storedPermissions(env, repo)).toMatchObject({ edits: true });
    await send(term, "/permissions");
    await term.waitFor("1. edits auto-accepted in this project");
    await send(term, "/permissions revoke edits");
    await term.waitFor("Revoked:");
    await term.waitFor((screen) => !screen.includes("⏵⏵ edits auto-accepted"));
    await send(term, "write a third");
    await waitForReview(term, "Create c.md");
  });

  test("a permissions file removed while North runs stops applying at once", async () => {
    const { term, env, repo } = await tui.open([
      edit("a.md", "a\n"),
      reply().text("One."),
      edit("b.md", "b\n"),
      reply().text("Two."),
    ]);
    await send(term, "write one");
    await waitForReview(term, "Create a.md");
    term.type("a");
    await waitForConfirm(term, "without asking?");
    term.type("a");
    await term.waitFor("One.");
    rmSync(permissionsPath(env, repo));
    await send(term, "write another");
    await waitForReview(term, "Create b.md");
  });
});

describe("a review that appears while the person types", () => {
  test("a message begun while a review waits takes the letters after it, even its own", async () => {
    const { term, server } = await shared.open([
      edit("draft.md", "# Draft\n"),
      reply().text("Written."),
    ]);
    await send(term, "write a draft");
    await term.waitFor("Create draft.md");
    // "o" is no answer: it begins a message; later "y" (yes) and "a" (always) are text.
    term.type("o");
    await term.waitFor("> o");
    for (const ch of "k later, yay") {
      term.type(ch);
      await term.waitFor((screen) => screen.includes("Create draft.md") && /^> ok/m.test(screen));
    }
    await term.waitFor("> ok later, yay");
    // The hint shows with the review's choices, once its key guard (0.4 s) is over.
    await term.waitFor("Your letters go to the message below");
    expect(server.requests).toHaveLength(1);
    expect(term.screen()).toContain("Create draft.md");
    await waitForReview(term, "Create draft.md");
    term.press("right");
    await term.waitFor(/› 2 a always/);
    term.press("left");
    await term.waitFor(/› 1 y accept/);
    term.press("enter");
    await term.waitFor("Written.");
    await term.waitFor(/^> ok later, yay/m);
  });
});
