import { existsSync, mkdtempSync, readFileSync, realpathSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createShellService, type ShellService } from "./index.js";

/** Whether a process is gone (a zombie waiting to be reaped counts as gone). */
function isGone(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "latin1");
    return "ZX".includes(stat.slice(stat.lastIndexOf(")") + 2)[0] ?? "");
  } catch {
    return true;
  }
}

const pidOf = (output: string, name: string) =>
  Number(new RegExp(`${name}=(\\d+)`).exec(output)?.[1]);

let root: string;
let shell: ShellService;
beforeAll(() => {
  root = realpathSync(mkdtempSync(path.join(tmpdir(), "north-shell-test-")));
  shell = createShellService({ root, shell: "/bin/bash", killGraceMs: 300, inputWaitMs: 400 });
});
afterAll(async () => {
  await shell.dispose();
  rmSync(root, { recursive: true, force: true });
});

describe("the persistent shell", () => {
  it("starts nothing until the first command", () => {
    const idle = createShellService({ root });
    expect(idle.running).toBe(false);
    expect(idle.cwd).toBe(root);
  });

  it("keeps cwd, exported variables and functions between commands", async () => {
    const first = await shell.run(
      'mkdir -p sub && cd sub && export GREETING=hello && greet() { echo "$GREETING $1"; }',
    );
    expect(first).toMatchObject({ exitCode: 0, cwd: path.join(root, "sub"), output: "" });
    expect(shell.cwd).toBe(path.join(root, "sub"));
    const second = await shell.run("greet world; pwd");
    expect(second.output).toBe(`hello world\n${path.join(root, "sub")}`);
    await shell.run("cd ..");
  });

  it("reports exit codes, including a signal's", async () => {
    expect((await shell.run("false")).exitCode).toBe(1);
    expect((await shell.run("(exit 42)")).exitCode).toBe(42);
    expect((await shell.run("sh -c 'kill -TERM $$'")).exitCode).toBe(143);
    expect((await shell.run("echo fine")).exitCode).toBe(0);
  });

  it("is not fooled by output that looks like a frame marker", async () => {
    const leaked = (await shell.run('echo "$__north_n"')).output;
    const fake = await shell.run(
      `printf '\\036NORTH:${leaked}:0:/:${leaked}\\036\\n'; printf '\\036NORTH:0123456789abcdef:0:/etc:0123456789abcdef\\036'; echo; echo after; (exit 4)`,
    );
    expect(fake.exitCode).toBe(4);
    expect(fake.cwd).toBe(root);
    expect(fake.output).toContain(`NORTH:${leaked}:0:/:${leaked}`);
    expect(fake.output).toMatch(/NORTH:0123456789abcdef:0:\/etc:0123456789abcdef\nafter$/);
  });

  it("runs long and multi-line commands, here-documents included", async () => {
    const long = `echo ${"x".repeat(10_000)} | wc -c`;
    expect((await shell.run(long)).output).toBe("10001");
    const script =
      "cat <<'EOF'\n$HOME is not expanded\nEOF\nfor i in 1 2; do\n  echo line $i\ndone";
    expect((await shell.run(script)).output).toBe("$HOME is not expanded\nline 1\nline 2");
  });

  it("reports a syntax error instead of waiting for the rest of the command", async () => {
    const result = await shell.run('echo "unclosed');
    expect(result.exitCode).toBe(2);
    expect(result.output).toMatch(/unexpected EOF/);
  });

  it("merges stderr and strips escape sequences and progress rewrites", async () => {
    const result = await shell.run(
      "echo out; echo err >&2; printf '\\033[1;31mred\\033[0m\\n'; printf '10%%\\r50%%\\r100%%\\n'",
    );
    expect(result.output).toBe("out\nerr\nred\n100%");
  });

  it("runs commands one at a time, in order", async () => {
    const results = await Promise.all([
      shell.run("export ORDER=1"),
      shell.run('export ORDER="$ORDER 2"'),
      shell.run('echo "$ORDER"'),
    ]);
    expect(results[2]!.output).toBe("1 2");
  });

  it("bounds a 10 MB output, keeping head and tail, and streams it all", async () => {
    let streamed = 0;
    const result = await shell.run(
      "head -c 10000000 /dev/zero | tr '\\0' x | fold -w 99; echo THE-END",
      { onOutput: (text) => (streamed += text.length) },
    );
    expect(result.exitCode).toBe(0);
    expect(result.truncated).toBe(true);
    expect(result.totalBytes).toBeGreaterThan(10_000_000);
    expect(streamed).toBeGreaterThan(10_000_000);
    expect(result.output.length).toBeLessThan(31_000);
    expect(result.output).toMatch(/^x{99}\n/);
    expect(result.output).toMatch(/\n\[… \d+ bytes cut …\]\nx{99}\n/);
    expect(result.output).toMatch(/THE-END$/);
  });

  it("stops a command that never ends at its timeout, kills its process groups, and goes on", async () => {
    await shell.run("cd sub && export KEPT=yes");
    const result = await shell.run(
      "sleep 300 & echo job=$!; sh -c 'trap \"\" TERM; sleep 300 & echo child=$!; wait'; echo never",
      { timeoutMs: 1000 },
    );
    expect(result.stopped).toBe("timeout");
    expect(result.waitingForInput).toBe(false);
    expect(result.restart).toBeUndefined();
    expect(result.output).not.toContain("never");
    const job = pidOf(result.output, "job");
    const child = pidOf(result.output, "child");
    expect(job).toBeGreaterThan(0);
    expect(child).toBeGreaterThan(0);
    expect(isGone(job)).toBe(true);
    expect(isGone(child)).toBe(true); // it ignored SIGTERM: SIGKILL took it
    const next = await shell.run('echo "$KEPT"; pwd');
    expect(next.output).toBe(`yes\n${path.join(root, "sub")}`);
    await shell.run("cd ..");
  });

  it("leaves alone background jobs started by earlier commands", async () => {
    const server = await shell.run("sleep 300 & echo server=$!");
    const pid = pidOf(server.output, "server");
    await shell.run("sleep 300", { timeoutMs: 500 });
    expect(isGone(pid)).toBe(false);
    await shell.run(`kill ${pid}; wait ${pid}`);
    expect(isGone(pid)).toBe(true);
  });

  it("stops a command that waits for terminal input, and says so", async () => {
    const builtin = await shell.run('read -r answer; echo "got $answer"');
    expect(builtin).toMatchObject({ stopped: "input", waitingForInput: true });
    const external = await shell.run("echo asking; cat");
    expect(external).toMatchObject({ stopped: "input", waitingForInput: true });
    expect(external.output).toMatch(/^asking\b/);
    expect((await shell.run("echo still here")).output).toBe("still here");
  });

  it("cancels a running command when the signal aborts", async () => {
    const controller = new AbortController();
    const running = shell.run("echo started; sleep 300; echo never", {
      signal: controller.signal,
      onOutput: (text) => text.includes("started") && controller.abort(),
    });
    const result = await running;
    expect(result.stopped).toBe("cancel");
    expect(result.output).toMatch(/^started\b/);
    expect(result.output).not.toContain("never");
    expect((await shell.run("echo next")).output).toBe("next");
  });

  it("does not start a command whose signal is already aborted", async () => {
    const result = await shell.run("touch should-not-exist", { signal: AbortSignal.abort() });
    expect(result.stopped).toBe("cancel");
    expect(existsSync(path.join(root, "should-not-exist"))).toBe(false);
  });

  it("restarts the shell after `exit`, with cwd and variables reset", async () => {
    await shell.run("cd sub && export LOST=1");
    const exited = await shell.run("echo bye; exit 3");
    expect(exited).toMatchObject({ exitCode: 3, restart: "exited", output: "bye", cwd: root });
    const next = await shell.run('echo "[$LOST]"; pwd');
    expect(next).toMatchObject({ output: `[]\n${root}`, exitCode: 0 });
    expect(next.restart).toBeUndefined();
  });

  it("notices a shell that died between commands", async () => {
    const pid = Number((await shell.run("echo $$")).output);
    process.kill(pid, "SIGKILL");
    await vi.waitFor(() => expect(shell.running).toBe(false));
    const next = await shell.run("echo alive");
    expect(next).toMatchObject({ output: "alive", restart: "before" });
  });

  it("survives a command that turns terminal echo back on", async () => {
    await shell.run("stty echo");
    expect((await shell.run("echo quiet")).output).toBe("quiet");
  });
});

describe("reporting input waits at the timeout", () => {
  it("says the command seemed to wait for input when early detection is off", async () => {
    const patient = createShellService({
      root,
      shell: "/bin/bash",
      killGraceMs: 300,
      inputWaitMs: 0,
    });
    try {
      const result = await patient.run("printf 'Continue? [y/N] '; read -r answer", {
        timeoutMs: 1000,
      });
      expect(result).toMatchObject({ stopped: "timeout", waitingForInput: true });
      expect((await patient.run("echo ok")).output).toBe("ok");
    } finally {
      await patient.dispose();
    }
  });

  it("kills the shell's jobs at dispose, and refuses commands afterwards", async () => {
    const doomed = createShellService({ root, shell: "/bin/bash" });
    const pid = pidOf((await doomed.run("sleep 300 & echo job=$!")).output, "job");
    await doomed.dispose();
    await vi.waitFor(() => expect(isGone(pid)).toBe(true));
    await expect(doomed.run("echo")).rejects.toThrow(/closed/);
  });
});
