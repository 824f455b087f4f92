import { describe, expect, test } from "vitest";
import { toolOutcome, toolTitle } from "./index.js";

const QUESTIONS = {
  questions: [
    { question: "Which database?", options: [{ label: "PostgreSQL" }, { label: "SQLite" }] },
    { question: "Which port?", options: [{ label: "80" }, { label: "8080" }] },
  ],
};

describe("lines of the dialogue tools and todo_write", () => {
  test("a question's line names it and, once answered, the answers — live or resumed", () => {
    expect(toolTitle("ask_user_question", QUESTIONS)).toBe("Asking: Which database? (+1)");
    const content = "Which database?\n→ PostgreSQL\n\nWhich port?\n→ 8080";
    const live = { content, isError: false, details: { answers: ["PostgreSQL", "8080"] } };
    expect(toolOutcome("ask_user_question", live)).toBe("PostgreSQL · 8080");
    expect(toolOutcome("ask_user_question", { content, isError: false })).toBe("PostgreSQL · 8080");
    const declined = { content: "The person declined to answer.", isError: false };
    expect(toolOutcome("ask_user_question", declined)).toBe("not answered");
  });

  test("todo_write counts what is done, from the details or the resumed result", () => {
    const items = [
      { content: "a", status: "completed" },
      { content: "b", status: "pending" },
    ];
    const content = "Todo list updated: 1 of 2 completed.";
    expect(toolOutcome("todo_write", { content, isError: false, details: { items } })).toBe(
      "1 of 2 done",
    );
    expect(toolOutcome("todo_write", { content, isError: false })).toBe("1 of 2 done");
  });

  test("slash_command: how much a report printed; a change runs after the turn", () => {
    expect(toolTitle("slash_command", { command: "/context" })).toBe("Running /context");
    expect(toolOutcome("slash_command", { content: "a\nb", isError: false, details: {} })).toBe(
      "2 lines",
    );
    const later = "The person accepted: /compact runs when this turn ends. Finish your turn now.";
    expect(toolOutcome("slash_command", { content: later, isError: false })).toBe(
      "runs when the turn ends",
    );
  });
});
