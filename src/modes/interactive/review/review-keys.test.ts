import { describe, expect, test } from "vitest";
import type { Review } from "../../../agent/tool.js";
import type { Decision, Mode } from "../../../session/index.js";
import { emptyEditor, type EditorState } from "../composer/editor.js";
import { InputHistory } from "../composer/history.js";
import type { TurnController } from "../control/controller.js";
import { createKeyHandler } from "../keys/key-handler.js";
import { decodeKey } from "../keys/keys.js";
import { createStore } from "../state/store.js";

const EDIT: Review = {
  type: "edit",
  files: [{ path: "src/app.ts", diff: "", added: 1, removed: 0, created: false }],
};
const COMMAND: Review = { type: "command", command: "npm run test -- --watch", cwd: "/repo" };
const DANGER: Review = { ...COMMAND, command: "git reset --hard", danger: "discards work" };
const PLAN: Review = { type: "plan", plan: "1. do it" };

/** The key handler over a real store, with a controller that records what it was asked. */
function setup(review?: Review, mode: Mode = "agent", clock?: { t: number }, draft = "draft") {
  const store = createStore(30, 100, mode);
  const answers: [string, Decision][] = [];
  const sent: [string, Mode | undefined][] = [];
  let cancels = 0;
  /** Guards asked for by "always" (the review's own at its start is the controller's). */
  const guards: string[] = [];
  const controller = {
    guardReview(id: string) {
      guards.push(id);
      store.dispatch({ type: "review-guard", id, on: true });
    },
    busy: review !== undefined,
    respond(id: string, decision: Decision) {
      answers.push([id, decision]);
      store.dispatch({ type: "review-answered", id, decision });
      return true;
    },
    cancel() {
      cancels++;
      return [];
    },
    takeQueue: () => [],
    submit(text: string, m?: Mode) {
      sent.push([text, m]);
      return "sent";
    },
  } as unknown as TurnController;
  let editor: EditorState = { text: draft, cursor: draft.length };
  const keys = createKeyHandler({
    editor: () => editor,
    setEditor: (next) => (editor = next),
    controller,
    history: new InputHistory(undefined),
    dispatch: store.dispatch,
    state: store.getState,
    exit: () => {},
    ...(clock ? { now: () => clock.t } : {}),
  });
  if (review) {
    store.dispatch({
      type: "agent",
      event: { type: "tool_call", id: "c1", name: "tool", kind: "edit", arguments: {} },
    });
    store.dispatch({
      type: "agent",
      event: { type: "approval_request", id: "c1", name: "tool", review },
    });
  }
  const press = (...seqs: string[]) => seqs.forEach((s) => keys.onKey(decodeKey(s)));
  return {
    store,
    answers,
    sent,
    press,
    keys,
    editor: () => editor,
    cancels: () => cancels,
    guards,
    /** The guard of the confirmation asked for last ends. */
    endGuard: () => store.dispatch({ type: "review-guard", id: guards.at(-1)!, on: false }),
  };
}

describe("keys while a review is pending", () => {
  test.each([
    [["y"], { type: "accept" }],
    [["Y"], { type: "accept" }],
    [["n"], { type: "reject" }],
    [["\x1b"], { type: "reject" }],
    [["\r"], { type: "accept" }],
    [["1"], { type: "accept" }],
    [["3"], { type: "reject" }],
    [["\x1b[C", "\x1b[C", "\r"], { type: "reject" }],
    [["\x1b[D", "\x1b[D", "\r"], { type: "reject" }],
  ])("edit: %j answers %j", (keys, decision) => {
    const ui = setup(EDIT, "agent", { t: 0 });
    ui.press(...keys);
    expect(ui.answers).toEqual([["c1", decision]]);
    expect(ui.store.getState().review).toBeUndefined();
    expect(ui.store.getState().tools[0]?.decision).toEqual(decision);
  });

  test.each([
    [["a"], "\r"],
    [["a"], "a"],
    [["2"], "\r"],
    [["\x1b[C", "\r"], "\r"],
  ])("edit: always (%j) asks, guarded; then %j confirms", (keys, confirm) => {
    const ui = setup(EDIT, "agent", { t: 0 });
    ui.press(...keys);
    expect(ui.answers).toEqual([]);
    expect(ui.store.getState().review).toMatchObject({ confirming: true, guarded: true });
    ui.endGuard();
    ui.press(confirm);
    expect(ui.answers).toEqual([["c1", { type: "always" }]]);
  });

  test("always is never one keystroke: it asks, and Esc goes back to the review", () => {
    const ui = setup(EDIT, "agent", { t: 0 });
    ui.press("a");
    expect(ui.answers).toEqual([]);
    expect(ui.store.getState().review?.confirming).toBe(true);
    ui.endGuard();
    ui.press("\x1b");
    expect(ui.store.getState().review?.confirming).toBeUndefined();
    expect(ui.answers).toEqual([]);
    ui.press("2");
    ui.endGuard();
    ui.press("\r");
    expect(ui.answers).toEqual([["c1", { type: "always" }]]);
  });

  test("command: y runs, n denies, a then a allows the suggested prefix rule", () => {
    for (const [keys, decision] of [
      [["y"], { type: "accept" }],
      [["n"], { type: "reject" }],
      [["a", "a"], { type: "always", rule: { prefix: "npm run" } }],
    ] as const) {
      const ui = setup(COMMAND, "agent", { t: 0 });
      ui.press(keys[0]);
      if (keys[1]) ui.endGuard();
      if (keys[1]) ui.press(keys[1]);
      expect(ui.answers).toEqual([["c1", decision]]);
    }
  });

  test("command: Tab switches the rule to the exact command and back", () => {
    const ui = setup(COMMAND, "agent", { t: 0 });
    ui.press("\t");
    expect(ui.store.getState().review?.rule).toBe(1);
    ui.press("a");
    ui.endGuard();
    ui.press("a");
    expect(ui.answers).toEqual([
      ["c1", { type: "always", rule: { exact: "npm run test -- --watch" } }],
    ]);
    expect(ui.store.getState().mode).toBe("agent");
  });

  test("a dangerous command offers no always: a does nothing, and it is not numbered", () => {
    const ui = setup(DANGER, "agent", { t: 0 });
    ui.press("a", "\t");
    expect(ui.answers).toEqual([]);
    expect(ui.store.getState().review?.confirming).toBeUndefined();
    ui.press("2");
    expect(ui.answers).toEqual([["c1", { type: "reject" }]]);
  });

  test("plan: y accepts (and the next messages go in agent mode)", () => {
    const ui = setup(PLAN, "plan", { t: 0 });
    ui.press("y");
    expect(ui.answers).toEqual([["c1", { type: "accept" }]]);
    expect(ui.store.getState().mode).toBe("agent");
  });

  test("plan: n rejects and the mode stays plan", () => {
    const ui = setup(PLAN, "plan");
    ui.press("n");
    expect(ui.answers).toEqual([["c1", { type: "reject" }]]);
    expect(ui.store.getState().mode).toBe("plan");
  });

  test("a key the review has no use for starts a draft: typing goes on into it, kept after", () => {
    const clock = { t: 0 };
    const ui = setup(EDIT, "agent", clock);
    ui.press("o", "k", " ", "l", "a", "t", "e", "r");
    expect(ui.answers).toEqual([]);
    expect(ui.editor().text).toBe("draftok later");
    clock.t += 1000;
    ui.press("\r");
    expect(ui.answers).toEqual([["c1", { type: "accept" }]]);
    expect(ui.editor().text).toBe("draftok later");
    expect(ui.sent).toEqual([]);
  });

  test("Ctrl+C cancels the turn", () => {
    const ui = setup(EDIT);
    ui.press("\x03");
    expect(ui.cancels()).toBe(1);
    expect(ui.answers).toEqual([]);
  });

  test("t opens a note: typed text, Enter rejects with it", () => {
    const ui = setup(EDIT);
    ui.press("t");
    expect(ui.store.getState().review?.reason).toEqual(emptyEditor);
    ui.press("use ", "a", " constant", "x", "\x7f");
    expect(ui.store.getState().review?.reason?.text).toBe("use a constant");
    ui.keys.onPaste(" please\nnow");
    ui.press("\r");
    expect(ui.answers).toEqual([["c1", { type: "reject", reason: "use a constant please now" }]]);
    expect(ui.editor().text).toBe("draft");
  });

  test("Esc leaves the note and returns to the review; an empty note rejects plainly", () => {
    const ui = setup(COMMAND);
    ui.press("t", "oops", "\x1b");
    expect(ui.store.getState().review?.reason).toBeUndefined();
    expect(ui.cancels()).toBe(0);
    ui.press("t", "\r");
    expect(ui.answers).toEqual([["c1", { type: "reject" }]]);
  });

  test("↓ and PgDn scroll a folded review, within its length", () => {
    const body = Array.from({ length: 100 }, (_, i) => `+line ${i}`).join("\n");
    const ui = setup({
      type: "edit",
      files: [
        {
          path: "big.ts",
          diff: `@@ -0,0 +1,100 @@\n${body}\n`,
          added: 100,
          removed: 0,
          created: true,
        },
      ],
    });
    ui.press("\x1b[B", "\x1b[B");
    expect(ui.store.getState().review?.scroll).toBe(2);
    ui.press("\x1b[A", "\x1b[A", "\x1b[A");
    expect(ui.store.getState().review?.scroll).toBe(0);
    for (let i = 0; i < 20; i++) ui.press("\x1b[6~");
    const end = ui.store.getState().review!.scroll;
    expect(end).toBeGreaterThan(50);
    expect(end).toBeLessThan(100);
  });
});

describe("a review that appears while the person is typing", () => {
  test("the burst of typing goes on into the composer, and so do later letters", () => {
    const clock = { t: 10_000 };
    const ui = setup(undefined, "agent", clock);
    ui.press(" and");
    clock.t += 100;
    ui.store.dispatch({
      type: "agent",
      event: { type: "approval_request", id: "c1", name: "tool", review: COMMAND },
    });
    for (const letter of [" ", "y", "e", "s", " ", "a", "n"]) {
      clock.t += 150;
      ui.press(letter);
    }
    expect(ui.answers).toEqual([]);
    expect(ui.editor().text).toBe("draft and yes an");
    // A message was begun while the review waits: after a pause its letters are still text;
    // Enter, ←/→ or Esc answer.
    clock.t += 600;
    ui.press("y");
    expect(ui.answers).toEqual([]);
    expect(ui.editor().text).toBe("draft and yes any");
    ui.press("\x1b");
    expect(ui.answers).toEqual([["c1", { type: "reject" }]]);
  });

  test("after a pause, with nothing typed during the review, a letter answers", () => {
    const clock = { t: 10_000 };
    const ui = setup(undefined, "agent", clock);
    ui.press(" and");
    ui.store.dispatch({
      type: "agent",
      event: { type: "approval_request", id: "c1", name: "tool", review: COMMAND },
    });
    clock.t += 600;
    ui.press("n");
    expect(ui.answers).toEqual([["c1", { type: "reject" }]]);
  });
});

// Issue 31: `y` is yes this once in every review; "always" needs a confirmation typed text cannot
// give; what is typed lands in the composer, never lost. Keys come as a fast typist sends them:
// each word one write (a burst), or letters a few ms apart.
describe("typed text never grants always, and is never lost", () => {
  const typeApart = (ui: ReturnType<typeof setup>, clock: { t: number }, text: string) => {
    for (const ch of text) {
      clock.t += 30;
      ui.press(ch);
    }
  };

  test.each(["edit", "mcp", "command"] as const)(
    "%s: `yes please⏎` never grants always, and what was typed lands in the composer",
    (kind) => {
      const review: Review =
        kind === "edit"
          ? EDIT
          : kind === "command"
            ? COMMAND
            : { type: "mcp", server: "tracker", tool: "create_issue", arguments: {} };
      // Letters a few ms apart: the lone `y` is yes this once, the rest is text.
      const clock = { t: 10_000 };
      const apart = setup(review, "agent", clock, "");
      typeApart(apart, clock, "yes please");
      clock.t += 30;
      apart.press("\r");
      expect(apart.answers).toEqual([["c1", { type: "accept" }]]);
      expect(apart.editor().text).toBe("es please");
      expect(apart.sent).toEqual([]);
      // One write (the terminal sends it as one run of text): all of it is text, Enter too.
      const burst = setup(review, "agent", { t: 10_000 }, "");
      burst.press("yes please", "\r");
      expect(burst.answers).toEqual([]);
      expect(burst.editor().text).toBe("yes please");
      expect(burst.store.getState().review?.confirming).toBeUndefined();
    },
  );

  test("`always⏎` typed fast asks nothing and grants nothing: the word is in the composer", () => {
    for (const apart of [false, true]) {
      const clock = { t: 10_000 };
      const ui = setup(EDIT, "agent", clock, "");
      // The guard the review had when it appeared is over (the controller ends it).
      if (apart) typeApart(ui, clock, "always");
      else ui.press("a", "lways");
      clock.t += 30;
      ui.press("\r");
      expect(ui.answers).toEqual([]);
      expect(ui.editor().text).toBe("always");
      expect(ui.store.getState().review?.confirming).toBeUndefined();
      expect(ui.sent).toEqual([]);
    }
  });

  test("`a` twice in quick succession does not confirm: both are text", () => {
    const ui = setup(EDIT, "agent", { t: 0 }, "");
    ui.press("a", "a");
    expect(ui.answers).toEqual([]);
    expect(ui.editor().text).toBe("aa");
  });

  test("text typed into a confirmation after its guard withdraws it and goes to the composer", () => {
    const ui = setup(EDIT, "agent", { t: 0 }, "");
    ui.press("a");
    ui.endGuard();
    ui.press("x");
    expect(ui.store.getState().review?.confirming).toBeUndefined();
    expect(ui.editor().text).toBe("x");
    expect(ui.answers).toEqual([]);
  });

  test("Enter at the end of a burst of typing answers nothing; after a pause it does", () => {
    const clock = { t: 10_000 };
    const ui = setup(EDIT, "agent", clock, "");
    ui.press("ok");
    clock.t += 20;
    ui.press("\r");
    expect(ui.answers).toEqual([]);
    expect(ui.sent).toEqual([]);
    expect(ui.editor().text).toBe("ok");
    clock.t += 1000;
    ui.press("\r");
    expect(ui.answers).toEqual([["c1", { type: "accept" }]]);
  });
});

describe("keys in the composer", () => {
  test("Tab cycles ask → agent → plan, Shift+Tab goes back", () => {
    const ui = setup(undefined, "ask");
    const modes: Mode[] = [];
    for (let i = 0; i < 3; i++) {
      ui.press("\t");
      modes.push(ui.store.getState().mode);
    }
    expect(modes).toEqual(["agent", "plan", "ask"]);
    ui.press("\x1b[Z");
    expect(ui.store.getState().mode).toBe("plan");
    expect(ui.editor().text).toBe("draft");
  });

  test("a message is sent in the mode shown", () => {
    const ui = setup(undefined, "agent");
    ui.press("\t", "\r");
    expect(ui.sent).toEqual([["draft", "plan"]]);
  });
});
