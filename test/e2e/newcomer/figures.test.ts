// Token figures a newcomer can trust (issue: the TUI as a new user meets it): a cancelled
// request's tokens are in /cost as in the status line, which counts them while the answer streams.
import { describe, expect, test } from "vitest";
import { reply } from "../../support/mock-model-server.js";
import { send, useTui } from "../../support/tui-fixture.js";

const tui = useTui();

describe("figures", () => {
  test("a cancelled answer's tokens show while it streams and are counted by /cost", async () => {
    const long = Array.from({ length: 200 }, (_, i) => `Sentence ${i}.`).join(" ");
    const { term } = await tui.open([
      reply().text(long).usage({ input: 2500, output: 900 }).slow(40),
    ]);
    await send(term, "tell me a long story");
    await term.waitFor("Sentence 2.");
    // While the answer streams, the status line already counts the request's input.
    await term.waitFor(/2\.5k tokens/);
    term.press("escape");
    await term.waitFor("[Cancelled]");
    await send(term, "/cost");
    await term.waitFor(/Claude Sonnet 5\.5\s+2\.5k/);
    expect(term.screen()).not.toContain("No requests yet");
  });
});

describe("a stream cut and retried", () => {
  test("the part already shown is marked as superseded, never silently shown twice", async () => {
    const paragraphs = Array.from({ length: 12 }, (_, i) => `Paragraph ${i} of the answer.`).join(
      "\n\n",
    );
    const { term } = await tui.open(
      [reply().text(paragraphs).cutAfter(14), reply().text(paragraphs)],
      [],
      { config: { retry: { baseDelayMs: 5, maxDelayMs: 50 } } },
    );
    await send(term, "explain");
    await term.waitFor("Paragraph 11 of the answer.");
    const all = term.all().replace(/\s+/g, " ");
    expect(all).toContain("The answer above was cut off; it starts again below.");
    const marker = all.indexOf("The answer above was cut off");
    // Whatever of the first attempt shows comes before the marker; the whole answer after it.
    expect(all.slice(marker)).toContain("Paragraph 0 of the answer.");
    expect(all.indexOf("Paragraph 0 of the answer.")).toBeLessThan(marker);
  });
});
