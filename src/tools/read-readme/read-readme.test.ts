import { afterEach, describe, expect, it } from "vitest";
import { createWorkspace } from "../../workspace/index.js";
import { makeTempTree, type TempTree, type TreeEntry } from "../../../test/support/temp-tree.js";
import { callTool as call } from "../../../test/support/call-tool.js";
import { createReadReadmeTool } from "./read-readme.js";

describe("read_readme", () => {
  let tree: TempTree | undefined;
  afterEach(async () => {
    await tree?.remove();
    tree = undefined;
  });
  const readme = async (files: Record<string, TreeEntry>) => {
    tree = await makeTempTree(files);
    return call(createReadReadmeTool(await createWorkspace(tree.root)), {});
  };

  it("prefers the root's Markdown README", async () => {
    const result = await readme({
      "readme.txt": "plain",
      "README.md": "# Title\n\nHello.\n",
      "docs/README.md": "docs",
    });
    expect(result.content).toBe("README.md (16 B):\n\n# Title\n\nHello.\n");
    expect(result.details).toEqual({ path: "README.md", bytes: 16, truncated: false });
  });

  it("finds other spellings and falls back to docs/ and .github/", async () => {
    expect((await readme({ "Readme.rst": "rst" })).content).toBe("Readme.rst (3 B):\n\nrst");
    await tree?.remove();
    expect((await readme({ "docs/readme.markdown": "d" })).details).toMatchObject({
      path: "docs/readme.markdown",
    });
    await tree?.remove();
    expect((await readme({ ".github/README": "g" })).details).toMatchObject({
      path: ".github/README",
    });
  });

  it("shows the first 8 KB, cut at a line end, and says how to read on", async () => {
    const line = `${"x".repeat(99)}\n`;
    const result = await readme({ "README.md": line.repeat(200) });
    expect(result.truncated).toBe(true);
    const lines = result.content.split("\n");
    expect(lines.filter((l) => l.startsWith("x"))).toHaveLength(81);
    expect(lines.at(-1)).toBe(
      '[showing the first 7.9 KB of 19.5 KB; read on with read_file path "README.md" start_line=82]',
    );
  });

  it("says when there is none", async () => {
    const result = await readme({ "src/a.ts": "" });
    expect(result.isError).toBe(true);
    expect(result.content).toMatch(/^No README found at the root, in docs\/ or in \.github\//);
  });
});
