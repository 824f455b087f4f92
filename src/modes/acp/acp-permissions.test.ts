import { describe, expect, it } from "vitest";
import type { Review } from "../../agent/tool.js";
import { decideReview, permissionAsks } from "./acp-permissions.js";

const pick = (optionId: string) => ({ outcome: "selected" as const, optionId });
const kinds = (review: Review) => permissionAsks(review)[0]!.options.map((o) => o.kind);

describe("ACP permission requests", () => {
  it("offers always where the TUI does, with what the TUI stores", () => {
    expect(kinds({ type: "edit", files: [] })).toEqual([
      "allow_once",
      "allow_always",
      "reject_once",
    ]);
    const command = permissionAsks({ type: "command", command: "npm test -- --run", cwd: "." })[0]!;
    expect(command.decide(pick("always"))).toEqual({
      type: "always",
      rule: { prefix: "npm test" },
    });
    expect(kinds({ type: "command", command: "rm -rf x", cwd: ".", danger: "deletes" })).toEqual([
      "allow_once",
      "reject_once",
    ]);
    expect(kinds({ type: "command", command: "curl x", cwd: ".", escalate: "network" })).toEqual([
      "allow_once",
      "reject_once",
    ]);
    expect(kinds({ type: "secret", path: ".env", why: "env file" })).toEqual([
      "allow_once",
      "reject_once",
    ]);
  });

  it("gives a review type it does not know a plain allow once / reject once", () => {
    const unknown = { type: "elicitation", message: "Pick a branch" } as unknown as Review;
    const [ask] = permissionAsks(unknown);
    expect(ask!.options.map((o) => o.kind)).toEqual(["allow_once", "reject_once"]);
    expect(ask!.decide(pick("allow"))).toEqual({ type: "accept" });
    expect(ask!.decide({ outcome: "cancelled" })).toEqual({ type: "reject" });
  });

  it("asks each question with its answers as options; a decline declines all", async () => {
    const review: Review = {
      type: "question",
      questions: [
        { question: "Database?", options: [{ label: "Postgres" }, { label: "SQLite" }] },
        { question: "Tests?", options: [{ label: "Yes" }, { label: "No" }] },
      ],
    };
    const answers = ["answer-1", "answer-0"];
    expect(await decideReview(review, async () => pick(answers.shift()!))).toEqual({
      type: "answer",
      answers: ["SQLite", "Yes"],
    });
    expect(await decideReview(review, async () => pick("reject"))).toEqual({ type: "reject" });
  });
});
