import { existsSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadZod } from "../../agent/zod.js";
import { runTool, toolSchema, type Gate, type Review } from "../../agent/tool.js";
import {
  createShellService,
  type SandboxProfile,
  type ShellService,
  type ShellResult,
} from "../../shell/index.js";
import { createWorkspace, type Workspace } from "../../workspace/index.js";
import { makeTempTree, type TempTree } from "../../../test/support/temp-tree.js";
import { sandboxDenialNote } from "./format-result.js";
import { createShellTool } from "./shell-run.js";

// Tools' schemas are built with zod, which product code loads on demand (src/agent/zod.ts).
beforeAll(() => loadZod());

let tree: TempTree;
let ws: Workspace;
const services = new Map<SandboxProfile, ShellService>();
const shells = (profile: SandboxProfile) => {
  let shell = services.get(profile);
  if (!shell) {
    shell = createShellService({
      root: ws.root,
      shell: "/bin/bash",
      ...(profile === "none" ? {} : { sandbox: profile }),
    });
    services.set(profile, shell);
  }
  return shell;
};
beforeAll(async () => {
  tree = await makeTempTree({ "sub/": "" });
  ws = await createWorkspace(tree.root);
});
afterAll(async () => {
  for (const shell of services.values()) await shell.dispose();
  await tree.remove();
});

const signal = new AbortController().signal;
const reviews: Review[] = [];
const allow: Gate = async (review) => {
  reviews.push(review);
  return { allow: true };
};
const call = (tool: ReturnType<typeof createShellTool>, args: Record<string, unknown>) =>
  runTool(tool, args, JSON.stringify(args), { signal }, allow);

describe("shell_run in the sandbox", () => {
  it("takes an escalate reason, in a small schema", () => {
    const schema = toolSchema(createShellTool(ws, shells, { profile: () => "none" }));
    expect(JSON.stringify(schema.parameters)).toContain("escalate");
    expect(Buffer.byteLength(JSON.stringify(schema))).toBeLessThanOrEqual(820);
  });

  it("runs in the session's profile, or outside when the model escalates, keeping the cwd", async () => {
    let profile: SandboxProfile = "workspace-write";
    const tool = createShellTool(ws, shells, { profile: () => profile });
    const inside = await call(tool, { command: "cd sub && touch /usr/north-x" });
    expect(reviews.at(-1)).toMatchObject({ sandbox: "workspace-write", cwd: "." });
    expect(inside.content).toMatch(/Read-only file system/);
    expect(inside.content).toMatch(/The sandbox may have blocked this.*`escalate`/);
    expect(inside.details).toMatchObject({ sandbox: "workspace-write", cwdAfter: "sub" });

    const outside = await call(tool, {
      command: "pwd && touch made-outside",
      escalate: "needs it",
    });
    expect(reviews.at(-1)).toMatchObject({ sandbox: "none", escalate: "needs it", cwd: "sub" });
    expect(outside.content).toMatch(new RegExp(`^${path.join(ws.root, "sub")}\\n`));
    expect(existsSync(path.join(ws.root, "sub", "made-outside"))).toBe(true);

    profile = "read-only";
    const readOnly = await call(tool, { command: "pwd; touch again" });
    expect(reviews.at(-1)).toMatchObject({ sandbox: "read-only", cwd: "sub" });
    expect(readOnly.content).toMatch(/Read-only file system/);
    expect(readOnly.content).toMatch(/it writes nothing/);
    expect(existsSync(path.join(ws.root, "sub", "again"))).toBe(false);
  });

  it("never gives the shell a provider key, sandboxed or not", async () => {
    const shell = createShellService({
      root: ws.root,
      shell: "/bin/bash",
      env: { PATH: process.env.PATH, ANTHROPIC_API_KEY: "k1", CUSTOM_KEY: "k2", KEEP: "k3" },
      secretEnv: ["CUSTOM_KEY"],
    });
    try {
      const result = await shell.run('echo "[$ANTHROPIC_API_KEY][$CUSTOM_KEY][$KEEP]"');
      expect(result.output).toBe("[][][k3]");
    } finally {
      await shell.dispose();
    }
  });
});

describe("sandboxDenialNote", () => {
  const base: ShellResult = {
    output: "",
    truncated: false,
    totalBytes: 0,
    exitCode: 1,
    durationMs: 5,
    cwd: "/r",
    waitingForInput: false,
  };
  const note = (output: string, more: Partial<ShellResult> = {}) =>
    sandboxDenialNote({ ...base, output, ...more }, "workspace-write");

  it("recognises the sandbox's refusals", () => {
    for (const output of [
      "touch: cannot touch '/etc/x': Read-only file system",
      "curl: (6) Could not resolve host: example.com",
      "npm ERR! getaddrinfo EAI_AGAIN registry.npmjs.org",
      "connect ENETUNREACH 1.2.3.4:443",
      "Temporary failure in name resolution",
      "curl: (7) Failed to connect to 127.0.0.1 port 3000: Connection refused",
    ]) {
      expect(note(output), output).toMatch(/escalate/);
    }
  });

  it("stays quiet when the command succeeded, was stopped, or failed otherwise", () => {
    expect(note("Read-only file system", { exitCode: 0 })).toBeUndefined();
    expect(note("Read-only file system", { stopped: "timeout" })).toBeUndefined();
    expect(note("error TS2304: Cannot find name 'x'")).toBeUndefined();
  });
});
