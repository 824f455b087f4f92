import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadZod } from "../agent/zod.js";
import { toolSchema } from "../agent/tool.js";
import { createWorkspace, type Workspace } from "../workspace/index.js";
import { makeTempTree, type TempTree } from "../../test/support/temp-tree.js";
import { createReadTools } from "./index.js";

// Tools' schemas are built with zod, which product code loads on demand (src/agent/zod.ts).
beforeAll(() => loadZod());

let tree: TempTree;
let ws: Workspace;
beforeAll(async () => {
  tree = await makeTempTree({ "a.txt": "" });
  ws = await createWorkspace(tree.root);
});
afterAll(() => tree.remove());

describe("the read tools", () => {
  it("come in the design's order, all of kind read", () => {
    const tools = createReadTools(ws);
    expect(tools.map((t) => t.name)).toEqual([
      "list_root",
      "find_files",
      "search_text",
      "read_file",
      "read_readme",
      "detect_languages",
      "hotfiles",
    ]);
    expect(new Set(tools.map((t) => t.kind))).toEqual(new Set(["read"]));
  });

  it("keep their descriptions and schemas small (the first request must stay under 8 KB)", () => {
    const schemas = createReadTools(ws).map(toolSchema);
    for (const s of schemas) {
      expect(Buffer.byteLength(s.description), s.name).toBeLessThanOrEqual(350);
    }
    // The seven read tools take well under half of the 8 KB budget.
    expect(Buffer.byteLength(JSON.stringify(schemas))).toBeLessThanOrEqual(3500);
  });
});
