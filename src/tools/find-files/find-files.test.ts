import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createWorkspace, type Workspace } from "../../workspace/index.js";
import { makeTempTree, type TempTree } from "../../../test/support/temp-tree.js";
import { callTool as call } from "../../../test/support/call-tool.js";
import { createFindFilesTool } from "./find-files.js";

let tree: TempTree;
let ws: Workspace;
beforeAll(async () => {
  const many = Object.fromEntries(
    Array.from({ length: 60 }, (_, i) => [`gen/file-${String(i).padStart(2, "0")}.txt`, ""]),
  );
  tree = await makeTempTree({
    ...many,
    ".gitignore": "dist/\n*.log\n",
    "README.md": "",
    "src/App.tsx": "",
    "src/app.test.ts": "",
    "src/util/Config.ts": "",
    "dist/bundle.js": "",
    "debug.log": "",
    "node_modules/x/index.ts": "",
    ".github/ci.yml": "",
  });
  ws = await createWorkspace(tree.root);
});
afterAll(() => tree.remove());

describe("find_files", () => {
  const find = (args: Record<string, unknown>) => call(createFindFilesTool(ws), args);

  it("matches names at any depth, case-insensitively, ignore rules honoured", async () => {
    const ts = await find({ pattern: "*.TS" });
    expect(ts.content).toBe('2 files matching "*.TS":\nsrc/app.test.ts\nsrc/util/Config.ts');
    const app = await find({ pattern: "app.*" });
    expect(app.content).toBe('2 files matching "app.*":\nsrc/App.tsx\nsrc/app.test.ts');
    expect((await find({ pattern: "*.log" })).content).toMatch(/^No files match "\*\.log"/);
    expect((await find({ pattern: "*.yml" })).content).toContain(".github/ci.yml");
  });

  it("matches paths from the root when the glob has a slash, and text anywhere", async () => {
    expect((await find({ pattern: "src/*" })).content).toBe(
      '2 files matching "src/*":\nsrc/App.tsx\nsrc/app.test.ts',
    );
    expect((await find({ pattern: "./src/**/*.ts" })).details).toMatchObject({ total: 2 });
    expect((await find({ pattern: "config" })).content).toBe(
      '1 file matching "config":\nsrc/util/Config.ts',
    );
  });

  it("flags truncation with the total", async () => {
    const result = await find({ pattern: "gen/*.txt" });
    const lines = result.content.split("\n");
    expect(lines[0]).toBe(
      'showing 50 of 60 files matching "gen/*.txt"; narrow the pattern or raise limit (max 500):',
    );
    expect(lines).toHaveLength(51);
    expect(result.truncated).toBe(true);
    expect(result.details).toEqual({ pattern: "gen/*.txt", shown: 50, total: 60, scanCut: false });
    expect((await find({ pattern: "*.txt", limit: 5 })).content.split("\n")).toHaveLength(6);
  });

  it("answers with what it found when the time limit ends the walk", async () => {
    const result = await call(createFindFilesTool(ws, { timeLimitMs: 0 }), { pattern: "*" });
    expect(result.details).toMatchObject({ scanCut: true, timedOut: true });
    expect(result.content).toMatch(/^No files match "\*" in the first 0 files/);
  });

  it("stops the walk when the turn is cancelled", async () => {
    const controller = new AbortController();
    const pending = call(createFindFilesTool(ws), { pattern: "*" }, controller.signal);
    controller.abort();
    expect((await pending).content).toBe("Cancelled by the user.");
  });
});
