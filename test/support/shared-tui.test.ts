// The shared TUI session (shared-tui.ts): each test starts from what a fresh start shows, with
// nothing of the test before it — not its requests, its conversation, its output or its draft.
import { expect, test } from "vitest";
import { reply, userTexts } from "./mock-model-server.js";
import { useSharedTui } from "./shared-tui.js";
import { COMPOSER, send, waitForReview } from "./tui-fixture.js";

const tui = useSharedTui([], { cols: 80, rows: 24 });
let first: unknown;

test("a first test leaves a conversation, a turn ending and a draft behind", async () => {
  const { term, server } = await tui.open([reply().text("First answer.")]);
  first = term;
  await send(term, "first question");
  await term.waitFor("First answer.");
  expect(userTexts(server.requests[0]!)).toEqual(["first question"]);
  term.paste("an unsent draft\nof two lines\n");
  await term.waitFor(/> an unsent draft\n\s+of two lines/);
});

test("the next test gets the same program started over", async () => {
  const { term, server } = await tui.open([reply().text("Second answer.")]);
  expect(term).toBe(first);
  expect(server.requests).toHaveLength(0);
  expect(term.raw).toBe("");
  expect(term.all()).not.toContain("first");
  expect(term.screen()).toContain(COMPOSER);
  await send(term, "second question");
  await term.waitFor("Second answer.");
  // A new conversation: the request holds this test's message alone.
  expect(userTexts(server.requests[0]!)).toEqual(["second question"]);
});

test("a test may end with a review open and a draft typed over it", async () => {
  const { term } = await tui.open([
    reply().tool("edit_create_file", { path: "x.md", content: "x\n" }),
    reply().text("Not made."),
  ]);
  await send(term, "make x.md");
  await waitForReview(term, "Create x.md");
  term.type("a draft");
  await term.waitFor(/^> a draft/m);
});

test("the next test's script gets no request of that turn", async () => {
  // Esc refuses the review and that turn goes on to its next request: the old script's.
  const { term, server } = await tui.open([reply().text("Third answer.")]);
  expect(server.requests).toHaveLength(0);
  await send(term, "third question");
  await term.waitFor("Third answer.");
  expect(server.requests).toHaveLength(1);
  expect(userTexts(server.requests[0]!)).toEqual(["third question"]);
});
