import { execFileSync } from "node:child_process";
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  realpathSync,
  rmSync,
} from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createShellService, type ShellService } from "../index.js";
import { detectSandbox } from "./index.js";

// The persistent shell inside bubblewrap keeps what the unsandboxed one does: job control,
// process groups killed on timeout and cancel, input waits, restarts, cwd and functions.

function isGone(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "latin1");
    return "ZX".includes(stat.slice(stat.lastIndexOf(")") + 2)[0] ?? "");
  } catch {
    return true;
  }
}

/** What a command prints so that `pidOf` can find its processes: its PID namespace. */
const NS = "ns=$(readlink /proc/self/ns/pid)";

/**
 * The host's pid of the process a command printed as `name=<pid>` (a pid of the sandbox's own
 * PID namespace, which the command printed as `ns=…`); 0 when none is found.
 */
function pidOf(output: string, name: string): number {
  const inner = new RegExp(`${name}=(\\d+)`).exec(output)?.[1];
  const ns = /ns=(pid:\[\d+\])/.exec(output)?.[1];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readlinkSync(`/proc/${entry}/ns/pid`) !== ns) continue;
      const nspid = /^NSpid:\s+(.*)$/m.exec(readFileSync(`/proc/${entry}/status`, "latin1"))?.[1];
      if (nspid?.split(/\s+/).at(-1) === inner) return Number(entry);
    } catch {
      // Gone.
    }
  }
  return 0;
}

let root: string;
let shell: ShellService;
beforeAll(async () => {
  const status = await detectSandbox();
  if (!status.available) throw new Error(`bubblewrap is needed here: ${status.reason}`);
  root = realpathSync(mkdtempSync(path.join(tmpdir(), "north-sandboxed-")));
  execFileSync("git", ["init", "-q"], { cwd: root });
  shell = createShellService({
    root,
    shell: "/bin/bash",
    killGraceMs: 300,
    inputWaitMs: 400,
    sandbox: "workspace-write",
  });
});
afterAll(async () => {
  await shell.dispose();
  rmSync(root, { recursive: true, force: true });
});

describe("the sandboxed persistent shell", () => {
  it("writes in the repository, not outside it, and keeps cwd, variables and functions", async () => {
    const first = await shell.run(
      'mkdir -p sub && cd sub && export GREETING=hello && greet() { echo "$GREETING $1"; } && echo x > made',
    );
    expect(first).toMatchObject({ exitCode: 0, cwd: path.join(root, "sub") });
    expect(readFileSync(path.join(root, "sub", "made"), "utf8")).toBe("x\n");
    const second = await shell.run("greet world; pwd; touch /usr/north-outside");
    expect(second.output).toMatch(
      new RegExp(`^hello world\\n${path.join(root, "sub")}\\n.*Read-only file system`),
    );
    expect(second.exitCode).not.toBe(0);
    await shell.run("cd ..");
  });

  it("has a private /tmp that still holds the repository", async () => {
    const result = await shell.run(
      `ls /tmp; echo secret > /tmp/north-private && cat /tmp/north-private`,
    );
    expect(result.exitCode).toBe(0);
    expect(existsSync("/tmp/north-private")).toBe(false);
  });

  it("leaves .north, .git/hooks and .git/config read-only, and .git usable", async () => {
    expect(existsSync(path.join(root, ".north"))).toBe(true);
    const result = await shell.run(
      "touch .north/x; touch .git/hooks/pre-commit; echo >> .git/config; mv .git .git-moved; git status --short | head -1",
    );
    expect(result.output.match(/Read-only file system|Device or resource busy/g)?.length).toBe(4);
    expect(existsSync(path.join(root, ".git", "hooks", "pre-commit"))).toBe(false);
    expect(existsSync(path.join(root, ".git-moved"))).toBe(false);
  });

  it("kills a timed-out command's process groups and goes on", async () => {
    let seen = "";
    let job = 0;
    let child = 0;
    const result = await shell.run(
      `echo ${NS}; sleep 300 & echo job=$!; sh -c 'trap "" TERM; sleep 300 & echo child=$!; wait'; echo never`,
      {
        timeoutMs: 1000,
        onOutput: (text) => {
          seen += text;
          job ||= pidOf(seen, "job");
          child ||= pidOf(seen, "child");
        },
      },
    );
    expect(result.stopped).toBe("timeout");
    expect(result.restart).toBeUndefined();
    expect(job).toBeGreaterThan(0);
    expect(child).toBeGreaterThan(0);
    expect(isGone(job)).toBe(true);
    expect(isGone(child)).toBe(true);
    expect((await shell.run("echo next")).output).toBe("next");
  });

  it("stops a command that waits for terminal input", async () => {
    const result = await shell.run("echo asking; cat");
    expect(result).toMatchObject({ stopped: "input", waitingForInput: true });
    expect((await shell.run("echo still here")).output).toBe("still here");
  });

  it("cancels a running command when the signal aborts", async () => {
    const controller = new AbortController();
    let seen = "";
    let job = 0;
    const result = await shell.run(
      `echo started ${NS}; sleep 300 & echo job=$!; wait; echo never`,
      {
        signal: controller.signal,
        onOutput: (text) => {
          seen += text;
          job ||= pidOf(seen, "job");
          if (job) controller.abort();
        },
      },
    );
    expect(result.stopped).toBe("cancel");
    expect(result.output).not.toContain("never");
    expect(job).toBeGreaterThan(0);
    await vi.waitFor(() => expect(isGone(job)).toBe(true));
    expect((await shell.run("echo after")).output).toBe("after");
  });

  it("restarts after `exit` and after the shell died, still sandboxed", async () => {
    await shell.run("export LOST=1");
    const exited = await shell.run("echo bye; exit 3");
    expect(exited).toMatchObject({ exitCode: 3, restart: "exited", output: "bye", cwd: root });
    const pid = pidOf((await shell.run(`echo ${NS} shell=$$`)).output, "shell");
    expect(pid).toBeGreaterThan(0);
    process.kill(pid, "SIGKILL");
    await vi.waitFor(() => expect(shell.running).toBe(false));
    const next = await shell.run('echo "[$LOST]"; touch /usr/north-outside');
    expect(next).toMatchObject({ restart: "before" });
    expect(next.output).toMatch(/^\[\]\n.*Read-only file system/);
  });

  it("starts a command in RunOptions.cwd, and ignores one that is gone", async () => {
    mkdirSync(path.join(root, "elsewhere"), { recursive: true });
    const moved = await shell.run("pwd", { cwd: path.join(root, "elsewhere") });
    expect(moved).toMatchObject({
      output: path.join(root, "elsewhere"),
      cwd: path.join(root, "elsewhere"),
    });
    const stays = await shell.run("pwd", { cwd: path.join(root, "gone") });
    expect(stays.output).toBe(path.join(root, "elsewhere"));
    await shell.run("cd ..");
  });

  it("kills the jobs at dispose", async () => {
    const doomed = createShellService({ root, shell: "/bin/bash", sandbox: "read-only" });
    const result = await doomed.run(`echo ${NS}; sleep 300 & echo job=$!; touch inside`);
    expect(result.output).toMatch(/Read-only file system/);
    const job = pidOf(result.output, "job");
    expect(job).toBeGreaterThan(0);
    await doomed.dispose();
    await vi.waitFor(() => expect(isGone(job)).toBe(true));
  });
});
