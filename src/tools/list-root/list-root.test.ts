import { afterEach, describe, expect, it } from "vitest";
import { createWorkspace } from "../../workspace/index.js";
import { makeTempTree, type TempTree } from "../../../test/support/temp-tree.js";
import { callTool as call } from "../../../test/support/call-tool.js";
import { createListRootTool, MAX_ROOT_ENTRIES } from "./list-root.js";

describe("list_root", () => {
  let tree: TempTree | undefined;
  afterEach(async () => {
    await tree?.remove();
    tree = undefined;
  });

  it("lists folders with file counts, then files with sizes, hiding ignored entries", async () => {
    tree = await makeTempTree({
      ".gitignore": "coverage/\n*.log\n",
      "package.json": "x".repeat(2048),
      "error.log": "",
      "src/a.ts": "",
      "src/b/c.ts": "",
      "src/b/skip.log": "",
      "docs/guide.md": "",
      "coverage/index.html": "",
      "node_modules/x/y.js": "",
      ".git/HEAD": "",
      current: { symlink: "src" },
    });
    const ws = await createWorkspace(tree.root);
    const result = await call(createListRootTool(ws), {});
    expect(result.content).toBe(
      [
        `Repository root ${ws.root}: 2 folders, 2 files, 1 symlink (ignored entries hidden):`,
        "docs/         1 file",
        "src/          2 files",
        ".gitignore    16 B",
        "current       symlink -> src",
        "package.json  2.0 KB",
      ].join("\n"),
    );
    expect(result.details).toMatchObject({
      entries: [
        { name: "docs", kind: "dir", files: 1, countCut: false },
        { name: "src", kind: "dir", files: 2, countCut: false },
        { name: ".gitignore", kind: "file", size: 16 },
        { name: "current", kind: "symlink", target: "src" },
        { name: "package.json", kind: "file", size: 2048 },
      ],
      omitted: 0,
    });
  });

  it("bounds the number of entries", async () => {
    const files = Object.fromEntries(
      Array.from({ length: MAX_ROOT_ENTRIES + 5 }, (_, i) => [`f${i}.txt`, ""]),
    );
    tree = await makeTempTree(files);
    const result = await call(createListRootTool(await createWorkspace(tree.root)), {});
    expect(result.truncated).toBe(true);
    expect(result.content.split("\n").at(-1)).toBe(
      "[5 more entries not shown; use find_files to search]",
    );
  });

  it("says when the root is empty", async () => {
    tree = await makeTempTree({});
    const ws = await createWorkspace(tree.root);
    const result = await call(createListRootTool(ws), {});
    expect(result.content).toBe(
      `Repository root ${ws.root}: 0 folders, 0 files (ignored entries hidden). The root is empty.`,
    );
  });
});
