import { realpath } from "node:fs/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createWorkspace, type Workspace } from "../../workspace/index.js";
import { makeTempTree, type TempTree } from "../../../test/support/temp-tree.js";
import { callTool as call } from "../../../test/support/call-tool.js";
import { locateRipgrep } from "./locate-ripgrep.js";
import { createSearchTextTool, type SearchTextOptions } from "./search-text.js";

const rg = await locateRipgrep();
const engines: [string, SearchTextOptions][] = [["js", { engine: "js" }]];
if (rg) engines.push(["ripgrep", { engine: "ripgrep", rgPath: rg }]);

let tree: TempTree;
let ws: Workspace;
beforeAll(async () => {
  tree = await makeTempTree({
    ".env": "ANTHROPIC_API_KEY=sk-ant-HIDDEN-1\nOPENAI_API_KEY=sk-HIDDEN-2\n",
    "deploy/server.pem": "API_KEY private\n",
    "src/config.ts": "const name = process.env.ANTHROPIC_API_KEY;\n",
    ".gitignore": "vendor/\n",
    "vendor/lib.js": "API_KEY in vendor\n",
  });
  ws = await createWorkspace(await realpath(tree.root));
});
afterAll(() => tree.remove());

describe.each(engines)("search_text and secret files (%s)", (_engine, options) => {
  const search = (args: Record<string, unknown>) => call(createSearchTextTool(ws, options), args);

  it("leaves matches in secret files out, with a count and a hint", async () => {
    const result = await search({ pattern: "API_KEY" });
    expect(result.isError).toBe(false);
    expect(result.content).toContain("src/config.ts");
    expect(result.content).not.toContain("HIDDEN");
    expect(result.content).not.toContain("private");
    expect(result.content).toContain(
      "3 matches in files that may hold secrets (.env, keys, credentials, git-ignored files) were not shown; read_file asks the person",
    );
    expect(result.details).toMatchObject({ matches: 1, hidden: 3 });
  });

  it("hides the matches of a secret file named as the path, and of an ignored folder", async () => {
    const env = await search({ pattern: "sk-", path: ".env" });
    expect(env.content).not.toContain("HIDDEN");
    expect(env.content).toMatch(/^No matches .*\n2 matches in files that may hold secrets/s);
    const vendor = await search({ pattern: "API_KEY", path: "vendor" });
    expect(vendor.content).not.toContain("API_KEY in vendor");
    expect(vendor.details).toMatchObject({ matches: 0, hidden: 1 });
  });

  it("says nothing extra when no secret file matches", async () => {
    const result = await search({ pattern: "process.env" });
    expect(result.content).not.toContain("may hold secrets");
  });
});
