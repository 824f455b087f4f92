import { existsSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadZod } from "../../agent/zod.js";
import { runTool, toolSchema, type Gate, type Review } from "../../agent/tool.js";
import { createShellService, type ShellResult, type ShellService } from "../../shell/index.js";
import { createWorkspace, type Workspace } from "../../workspace/index.js";
import { makeTempTree, type TempTree } from "../../../test/support/temp-tree.js";
import { formatShellResult } from "./format-result.js";
import { createShellTool, type ShellRunDetails } from "./shell-run.js";

// Tools' schemas are built with zod, which product code loads on demand (src/agent/zod.ts).
beforeAll(() => loadZod());

let tree: TempTree;
let ws: Workspace;
let shell: ShellService;
beforeAll(async () => {
  tree = await makeTempTree({ "sub/": "" });
  ws = await createWorkspace(tree.root);
  shell = createShellService({ root: ws.root, shell: "/bin/bash", killGraceMs: 300 });
});
afterAll(async () => {
  await shell.dispose();
  await tree.remove();
});

const signal = new AbortController().signal;
const allow: Gate = async () => ({ allow: true });
const call = (
  tool: ReturnType<typeof createShellTool>,
  args: Record<string, unknown>,
  gate = allow,
) => runTool(tool, args, JSON.stringify(args), { signal }, gate);

describe("shell_run", () => {
  it("has a short description and a small schema", () => {
    const schema = toolSchema(createShellTool(ws, () => shell, { profile: () => "none" }));
    expect(Buffer.byteLength(schema.description)).toBeLessThanOrEqual(350);
    // 760: `background` (issue 30) took it past 700; the first request stays within 10 KB.
    expect(Buffer.byteLength(JSON.stringify(schema))).toBeLessThanOrEqual(760);
    expect(createShellTool(ws, () => shell, { profile: () => "none" }).kind).toBe("shell");
  });

  it("proposes the command with the shell's cwd, and runs it only once allowed", async () => {
    const tool = createShellTool(ws, () => shell, { profile: () => "none" });
    const reviews: Review[] = [];
    const deny: Gate = async (review) => {
      reviews.push(review);
      return { allow: false, reason: "Denied by the person." };
    };
    const denied = await call(tool, { command: "touch made-by-denied" }, deny);
    expect(denied).toMatchObject({ isError: true, content: "Denied by the person." });
    expect(reviews).toEqual([
      { type: "command", command: "touch made-by-denied", cwd: ".", sandbox: "none" },
    ]);
    expect(existsSync(path.join(ws.root, "made-by-denied"))).toBe(false);

    const ran = await call(tool, { command: "cd sub && echo here" });
    expect(ran.isError).toBe(false);
    expect(ran.content).toMatch(/^here\n\nExit code 0 \(\d+\.\d s\)\. cwd is now sub\.$/);
    expect(ran.details).toMatchObject({ cwd: ".", cwdAfter: "sub", exitCode: 0 });

    await call(tool, { command: "true" }, deny);
    expect(reviews[1]).toMatchObject({ cwd: "sub" });
    await call(tool, { command: "cd .." });
  });

  it("marks destructive commands as dangerous in the review", async () => {
    const reviews: Review[] = [];
    const deny: Gate = async (review) => {
      reviews.push(review);
      return { allow: false, reason: "no" };
    };
    await call(
      createShellTool(ws, () => shell, { profile: () => "none" }),
      { command: "git reset --hard && rm -rf ~/x" },
      deny,
    );
    expect(reviews[0]).toMatchObject({ type: "command", danger: expect.stringMatching(/reset/) });
  });

  it("reports a timeout and what to do about it", async () => {
    const result = await call(
      createShellTool(ws, () => shell, { profile: () => "none" }),
      {
        command: "echo begun; sleep 300",
        timeout_seconds: 1,
      },
    );
    expect(result.isError).toBe(false);
    expect(result.content).toMatch(/^begun\n/);
    expect(result.content).toContain("timed out after 1.0 s and was stopped");
    expect(result.content).toContain("timeout_seconds");
    expect((result.details as ShellRunDetails).stopped).toBe("timeout");
  });

  it("refuses a timeout over 600 s with a message the model can act on", async () => {
    const result = await call(
      createShellTool(ws, () => shell, { profile: () => "none" }),
      {
        command: "true",
        timeout_seconds: 900,
      },
    );
    expect(result.isError).toBe(true);
    expect(result.content).toMatch(/timeout_seconds/);
  });

  it("brackets each command with the hooks, in order", async () => {
    const events: string[] = [];
    const tool = createShellTool(ws, () => shell, {
      profile: () => "none",
      hooks: {
        async before(info) {
          events.push(`before ${info.command} in ${path.relative(ws.root, info.cwd) || "."}`);
          return 41;
        },
        async after(token: number, _info, result: ShellResult) {
          events.push(`after ${token + 1} exit ${result.exitCode}`);
        },
      },
    });
    await call(tool, { command: "exit_code() { return 3; }; exit_code" });
    expect(events).toEqual(["before exit_code() { return 3; }; exit_code in .", "after 42 exit 3"]);
  });

  it("does not run the command when the before hook fails", async () => {
    const tool = createShellTool(ws, () => shell, {
      profile: () => "none",
      hooks: {
        before: async () => Promise.reject(new Error("snapshot failed")),
        after: async () => undefined,
      },
    });
    const result = await call(tool, { command: "touch made-after-failed-hook" });
    expect(result).toMatchObject({ isError: true });
    expect(result.content).toContain("snapshot failed");
    expect(existsSync(path.join(ws.root, "made-after-failed-hook"))).toBe(false);
  });

  it("turns a shell that cannot start into an error the model can read", async () => {
    const broken = createShellService({ root: ws.root, shell: "/bin/false" });
    const result = await call(
      createShellTool(ws, () => broken, { profile: () => "none" }),
      { command: "echo hi" },
    );
    await broken.dispose();
    expect(result).toMatchObject({ isError: true });
    expect(result.content).toMatch(/The shell \/bin\/false exited at start/);
  });
});

describe("formatShellResult", () => {
  const base: ShellResult = {
    output: "",
    truncated: false,
    totalBytes: 0,
    exitCode: 0,
    durationMs: 1234,
    cwd: "/repo",
    waitingForInput: false,
  };
  const format = (r: Partial<ShellResult>) =>
    formatShellResult({ ...base, ...r }, "/repo", "/repo", 60_000);

  it("says how the command ended", () => {
    expect(format({})).toBe("(no output)\n\nExit code 0 (1.2 s).");
    expect(format({ stopped: "input", waitingForInput: true, exitCode: 130 })).toMatch(
      /waiting for input from the terminal.*--yes/,
    );
    expect(format({ stopped: "timeout", waitingForInput: true })).toMatch(
      /timed out after 60 s.*seemed to wait for input \(it reads from the terminal\); run it non-interactively/,
    );
    expect(format({ stopped: "cancel" })).toMatch(/The person cancelled the command/);
    expect(format({ truncated: true, output: "a\n[… 5 bytes cut …]\nb" })).toMatch(
      /cut; to see more/,
    );
  });

  it("says when the shell was restarted and the state lost", () => {
    expect(format({ restart: "exited", exitCode: 3 })).toMatch(
      /The shell exited with code 3 after 1\.2 s\. The shell was restarted; cwd and variables were reset/,
    );
    expect(format({ restart: "killed", exitCode: null, stopped: "timeout" })).toMatch(
      /did not respond after the stop, so the shell was restarted; cwd and variables were reset/,
    );
    expect(format({ restart: "before" })).toMatch(/^\(no output\)\n\nThe shell had exited since/);
  });
});
