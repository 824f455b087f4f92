// Typing and pasting as a newcomer does (issue: the TUI as a new user meets it).
import { describe, expect, test } from "vitest";
import { firstUserText, reply } from "../../support/mock-model-server.js";
import { useSharedTui } from "../../support/shared-tui.js";

// One session for the file: each test is about one message typed into a conversation.
const tui = useSharedTui();

describe("the composer", () => {
  test("`\\` + Enter arriving in one read makes a new line without the backslash", async () => {
    const { term, server } = await tui.open([reply().text("Two lines.")]);
    term.write("first line\\\r");
    await term.waitFor(/first line\s*\n.*\S?/);
    term.write("second line");
    await term.waitFor("second line");
    expect(term.screen()).not.toContain("first line\\");
    term.press("enter");
    await term.waitFor("Two lines.");
    expect(firstUserText(server.requests[0]!)).toBe("first line\nsecond line");
  });

  test("a pasted tab reaches the model as a tab", async () => {
    const { term, server } = await tui.open([reply().text("Got it.")]);
    term.paste("a\tb");
    await term.waitFor(/a\s+b/);
    term.press("enter");
    await term.waitFor("Got it.");
    expect(firstUserText(server.requests[0]!)).toBe("a\tb");
  });
});

describe("@ mentions typed without the picker", () => {
  test("a folder is attached as its listing; a missing file is named in a note", async () => {
    const { term, server } = await tui.open([reply().text("Looked.")]);
    term.type("check @src/ and @nonexistent.txt please");
    await term.waitFor("please");
    term.press("enter");
    await term.waitFor("Looked.");
    expect(term.screen()).toContain(
      "@nonexistent.txt: no such file or folder in the repository; it was sent as text.",
    );
    const sent = JSON.stringify(server.requests[0]!.body.messages);
    expect(sent).toContain('<file path=\\"src\\" type=\\"directory\\">');
    expect(sent).toContain("src/retry.ts");
  });
});

describe("pasting a block", () => {
  test("shows collapsed in the composer, is sent whole, with its final line break", async () => {
    const { term, server } = await tui.open([reply().text("Got the log.")]);
    const block = Array.from({ length: 12 }, (_, i) => `log line ${i + 1}`).join("\n");
    term.type("look at this: ");
    await term.waitFor("> look at this:");
    term.paste(`${block}\n`);
    await term.waitFor("[Pasted text #1 +12 lines]");
    expect(term.screen()).not.toContain("log line 5");
    term.press("enter");
    await term.waitFor("Got the log.");
    expect(firstUserText(server.requests[0]!)).toBe(`look at this: ${block}\n`);
  });

  test("a short paste of several lines goes in as it is, its final line break kept", async () => {
    const { term, server } = await tui.open([reply().text("Ok.")]);
    term.paste("one\ntwo\n");
    await term.waitFor("two");
    term.press("enter");
    await term.waitFor("Ok.");
    expect(firstUserText(server.requests[0]!)).toBe("one\ntwo\n");
  });
});

describe("! runs a shell command", () => {
  test("no model call; the output shows and goes with the next message", async () => {
    const { term, server } = await tui.open([reply().text("It said hello.")]);
    await term.waitFor("Claude Sonnet 5.5");
    term.type("!echo hello from the shell");
    await term.waitFor("! echo hello from the shell");
    term.press("enter");
    await term.waitFor("(exit 0; the output goes with your next message)");
    expect(term.screen()).toMatch(/^ {6}hello from the shell$/m);
    expect(server.requests).toHaveLength(0);
    term.type("what did it say?");
    await term.waitFor("> what did it say?");
    term.press("enter");
    await term.waitFor("It said hello.");
    expect(firstUserText(server.requests[0]!)).toBe(
      'what did it say?\n\n<shell command="echo hello from the shell" exit="0">\nhello from the shell\n</shell>',
    );
  });
});
