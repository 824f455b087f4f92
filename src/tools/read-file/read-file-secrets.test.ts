import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runTool, type Review, type ToolContext } from "../../agent/tool.js";
import { createWorkspace, type Workspace } from "../../workspace/index.js";
import { makeTempTree, type TempTree } from "../../../test/support/temp-tree.js";
import { createReadFileTool } from "./read-file.js";

let tree: TempTree;
let ws: Workspace;
beforeAll(async () => {
  tree = await makeTempTree({
    ".env": "ANTHROPIC_API_KEY=sk-ant-DOTENV-SECRET\n",
    ".env.example": "ANTHROPIC_API_KEY=\n",
    ".gitignore": "local.txt\n",
    "local.txt": "local secret\n",
    "notes.txt": { symlink: ".env" },
    "src/app.ts": "export {};\n",
  });
  ws = await createWorkspace(tree.root);
});
afterAll(() => tree.remove());

/** Calls read_file with a `confirm` that records what it was asked and answers `answer`. */
async function read(path: string, answer?: boolean) {
  const asked: Review[] = [];
  const ctx: ToolContext = { signal: new AbortController().signal };
  if (answer !== undefined) {
    ctx.confirm = async (review) => {
      asked.push(review);
      return answer
        ? { allow: true }
        : { allow: false, reason: "headless run without --approve all" };
    };
  }
  const args = { path };
  const result = await runTool(createReadFileTool(ws), args, JSON.stringify(args), ctx);
  return { result, asked };
}

describe("read_file on files that may hold secrets", () => {
  it("asks before reading .env and reads it when allowed", async () => {
    const { result, asked } = await read(".env", true);
    expect(asked).toEqual([
      { type: "secret", path: ".env", why: expect.stringMatching(/environment/) },
    ]);
    expect(result.isError).toBe(false);
    expect(result.content).toContain("sk-ant-DOTENV-SECRET");
  });

  it("refuses when the person says no, telling the model not to try another way", async () => {
    const { result } = await read(".env", false);
    expect(result.isError).toBe(true);
    expect(result.content).not.toContain("sk-ant-DOTENV-SECRET");
    expect(result.content).toMatch(
      /not allowed.*--approve all.*Do not try to read it another way/s,
    );
  });

  it("refuses when nobody can be asked", async () => {
    const { result } = await read(".env");
    expect(result.isError).toBe(true);
    expect(result.content).not.toContain("sk-ant-DOTENV-SECRET");
  });

  it("asks for a symlink to .env and for git-ignored files too", async () => {
    for (const path of ["notes.txt", "local.txt"]) {
      const { result, asked } = await read(path, false);
      expect(asked, path).toHaveLength(1);
      expect(result.isError, path).toBe(true);
    }
  });

  it("reads ordinary files and templates without asking", async () => {
    for (const path of ["src/app.ts", ".env.example"]) {
      const { result, asked } = await read(path, false);
      expect(asked, path).toEqual([]);
      expect(result.isError, path).toBe(false);
    }
  });
});
