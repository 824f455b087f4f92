// Nothing typed is lost (issue 31), end to end in a pseudo-terminal at 80 and 120 columns, with
// keys as a fast typist sends them: a burst in one write, or a few milliseconds apart. Esc while
// the model works gives the queue back around the draft; steering shows until delivered and
// never overtakes a message queued before it; a multi-line paste keeps its final line break;
// `!` at the start switches the composer to shell mode.
import { describe, expect, test } from "vitest";
import { reply, userTexts } from "../support/mock-model-server.js";
import { useSharedTui } from "../support/shared-tui.js";
import { COMPOSER, send } from "../support/tui-fixture.js";
import type { TuiTerminal } from "../support/terminal-harness.js";

type Style = "burst" | "spaced";

/** Writes `keys` (characters and key sequences) in one write, or 4 ms apart as typed fast. */
async function keys(term: TuiTerminal, style: Style, ...parts: string[]): Promise<void> {
  const all = parts.flatMap((part) => (part.startsWith("\x1b") ? [part] : [...part]));
  if (style === "burst") return term.write(all.join(""));
  for (const key of all) {
    term.write(key);
    await new Promise((resolve) => setTimeout(resolve, 4));
  }
}

const ENTER = "\r";
const ESC = "\x1b";
const CTRL_S = "\x13";
const BACKSPACE = "\x7f";

let holds = 0;
/** A key for `reply().hold`, unique across the file's servers. */
const holdKey = () => `typing-${++holds}`;

const cases = [80, 120].flatMap((cols) =>
  (["burst", "spaced"] as const).map((style) => ({ cols, style })),
);

for (const { cols, style } of cases)
  describe(`at ${cols} columns, keys as a ${style}`, () => {
    // One session for the block's tests: each is about typing into a conversation, not start-up.
    const tui = useSharedTui([], { cols, rows: 30 });
    const open = (script: Parameters<typeof tui.open>[0]) => tui.open(script);

    test("Esc with a draft gives the queued message back before the draft", async () => {
      const hold = holdKey();
      const { term, server } = await open([
        reply().text("Working on the first.").hold(hold, 4),
        reply().text("Both lines arrived."),
      ]);
      await send(term, "first question");
      await term.waitFor("north Working");
      await keys(term, style, "second question", ENTER);
      await term.waitFor("queued: second question");
      await keys(term, style, "draft", ESC);
      await term.waitFor("[Cancelled]");
      await term.waitFor(/> second question\n\s+draft/);
      expect(term.screen()).toContain("The queued message is back in the composer, before your");
      expect(term.screen()).not.toContain("queued: second question");
      expect(await server.waitForResponse(0)).toBe("client_closed");
      term.press("enter");
      await term.waitFor("Both lines arrived.");
      expect(userTexts(server.requests[1]!)).toEqual(["first question", "second question\ndraft"]);
    });

    test("Esc with an empty composer gives back every queued message, in order", async () => {
      const hold = holdKey();
      const { term, server } = await open([reply().text("Working on it.").hold(hold, 4)]);
      await send(term, "first question");
      await term.waitFor("north Working");
      // A message a burst: several line breaks in one read are taken as a paste sent
      // without brackets (use-keyboard.ts), which stays in the composer.
      await keys(term, style, "one", ENTER);
      await term.waitFor("queued: one");
      await keys(term, style, "two", ENTER);
      await term.waitFor(/queued: one\n\s+queued: two/);
      await keys(term, style, ESC);
      await term.waitFor(/> one\n\s+two/);
      expect(term.screen()).toContain("The 2 queued messages are back in the composer.");
      expect(server.requests).toHaveLength(1);
    });

    test("steering shows as steer: and never overtakes a message queued before it", async () => {
      const hold = holdKey();
      const { term, server } = await open([
        reply().text("A long answer.").hold(hold, 4),
        reply().text("Queued answered."),
        reply().text("Steer answered."),
      ]);
      await send(term, "write a doc");
      await term.waitFor("north A long");
      await keys(term, style, "queued question", ENTER);
      await term.waitFor("queued: queued question");
      await keys(term, style, "make it shorter", CTRL_S);
      await term.waitFor("steer: make it shorter");
      expect(term.screen()).toContain("Steering joins the turn at its next step");
      expect(term.screen()).toMatch(/>\s+Type to queue a message/);
      server.release(hold);
      // The answer ends the turn: the steering waits behind the queued message, and says so.
      await term.waitFor("The turn ended before it could take your steering message", {
        where: "all",
      });
      await term.waitFor("Steer answered.");
      const requests = await server.waitForRequests(3);
      expect(userTexts(requests[0]!)).toEqual(["write a doc"]);
      expect(userTexts(requests[1]!)).toEqual(["write a doc", "queued question"]);
      expect(userTexts(requests[2]!)).toEqual([
        "write a doc",
        "queued question",
        "make it shorter",
      ]);
      expect(term.screen()).not.toContain("steer:");
    });

    test("a multi-line paste keeps its final line break; a one-line paste drops it", async () => {
      const { term, server } = await open([
        reply().text("Got the paste."),
        reply().text("Got it."),
      ]);
      const seven = Array.from({ length: 7 }, (_, i) => `line ${i + 1}`).join("\n");
      term.paste(`${seven}\n`);
      await term.waitFor("[Pasted text #1 +7 lines]");
      await keys(term, style, "please review");
      await term.waitFor("please review");
      term.press("enter");
      await term.waitFor("Got the paste.");
      expect(userTexts(server.requests[0]!)).toEqual([`${seven}\nplease review`]);
      term.paste("two\nlines\n");
      await term.waitFor(/> two\n\s+lines/);
      term.paste("one line\n");
      await term.waitFor("one line");
      await keys(term, style, " typed");
      await term.waitFor("one line typed");
      term.press("enter");
      await term.waitFor("Got it.");
      expect(userTexts(server.requests[1]!).at(-1)).toBe("two\nlines\none line typed");
    });

    test("! at the start switches the composer to shell mode, Backspace leaves it", async () => {
      const { term } = await open([]);
      await keys(term, style, "!");
      await term.waitFor(/^! .*a shell command \(outside the sandbox\)/m);
      expect(term.screen()).not.toContain(COMPOSER);
      await keys(term, style, "echo shell-mode-works");
      await term.waitFor(/^! echo shell-mode-works/m);
      expect(term.screen()).not.toContain("> !echo");
      // The mark and the text take the shell colour (bright magenta in the dark palette).
      expect(term.raw).toMatch(/\x1b\[95m[^\n]*echo shell-mode-works/);
      await keys(term, style, ENTER);
      await term.waitFor(/shell-mode-works\n(.*\n)*.*exit 0/);
      await term.waitFor(COMPOSER);
      await keys(term, style, "!", BACKSPACE);
      await term.waitFor(COMPOSER);
      expect(term.screen()).not.toMatch(/^! /m);
    });
  });
