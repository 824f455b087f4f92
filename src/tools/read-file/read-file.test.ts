import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createWorkspace, type Workspace } from "../../workspace/index.js";
import { makeTempTree, type TempTree } from "../../../test/support/temp-tree.js";
import { callTool as call } from "../../../test/support/call-tool.js";
import { createReadFileTool } from "./read-file.js";

const numbered = (n: number) => Array.from({ length: n }, (_, i) => `line ${i + 1}`).join("\n");

let tree: TempTree;
let outside: TempTree;
let ws: Workspace;
beforeAll(async () => {
  outside = await makeTempTree({ "secret.txt": "secret\n" });
  tree = await makeTempTree({
    "small.ts": "const a = 1;\r\nconst b = 2;\n",
    "no-newline.txt": "one\ntwo",
    "long.txt": `${numbered(2400)}\n`,
    "wide.txt": `${"w".repeat(300)}\n`.repeat(400),
    "minified.js": `${"m".repeat(5000)}\n`,
    "empty.txt": "",
    "src/config/settings.json": "{}\n",
    "image.png": Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0]),
    "escape.txt": { symlink: path.join(outside.root, "secret.txt") },
  });
  ws = await createWorkspace(tree.root);
});
afterAll(async () => {
  await tree.remove();
  await outside.remove();
});

describe("read_file", () => {
  const read = (args: Record<string, unknown>) => call(createReadFileTool(ws), args);

  it("numbers lines and drops \\r", async () => {
    const result = await read({ path: "small.ts" });
    expect(result.content).toBe("1\tconst a = 1;\n2\tconst b = 2;");
    expect(result.details).toEqual({
      path: "small.ts",
      startLine: 1,
      endLine: 2,
      totalLines: 2,
      bytes: 27,
    });
    expect((await read({ path: "no-newline.txt" })).content).toBe("1\tone\n2\ttwo");
  });

  it("reads a range, padding numbers to the widest", async () => {
    const result = await read({ path: "long.txt", start_line: 98, end_line: 101 });
    expect(result.content).toBe(" 98\tline 98\n 99\tline 99\n100\tline 100\n101\tline 101");
    expect(result.truncated).toBe(false);
  });

  it("stops at 500 lines and says how to read on", async () => {
    const result = await read({ path: "long.txt" });
    const lines = result.content.split("\n");
    expect(lines).toHaveLength(501);
    expect(lines[499]).toBe("500\tline 500");
    expect(lines[500]).toBe(
      "[showing lines 1-500 of 2400; call again with start_line=501 to read on]",
    );
    expect(result.truncated).toBe(true);
    const last = await read({ path: "long.txt", start_line: 2301 });
    expect(last.truncated).toBe(false);
    expect(last.content.split("\n").at(-1)).toBe("2400\tline 2400");
  });

  it("stops at 100 KB and cuts very long lines", async () => {
    const wide = await read({ path: "wide.txt" });
    expect(wide.content).toMatch(/\[showing lines 1-341 of 400; call again with start_line=342/);
    const min = await read({ path: "minified.js" });
    expect(min.content).toMatch(/^1\tm{2000} … \[line cut: 5000 bytes long\]$/);
  });

  it("reports errors the model can act on", async () => {
    const cases: [Record<string, unknown>, string | RegExp][] = [
      [
        { path: "long.txt", start_line: 2500 },
        "start_line 2500 is past the end of long.txt (2400 lines).",
      ],
      [{ path: "long.txt", start_line: 10, end_line: 5 }, "end_line 5 is before start_line 10."],
      [
        { path: "settings.json" },
        "File not found: settings.json. Did you mean src/config/settings.json?",
      ],
      [
        { path: "nothing-like-it.rs" },
        "File not found: nothing-like-it.rs. Use find_files to locate it.",
      ],
      [
        { path: "src" },
        /^src is a folder; use find_files \(e\.g\. pattern "src\/\*"\) or list_root/,
      ],
      [{ path: "image.png" }, "image.png is a binary file (8 B); read_file shows text files only."],
      [{ path: "../etc/passwd" }, /is outside the repository root/],
      [{ path: "escape.txt" }, /leads through a symlink/],
      [{ path: "small.ts", start_line: 0 }, /Invalid arguments for read_file: "start_line"/],
    ];
    for (const [args, message] of cases) {
      const result = await read(args);
      expect(result.isError, JSON.stringify(args)).toBe(true);
      if (typeof message === "string") expect(result.content).toBe(message);
      else expect(result.content).toMatch(message);
    }
  });

  it("says when a file is empty", async () => {
    const result = await read({ path: "empty.txt" });
    expect(result).toMatchObject({ isError: false, content: "empty.txt is empty." });
  });
});
