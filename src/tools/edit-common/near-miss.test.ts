import { beforeAll, describe, expect, it } from "vitest";
import { loadZod } from "../../agent/zod.js";
import { toolSchema } from "../../agent/tool.js";
import { createReadTracker, createWorkspace } from "../../workspace/index.js";
import { createEditTools } from "../index.js";
import { describeMiss } from "./near-miss.js";

// Tools' schemas are built with zod, which product code loads on demand (src/agent/zod.ts).
beforeAll(() => loadZod());

const FILE = [
  "function total(items) {",
  "  let sum = 0;",
  "  for (const item of items) {",
  "    sum += item.price * item.count;",
  "  }",
  "  return sum; ",
  "}",
];

describe("describeMiss", () => {
  it("shows the closest lines when the text differs a little", () => {
    const old = "  for (const item of items) {\n    sum += item.price * item.qty;\n  }";
    expect(describeMiss("cart.js", FILE, old)).toBe(
      [
        "old_string was not found in cart.js. The closest text is lines 3-5 (94% similar):",
        "3\t  for (const item of items) {",
        "4\t    sum += item.price * item.count;",
        "5\t  }",
        "Line 4 differs. Send old_string exactly as the file has it (read the lines again with read_file if unsure).",
      ].join("\n"),
    );
  });

  it("calls out indentation width and trailing whitespace", () => {
    expect(describeMiss("cart.js", FILE, "let sum = 0;")).toMatch(
      /^old_string was not found in cart\.js\. Line 2 matches if whitespace is ignored: line 2 is indented by 2 characters in the file, 0 in old_string\./,
    );
    expect(describeMiss("cart.js", FILE, "  return sum;\n}")).toMatch(
      /Lines 6-7 match if whitespace is ignored: line 6 has trailing whitespace in the file\./,
    );
  });

  it("recognises read_file's line numbers pasted into old_string", () => {
    expect(
      describeMiss("cart.js", FILE, "2\t  let sum = 0;\n3\t  for (const item of items) {"),
    ).toBe(
      "old_string was not found in cart.js. It starts lines with numbers and a tab, as read_file shows them; those numbers are not part of the file. Send old_string without them.",
    );
  });

  it("says so when nothing is similar", () => {
    expect(describeMiss("cart.js", FILE, "import os\nprint(os.getcwd())")).toBe(
      "old_string was not found in cart.js. Nothing similar is in the file either. Read it again with read_file and copy old_string exactly from it (without line numbers).",
    );
  });
});

describe("edit tool schemas", () => {
  it("stay small: they are sent with every request (first request ≤ 8 KB)", async () => {
    const ws = await createWorkspace(".");
    const tools = createEditTools(ws, { tracker: createReadTracker() });
    expect(tools.map((t) => [t.name, t.kind])).toEqual([
      ["edit_replace_exact", "edit"],
      ["edit_insert_at_line", "edit"],
      ["edit_create_file", "edit"],
      ["edit_apply_batch", "edit"],
    ]);
    const bytes = tools.reduce((n, t) => n + JSON.stringify(toolSchema(t)).length, 0);
    expect(bytes).toBeLessThanOrEqual(2000);
  });
});
