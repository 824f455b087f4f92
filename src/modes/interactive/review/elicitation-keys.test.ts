// An MCP server's form in the terminal: walked field by field in the question picker — an
// enum and a boolean chosen, text and numbers typed (a value that does not fit is not taken),
// optional fields skipped — then answered as a `form` decision; Esc declines.
import { describe, expect, test } from "vitest";
import type { Review } from "../../../agent/tool.js";
import type { Decision } from "../../../session/index.js";
import { InputHistory } from "../composer/history.js";
import type { TurnController } from "../control/controller.js";
import { createKeyHandler } from "../keys/key-handler.js";
import { decodeKey } from "../keys/keys.js";
import { createStore } from "../state/store.js";

const FORM: Review = {
  type: "elicitation",
  server: "tables",
  message: "Details of the booking?",
  requestedSchema: {},
  fields: [
    { name: "name", type: "string", title: "Name", required: true },
    { name: "guests", type: "integer", required: true, minimum: 1, maximum: 12 },
    { name: "outside", type: "boolean", required: false, default: false },
    { name: "time", type: "string", required: false, enum: ["18:00", "20:00"] },
    { name: "note", type: "string", required: false },
  ],
};

function setup(review: Review) {
  const store = createStore(30, 100, "agent");
  const answers: [string, Decision][] = [];
  const controller = {
    busy: true,
    respond(id: string, decision: Decision) {
      answers.push([id, decision]);
      store.dispatch({ type: "review-answered", id, decision });
      return true;
    },
    cancel: () => [],
    takeQueue: () => [],
    submit: () => "sent",
  } as unknown as TurnController;
  let editor = { text: "", cursor: 0 };
  const keys = createKeyHandler({
    editor: () => editor,
    setEditor: (next) => (editor = next),
    controller,
    history: new InputHistory(undefined),
    dispatch: store.dispatch,
    state: store.getState,
    exit: () => {},
  });
  store.dispatch({
    type: "agent",
    event: { type: "approval_request", id: "elicitation-1", name: "mcp__tables", review },
  });
  const press = (...seqs: string[]) => seqs.forEach((s) => keys.onKey(decodeKey(s)));
  return { store, answers, press };
}

describe("an MCP server's form in the picker", () => {
  test("fills every kind of field and answers with the values", () => {
    const { store, answers, press } = setup(FORM);
    // Name: a text field opens its answer line at once.
    expect(store.getState().review?.picker?.other).toBeDefined();
    press(..."Ann", "\r");
    // Guests: a value out of range is not taken; the line stays with a note.
    press(..."20", "\r");
    expect(store.getState().review?.picker).toMatchObject({ index: 1, error: expect.any(String) });
    press("\x7f", "\x7f", "3", "\r");
    // Outside: Yes / No / Skip, starting on the default (No); Yes by its number.
    expect(store.getState().review?.picker).toMatchObject({ index: 2, selected: 1 });
    press("1");
    // Time: the enum's second value, by arrow and Enter.
    press("\x1b[B", "\r");
    // Note: optional text; its Skip option.
    press("1");
    expect(answers).toEqual([
      [
        "elicitation-1",
        { type: "form", content: { name: "Ann", guests: 3, outside: true, time: "20:00" } },
      ],
    ]);
    expect(store.getState().review).toBeUndefined();
  });

  test("Esc on a typed-only field declines the form", () => {
    const { answers, press } = setup(FORM);
    press("\x1b");
    expect(answers).toEqual([["elicitation-1", { type: "reject" }]]);
  });
});
