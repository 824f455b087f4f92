import { describe, expect, it } from "vitest";
import type { Review } from "../../agent/tool.js";
import type { ElicitationField } from "../../agent/tool.js";
import { ELICITATION_CANCEL } from "../../session/index.js";
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

  it("offers a web page's domain always, as the TUI's a does", () => {
    const web: Review = {
      type: "web",
      url: "https://docs.example.com/x",
      host: "docs.example.com",
    };
    expect(kinds(web)).toEqual(["allow_once", "allow_always", "reject_once"]);
    const [ask] = permissionAsks(web);
    expect(ask!.options[1]!.name).toBe("Always allow docs.example.com");
    expect(ask!.decide(pick("always"))).toEqual({ type: "always" });
  });

  it("gives a review type it does not know a plain allow once / reject once", () => {
    const unknown = { type: "hologram", message: "Pick a branch" } as unknown as Review;
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

  describe("an MCP server's form (elicitation)", () => {
    const form = (fields: ElicitationField[]): Review => ({
      type: "elicitation",
      server: "deploy",
      message: "Where to?",
      fields,
      requestedSchema: {},
    });
    const options = (review: Review) =>
      permissionAsks(review)[0]!.options.map((o) => [o.optionId, o.name, o.kind]);

    it("offers a single enum field's values, each answering the form", async () => {
      const review = form([
        {
          name: "env",
          type: "string",
          required: true,
          enum: ["staging", "prod"],
          enumNames: ["Staging"],
        },
      ]);
      expect(options(review)).toEqual([
        ["value-0", "Staging", "allow_once"],
        ["value-1", "prod", "allow_once"],
        ["reject", "Decline", "reject_once"],
      ]);
      const [ask] = permissionAsks(review);
      expect(ask!.title).toBe("deploy asks: Where to?");
      expect(ask!.decide(pick("value-1"))).toEqual({ type: "form", content: { env: "prod" } });
      expect(ask!.decide(pick("reject"))).toEqual({ type: "reject" });
      expect(ask!.decide({ outcome: "cancelled" })).toEqual({
        type: "reject",
        reason: ELICITATION_CANCEL,
      });
      let title: string | undefined;
      const decision = await decideReview(review, async (_, t) => ((title = t), pick("value-0")));
      expect([title, decision]).toEqual([
        "deploy asks: Where to?",
        { type: "form", content: { env: "staging" } },
      ]);
    });

    it("offers a single boolean field as yes and no", () => {
      const review = form([{ name: "ok", title: "Proceed", type: "boolean", required: true }]);
      expect(options(review).map((o) => o[1])).toEqual(["Proceed: yes", "Proceed: no", "Decline"]);
      const [ask] = permissionAsks(review);
      expect(ask!.decide(pick("value-1"))).toEqual({ type: "form", content: { ok: false } });
    });

    it("offers accept-with-defaults when nothing must be typed", () => {
      const review = form([
        { name: "region", type: "string", required: true, default: "eu" },
        { name: "note", type: "string", required: false },
        { name: "replicas", type: "integer", required: false, default: 2 },
      ]);
      expect(options(review)).toEqual([
        ["value-0", "Accept with the defaults", "allow_once"],
        ["reject", "Decline", "reject_once"],
      ]);
      expect(permissionAsks(review)[0]!.decide(pick("value-0"))).toEqual({
        type: "form",
        content: { region: "eu", replicas: 2 },
      });
    });

    it("declines a form that needs typing, says so in the title, and logs it", async () => {
      const review = form([
        { name: "host", type: "string", required: true },
        { name: "port", type: "number", required: false },
      ]);
      expect(options(review)).toEqual([["reject", "Decline", "reject_once"]]);
      const logged: unknown[] = [];
      let title: string | undefined;
      const decision = await decideReview(
        review,
        async (_, t) => ((title = t), pick("reject")),
        (event, fields) => logged.push({ event, ...fields }),
      );
      expect(decision).toEqual({ type: "reject" });
      expect(title).toContain("North could not show this form from deploy");
      expect(title).toContain("Where to?");
      expect(logged).toEqual([
        expect.objectContaining({ event: "acp_review_unshown", server: "deploy" }),
      ]);
    });
  });
});
