import { existsSync, mkdtempSync, realpathSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chooseShell, shellQuote } from "./dialect.js";
import { createShellService } from "./shell-service.js";

describe("chooseShell", () => {
  it("takes $SHELL when it is bash or zsh, else bash, else /bin/sh", () => {
    expect(chooseShell({ SHELL: "/bin/bash", PATH: "/usr/bin" }).kind).toBe("bash");
    if (existsSync("/usr/bin/zsh")) {
      expect(chooseShell({ SHELL: "/usr/bin/zsh" })).toMatchObject({ kind: "zsh" });
    }
    expect(chooseShell({ SHELL: "/usr/bin/fish", PATH: "/usr/bin:/bin" }).kind).toBe("bash");
    expect(chooseShell({ SHELL: "relative/bash" }).kind).toBe("bash");
    expect(chooseShell({}, "/bin/sh")).toMatchObject({ kind: "sh", file: "/bin/sh" });
  });

  it("quotes words for the shell", () => {
    expect(shellQuote("it's")).toBe(`'it'\\''s'`);
  });
});

const SHELLS = ["/bin/bash", "/usr/bin/zsh", "/bin/sh"].filter((f) => existsSync(f));

describe.each(SHELLS)("the shell driven through %s", (file) => {
  let root: string;
  beforeAll(() => {
    root = realpathSync(mkdtempSync(path.join(tmpdir(), "north-dialect-")));
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it("keeps state, reports exit codes, stops and restarts", async () => {
    const shell = createShellService({ root, shell: file, killGraceMs: 300, inputWaitMs: 400 });
    try {
      await shell.run('mkdir -p d && cd d && export V=kept && f() { echo "f:$V"; }');
      expect((await shell.run("f; pwd")).output).toBe(`f:kept\n${path.join(root, "d")}`);
      expect((await shell.run("(exit 7)")).exitCode).toBe(7);
      expect((await shell.run("printf 'no newline'")).output).toBe("no newline");
      const slow = await shell.run("sleep 300; echo never", { timeoutMs: 800 });
      expect(slow.stopped).toBe("timeout");
      expect(slow.output).not.toContain("never");
      const waiting = await shell.run("read answer");
      expect(waiting).toMatchObject({ stopped: "input", waitingForInput: true });
      expect((await shell.run("echo $V")).output).toBe("kept");
      expect(await shell.run("exit 5")).toMatchObject({ exitCode: 5, restart: "exited" });
      expect((await shell.run("pwd")).output).toBe(root);
      // RunOptions.cwd goes past a function named cd, and stays put when the folder is gone.
      await shell.run("cd() { echo hijacked; }");
      const moved = await shell.run("pwd", { cwd: path.join(root, "d") });
      expect(moved).toMatchObject({ output: path.join(root, "d"), cwd: path.join(root, "d") });
      expect((await shell.run("pwd", { cwd: path.join(root, "gone") })).output).toBe(
        path.join(root, "d"),
      );
    } finally {
      await shell.dispose();
    }
  });
});
