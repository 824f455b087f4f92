// Browse mode in a real terminal: Shift+↑ (or Ctrl+O) opens a full view of the conversation on
// the alternate screen, earlier Q&A groups folded to one line and the last one open; Enter opens
// a group, `/` searches and `n` goes to the next match; leaving gives back the normal screen and
// its scrollback exactly as they were. Thinking streams as a dimmed block and settles into one
// line, which browse mode opens.
import { describe, expect, test } from "vitest";
import { reply } from "../support/mock-model-server.js";
import { splitText } from "../support/mock-wire.js";
import { COMPOSER, send, useTui } from "../support/tui-fixture.js";
import type { TuiTerminal } from "../support/terminal-harness.js";

const tui = useTui();

const SHIFT_UP = "\x1b[1;2A";
const SHIFT_DOWN = "\x1b[1;2B";
const CTRL_O = "\x0f";

const alternate = (term: TuiTerminal) => term.term.buffer.active.type === "alternate";

/** Waits until the terminal shows the alternate screen (`on`) or the normal one. */
const waitScreen = (term: TuiTerminal, on: boolean) =>
  term.waitFor(() => alternate(term) === on && (!on || term.screen().includes("BROWSE")));

/** Waits until the composer is idle again (the turn is over). */
const waitIdle = (term: TuiTerminal) => term.waitFor(COMPOSER);

describe("browse mode", () => {
  test("folds earlier groups, opens one with Enter, searches, and gives the screen back", async () => {
    const longer = Array.from({ length: 8 }, (_, i) => `Second answer line ${i + 1}.`).join("\n\n");
    const { term } = await tui.open(
      [
        reply().text("First answer mentions the retry policy."),
        reply().text(longer),
        reply().text("Third answer about the retry budget."),
      ],
      [],
      { rows: 24, cols: 100 },
    );
    await send(term, "what is the retry policy");
    await term.waitFor("First answer mentions");
    await waitIdle(term);
    await send(term, "list the lines");
    await term.waitFor("Second answer line 8.");
    await waitIdle(term);
    await send(term, "and the budget");
    await term.waitFor("Third answer about");
    await waitIdle(term);
    const before = term.all();
    // The conversation is longer than the screen: part of it is in native scrollback.
    expect(term.term.buffer.normal.length).toBeGreaterThan(24);

    term.write(SHIFT_UP);
    await waitScreen(term, true);
    let screen = term.screen();
    // Earlier groups: one line each, question → answer (lines); the last one open.
    expect(screen).toMatch(
      /▶ what is the retry policy → First answer mentions the retry policy\. \(\d+ lines\)/,
    );
    expect(screen).toMatch(/▶ list the lines → Second answer line 1\..*\(\d+ lines\)/);
    expect(screen).toContain("▼ and the budget");
    expect(screen).toContain("Third answer about the retry budget.");
    expect(screen).not.toContain("Second answer line 8.");
    // The composer is hidden; the status line shows the mode.
    expect(screen).not.toContain(COMPOSER);
    expect(screen).toMatch(/BROWSE.*Esc back/);

    // ↑ moves the cursor to the second group; Enter opens it.
    term.press("up");
    await term.waitFor(/❯ ▶ list the lines/);
    term.press("enter");
    await term.waitFor("▼ list the lines");
    await term.waitFor("Second answer line 8.");
    // `e` folds it again.
    term.type("e");
    await term.waitFor(/❯ ▶ list the lines/);
    // Home and End go to the first and the last group.
    term.press("home");
    await term.waitFor(/❯ ▶ Start of the session/);
    term.press("end");
    await term.waitFor(/❯ ▼ and the budget/);

    // `/` searches the whole conversation, folded groups included; `n` goes to the next match.
    term.type("/");
    await term.waitFor("Search: /");
    term.type("retry");
    await term.waitFor("Search: /retry");
    term.press("enter");
    await term.waitFor("“retry”: 1 of");
    screen = term.screen();
    expect(screen).toContain("▼ what is the retry policy");
    expect(screen).toContain("First answer mentions the retry policy.");
    const count = /“retry”: 1 of (\d+)/.exec(screen)![1]!;
    expect(Number(count)).toBeGreaterThanOrEqual(3);
    term.type("n");
    await term.waitFor("“retry”: 2 of");
    term.type("n");
    await term.waitFor("“retry”: 3 of");

    // Esc leaves: the normal screen and its scrollback are exactly as before.
    term.press("escape");
    await waitScreen(term, false);
    await term.waitFor(COMPOSER);
    expect(term.all()).toBe(before);

    // Ctrl+O opens and closes it too, and Shift+↓ leaves it.
    term.write(CTRL_O);
    await waitScreen(term, true);
    term.write(CTRL_O);
    await waitScreen(term, false);
    expect(term.all()).toBe(before);
    term.write(SHIFT_UP);
    await waitScreen(term, true);
    term.write(SHIFT_DOWN);
    await waitScreen(term, false);
    expect(term.all()).toBe(before);

    // The composer still works afterwards.
    term.type("hello");
    await term.waitFor("> hello");
  });

  test("keeps following a streaming answer, and the normal screen catches up on leaving", async () => {
    const first = "Streaming part one.";
    const { term, server } = await tui.open(
      [reply().text(`${first} Streaming part two arrives later.`).hold("rest", 6)],
      [],
      { rows: 30, cols: 100 },
    );
    await send(term, "stream something");
    await term.waitFor("Streaming part");
    term.write(SHIFT_UP);
    await waitScreen(term, true);
    await term.waitFor("answering…");
    expect(term.screen()).toContain("▼ stream something");

    server.release("rest");
    await term.waitFor("Streaming part two arrives later.");
    await term.waitFor((s) => !s.includes("answering…"));
    // Keys still answer.
    term.press("enter");
    await term.waitFor("▶ stream something");
    term.press("escape");
    await waitScreen(term, false);
    await waitIdle(term);
    const all = term.all();
    expect(all).toContain("Streaming part two arrives later.");
    // Written once into the transcript, and one live frame below it: nothing left over.
    expect(all.split("Streaming part two").length).toBe(2);
    expect(all.split("stream something").length).toBe(2);
    expect(all.split(COMPOSER).length).toBe(2);
    expect(all.split("[AGENT]").length).toBe(2);
  });
});

describe("thinking", () => {
  test("streams as a dimmed block, settles into one line, and opens in browse mode", async () => {
    const thinking = Array.from(
      { length: 12 },
      (_, i) => `Step ${i + 1}: weigh the retry option number ${i + 1} carefully.`,
    ).join("\n");
    // Held after the thinking block (message_start, block start, ping, deltas, signature, stop).
    const held = 3 + splitText(thinking).length + 2;
    const { term, server } = await tui.open(
      [reply().thinking(thinking).hold("answer", held).text("The answer is three retries.")],
      [],
      { rows: 30, cols: 100 },
    );
    await send(term, "how many retries");
    await term.waitFor("Thinking…");
    await term.waitFor("Step 12: weigh the retry option number 12 carefully.");
    let screen = term.screen();
    // Its last lines, not only one folded line.
    expect(screen).toContain("Step 11: weigh");
    expect(screen).not.toContain("Step 1: weigh");

    server.release("answer");
    await term.waitFor("The answer is three retries.");
    await waitIdle(term);
    screen = term.screen();
    expect(screen).toMatch(/✻ thinking · \d+ tokens/);
    expect(screen).not.toContain("Step 12: weigh");

    // In browse mode the thinking folds on its own: ↓ reaches it, Enter opens it.
    term.write(SHIFT_UP);
    await waitScreen(term, true);
    await term.waitFor(/▶ +✻ thinking · \d+ tokens/);
    term.press("down");
    await term.waitFor(/❯ ▶ +✻ thinking/);
    term.press("enter");
    await term.waitFor(/▼ +✻ thinking/);
    await term.waitFor("Step 1: weigh the retry option number 1 carefully.");
    term.press("escape");
    await waitScreen(term, false);
  });
});

describe("in Simplified Chinese", () => {
  test("the browse bar, the groups and the thinking line are translated", async () => {
    const { term } = await tui.open(
      [reply().thinking("想一想重试的次数。").text("三次。"), reply().text("好的。")],
      [],
      { rows: 24, cols: 100, config: { language: "zh-CN" }, noWait: true },
    );
    await term.waitFor("向 North 提问，了解这个仓库");
    await send(term, "重试几次");
    await term.waitFor("三次。");
    await term.waitFor(/思考 · \d+ 个 token/);
    await send(term, "谢谢");
    await term.waitFor("好的。");
    term.write(SHIFT_UP);
    await term.waitFor("浏览");
    const screen = term.screen();
    expect(screen).toMatch(/▶ 会话开始/);
    expect(screen).toMatch(/▶ 重试几次 → 三次。 ?（\d+ 行）/);
    expect(screen).toContain("Esc 返回");
    expect(screen).not.toMatch(/BROWSE|lines\)|thinking/);
    term.press("escape");
    await waitScreen(term, false);
  });
});
