import { afterEach, describe, expect, it } from "vitest";
import { createWorkspace } from "../../workspace/index.js";
import { makeTempTree, type TempTree } from "../../../test/support/temp-tree.js";
import { callTool as call } from "../../../test/support/call-tool.js";
import { createDetectLanguagesTool } from "./detect-languages.js";
import { languageOf } from "./languages.js";

describe("detect_languages", () => {
  let tree: TempTree | undefined;
  afterEach(async () => {
    await tree?.remove();
    tree = undefined;
  });

  it("reports code by share of bytes, then data and prose, ignore rules honoured", async () => {
    tree = await makeTempTree({
      ".gitignore": "dist/\n",
      "src/a.ts": "x".repeat(3000),
      "src/b.tsx": "x".repeat(1000),
      "scripts/run.py": "x".repeat(1000),
      Dockerfile: "x".repeat(0),
      "package.json": "x".repeat(500),
      "README.md": "x".repeat(200),
      "logo.png": "x",
      "dist/huge.js": "x".repeat(100_000),
      "node_modules/dep/index.js": "x".repeat(100_000),
    });
    const result = await call(createDetectLanguagesTool(await createWorkspace(tree.root)), {});
    expect(result.content).toBe(
      [
        "Code: 4.9 KB in 4 files",
        "TypeScript  80.0%  3.9 KB, 2 files",
        "Python      20.0%  1000 B, 1 file",
        "Dockerfile   0.0%  0 B, 1 file",
        "Data and prose: JSON 500 B (1), Markdown 200 B (1)",
        "2 files of other types not counted.",
      ].join("\n"),
    );
    expect(result.details).toMatchObject({ unrecognized: 2, scanCut: false });
  });

  it("says when there is no code", async () => {
    tree = await makeTempTree({ "notes.md": "hi" });
    const result = await call(createDetectLanguagesTool(await createWorkspace(tree.root)), {});
    expect(result.content).toBe(
      "No source code in a known programming language.\nData and prose: Markdown 2 B (1)",
    );
  });

  it("knows languages by extension and by file name", () => {
    expect(languageOf("App.TSX")?.name).toBe("TypeScript");
    expect(languageOf("Makefile")?.name).toBe("Makefile");
    expect(languageOf("CMakeLists.txt")?.name).toBe("CMake");
    expect(languageOf(".bashrc")).toBeUndefined();
    expect(languageOf("LICENSE")).toBeUndefined();
  });
});
