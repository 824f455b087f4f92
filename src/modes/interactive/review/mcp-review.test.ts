import { stripVTControlCharacters as plain } from "node:util";
import { describe, expect, it } from "vitest";
import type { Review } from "../../../agent/tool.js";
import { reviewHints } from "./hints.js";
import { reviewRows } from "./rows.js";

const review = (args: Record<string, unknown>): Review => ({
  type: "mcp",
  server: "tracker",
  tool: "create_issue",
  arguments: args,
});

describe("the review of an MCP call", () => {
  it("shows the server, the tool and the arguments pretty-printed", () => {
    const rows = reviewRows(review({ title: "Bug\u001b[31m", labels: ["a"] }), 60);
    expect(rows.header.map(plain)).toEqual(["Call MCP tool create_issue on server tracker"]);
    expect(rows.body.map(plain)).toEqual([
      "{",
      '  "title": "Bug\\u001b[31m",',
      '  "labels": [',
      '    "a"',
      "  ]",
      "}",
    ]);
  });

  it("bounds long arguments", () => {
    const items = Array.from({ length: 1000 }, (_, i) => i);
    const rows = reviewRows(review({ items }), 60);
    expect(rows.body).toHaveLength(401);
    expect(plain(rows.body.at(-1)!)).toMatch(/more lines/);
  });

  it("offers accept, always (this tool) and reject", () => {
    const pending = {
      id: "c1",
      name: "mcp__tracker__create_issue",
      review: review({}),
      rules: [],
      rule: 0,
      scroll: 0,
      choice: 0,
    };
    const hints = plain(reviewHints(pending, false, 200).join("\n"));
    expect(hints).toContain("y accept");
    expect(hints).toContain("a always (this tool)");
    expect(hints).toContain("n reject");
    const confirm = plain(reviewHints({ ...pending, confirming: true }, false, 200).join("\n"));
    expect(confirm).toContain(
      "Call create_issue of MCP server tracker in this project from now on",
    );
  });
});
