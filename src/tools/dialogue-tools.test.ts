// The tools through which the model turns to the person, run through the tool wrapper with
// fakes in place of the person and the front end's commands.
import { describe, expect, test } from "vitest";
import { runTool, type Review } from "../agent/tool.js";
import type { TodoItem } from "../agent/events.js";
import { createAskUserQuestionTool, NO_PERSON } from "./ask-user-question/ask-user-question.js";
import {
  createSlashCommandTool,
  type SlashCommandRunner,
  type SlashEffect,
} from "./slash-command/slash-command.js";
import { createTodoWriteTool } from "./todo-write/todo-write.js";

const signal = new AbortController().signal;
const run = (tool: Parameters<typeof runTool>[0], args: Record<string, unknown>, extra = {}) =>
  runTool(tool, args, JSON.stringify(args), { signal, callId: "call_1", ...extra });

const question = (options: number) => ({
  question: "Which port?",
  options: Array.from({ length: options }, (_, i) => ({ label: String(8080 + i) })),
});

describe("ask_user_question", () => {
  test("the answers come back one per question", async () => {
    const asked: unknown[] = [];
    const tool = createAskUserQuestionTool(async (questions) => {
      asked.push(questions);
      return ["8081"];
    });
    const result = await run(tool, { questions: [question(2)] });
    expect(result).toMatchObject({ isError: false, content: "Which port?\n→ 8081" });
    expect(asked).toHaveLength(1);
  });

  test("bad shapes go back to the model before anyone is asked", async () => {
    let asked = 0;
    const tool = createAskUserQuestionTool(async () => {
      asked++;
      return [];
    });
    for (const questions of [[], [question(1)], [question(5)], Array(5).fill(question(2))]) {
      const result = await run(tool, { questions });
      expect(result.isError).toBe(true);
    }
    expect(asked).toBe(0);
  });

  test("with nobody to ask, the model is told to go on on stated assumptions", async () => {
    const result = await run(createAskUserQuestionTool(undefined), { questions: [question(2)] });
    expect(result).toMatchObject({ isError: false, content: NO_PERSON });
  });

  test("a declined question says so", async () => {
    const tool = createAskUserQuestionTool(async () => undefined);
    const result = await run(tool, { questions: [question(2)] });
    expect(result.content).toContain("declined to answer");
  });
});

describe("slash_command", () => {
  const fake = (effect: SlashEffect) => {
    const log: string[] = [];
    const runner: SlashCommandRunner = {
      describe: (text) =>
        text.startsWith("/nope")
          ? { ok: false, reason: "Unknown command /nope. Known commands: /cost." }
          : { ok: true, name: text.slice(1).split(" ")[0]!, effect, description: "does it" },
      run: async (text) => {
        log.push(`run ${text}`);
        return "printed";
      },
      runAfterTurn: (text) => void log.push(`after ${text}`),
    };
    return { runner, log };
  };

  test("a report runs at once; a missing slash is added", async () => {
    const { runner, log } = fake("report");
    const result = await run(
      createSlashCommandTool(() => runner),
      { command: "cost" },
    );
    expect(result).toMatchObject({ isError: false, content: "printed" });
    expect(log).toEqual(["run /cost"]);
  });

  test("a change is confirmed, then left for the end of the turn; refused, nothing runs", async () => {
    const reviews: Review[] = [];
    for (const allow of [true, false]) {
      const { runner, log } = fake("change");
      const confirm = async (review: Review) => {
        reviews.push(review);
        return allow ? { allow: true as const } : { allow: false as const, reason: "No." };
      };
      const result = await run(
        createSlashCommandTool(() => runner),
        { command: "/compact" },
        {
          confirm,
        },
      );
      expect(result.isError).toBe(!allow);
      expect(log).toEqual(allow ? ["after /compact"] : []);
    }
    expect(reviews[0]).toEqual({ type: "slash", command: "/compact", description: "does it" });
  });

  test("screen commands, unknown ones and runs without a front end are refused", async () => {
    const { runner, log } = fake("screen");
    const tool = createSlashCommandTool(() => runner);
    expect((await run(tool, { command: "/quit" })).content).toContain("needs the person");
    expect((await run(tool, { command: "/nope" })).content).toContain("Unknown command /nope");
    const none = await run(
      createSlashCommandTool(() => undefined),
      { command: "/cost" },
    );
    expect(none).toMatchObject({ isError: true });
    expect(log).toEqual([]);
  });

  test("a trust decision is refused without asking anyone; nothing runs", async () => {
    const { runner, log } = fake("person");
    const reviews: Review[] = [];
    const confirm = async (review: Review) => {
      reviews.push(review);
      return { allow: true as const };
    };
    const tool = createSlashCommandTool(() => runner);
    const result = await run(tool, { command: "/mcp approve helper" }, { confirm });
    expect(result).toMatchObject({ isError: true });
    expect(result.content).toContain("is the person's alone");
    expect(reviews).toEqual([]);
    expect(log).toEqual([]);
  });
});

describe("todo_write", () => {
  test("a valid list is handed on; rule breaks go back to the model", async () => {
    const written: TodoItem[][] = [];
    const tool = createTodoWriteTool((items) => void written.push(items));
    const ok = await run(tool, {
      todos: [
        { content: " Read ", status: "completed" },
        { content: "Edit", status: "in_progress" },
      ],
    });
    expect(ok).toMatchObject({ isError: false, content: "Todo list updated: 1 of 2 completed." });
    expect(written).toEqual([
      [
        { content: "Read", status: "completed" },
        { content: "Edit", status: "in_progress" },
      ],
    ]);
    const bad = [
      { todos: Array(31).fill({ content: "x", status: "pending" }) },
      { todos: [{ content: "x".repeat(201), status: "pending" }] },
      { todos: [{ content: "  ", status: "pending" }] },
      { todos: [{ content: "x", status: "done" }] },
    ];
    for (const args of bad) expect((await run(tool, args)).isError).toBe(true);
    expect(written).toHaveLength(1);
  });
});
