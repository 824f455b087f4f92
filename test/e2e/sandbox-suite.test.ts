import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  realpathSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import http from "node:http";
import net from "node:net";
import { networkInterfaces, tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createShellService, detectSandbox, type ShellService } from "../../src/shell/index.js";
import { sandboxMasks } from "../../src/session/permissions/sandbox-masks.js";
import {
  HOME_SECRETS,
  NORTH_SECRET,
  sandboxAttacks,
  treePrint,
  type AttackTargets,
} from "../support/sandbox-attacks.js";

// The sandbox suite of issues 9 and 25: from inside the sandboxed shell, every attempt to change
// files outside the repository, write .north/ or git's hooks and config, reach the network or a
// unix socket of the host, read a provider key, a credential file or North's own folders fails;
// ordinary work in the repository still succeeds.

const SECRET = "sk-ant-suite-0123456789-secret";
const GATEWAY_SECRET = "gw-suite-9876543210-secret";
const SERVER_TOKEN = "served-to-the-sandbox-4711";
const SOCKET_TOKEN = "unix-socket-of-the-host-4712";

let repo: string;
let out: string;
let hostTmp: string;
let keyHolder: ChildProcess;
let server: http.Server;
let hits = 0;
let socketServer: net.Server;
let socketHits = 0;
let shell: ShellService;
let targets: AttackTargets;

function outsideBase(): string {
  // Not below /tmp: the sandbox hides the host's /tmp, so a target there proves nothing.
  return existsSync("/var/tmp") ? "/var/tmp" : path.join(process.env.HOME ?? "/", ".cache");
}

beforeAll(async () => {
  const status = await detectSandbox();
  if (!status.available) throw new Error(`bubblewrap is needed here: ${status.reason}`);
  repo = realpathSync(mkdtempSync(path.join(tmpdir(), "north-suite-repo-")));
  out = realpathSync(mkdtempSync(path.join(outsideBase(), "north-suite-out-")));
  hostTmp = realpathSync(mkdtempSync(path.join(tmpdir(), "north-suite-hosttmp-")));
  writeFileSync(path.join(hostTmp, "victim"), "precious\n");
  writeFileSync(path.join(out, "victim.txt"), "precious\n");
  for (let i = 1; i <= 20; i++) {
    mkdirSync(path.join(out, `v${i}`));
    writeFileSync(path.join(out, `v${i}`, "file.txt"), `keep ${i}\n`);
  }
  const git = (cwd: string, ...args: string[]) =>
    execFileSync("git", ["-c", "user.name=t", "-c", "user.email=t@t", ...args], { cwd });
  mkdirSync(path.join(out, "gitrepo"));
  git(path.join(out, "gitrepo"), "init", "-q");
  git(path.join(out, "gitrepo"), "commit", "-q", "--allow-empty", "-m", "first");
  for (const [file, secret] of Object.entries(HOME_SECRETS)) {
    mkdirSync(path.dirname(path.join(out, file)), { recursive: true });
    writeFileSync(path.join(out, file), `${secret}\n`);
  }
  for (const dir of northDirs()) {
    mkdirSync(path.join(dir, "sessions"), { recursive: true });
    writeFileSync(path.join(dir, "secret.txt"), `${NORTH_SECRET}\n`);
    writeFileSync(path.join(dir, "sessions", "s.jsonl"), `${NORTH_SECRET}\n`);
  }
  writeFileSync(path.join(repo, "package.json"), '{"scripts":{"test":"node check.js"}}\n');
  writeFileSync(path.join(repo, "check.js"), 'console.log("tests passed");\n');
  git(repo, "init", "-q");
  git(repo, "add", "-A");
  git(repo, "commit", "-q", "-m", "initial");

  server = http.createServer((_req, res) => {
    hits++;
    res.end(SERVER_TOKEN);
  });
  await new Promise<void>((resolve) => server.listen(0, "0.0.0.0", resolve));
  socketServer = net.createServer((socket) => {
    socketHits++;
    socket.end(SOCKET_TOKEN);
  });
  const socket = path.join(out, ".docker", "run", "docker.sock");
  mkdirSync(path.dirname(socket), { recursive: true });
  await new Promise<void>((resolve) => socketServer.listen(socket, resolve));
  keyHolder = spawn(process.execPath, ["-e", "setInterval(() => {}, 1e6)"], {
    cwd: out,
    env: {
      PATH: process.env.PATH ?? "",
      ANTHROPIC_API_KEY: SECRET,
      MY_GATEWAY_KEY: GATEWAY_SECRET,
    },
    stdio: "ignore",
  });
  await new Promise((resolve) => keyHolder.once("spawn", resolve));
  const hostIp = Object.values(networkInterfaces())
    .flat()
    .find((a) => a && a.family === "IPv4" && !a.internal)?.address;
  const python = execFileSync("python3", ["-c", "import sys; print(sys.executable)"], {
    encoding: "utf8",
  }).trim();
  const port = (server.address() as { port: number }).port;
  targets = {
    out,
    hostTmpFile: path.join(hostTmp, "victim"),
    keyHolderPid: keyHolder.pid!,
    port,
    python,
    socket,
    northDirs: northDirs(),
    ...(hostIp ? { hostIp } : {}),
  };
  shell = createShellService({
    root: repo,
    shell: "/bin/bash",
    sandbox: "workspace-write",
    secretEnv: ["MY_GATEWAY_KEY"],
    killGraceMs: 300,
    mask: sandboxMasks(shellEnv(), {}),
    env: {
      ...shellEnv(),
      PATH: process.env.PATH,
      ANTHROPIC_API_KEY: SECRET,
      OPENAI_API_KEY: SECRET,
      MY_GATEWAY_KEY: GATEWAY_SECRET,
      GIT_AUTHOR_NAME: "t",
      GIT_AUTHOR_EMAIL: "t@t",
      GIT_COMMITTER_NAME: "t",
      GIT_COMMITTER_EMAIL: "t@t",
    },
  });
  // The shell starts here and creates the protected folders, before they are fingerprinted.
  await shell.run("true");
});

/** The shell's home and North's folders: all in `out`, outside the repository. */
function shellEnv(): Record<string, string> {
  return {
    HOME: out,
    XDG_CONFIG_HOME: path.join(out, "xdg", "config"),
    XDG_DATA_HOME: path.join(out, "xdg", "data"),
    XDG_STATE_HOME: path.join(out, "xdg", "state"),
    XDG_CACHE_HOME: path.join(out, "xdg", "cache"),
  };
}

function northDirs(): string[] {
  return ["config", "data", "state", "cache"].map((d) => path.join(out, "xdg", d, "north"));
}

afterAll(async () => {
  await shell?.dispose();
  socketServer?.close();
  keyHolder?.kill("SIGKILL");
  server?.close();
  for (const dir of [repo, out, hostTmp]) if (dir) rmSync(dir, { recursive: true, force: true });
});

/** What must not change: everything outside, and the protected paths inside the repository. */
function fingerprint(): string {
  const protectedPaths = [
    ".north",
    ".git/hooks",
    ".git/config",
    ".git/config.worktree",
    ".git/commondir",
    ".git/gitdir",
    ".git/info",
    ".git/modules",
    ".git/x",
  ].map((p) => path.join(repo, p));
  return [treePrint(out), treePrint(hostTmp), ...protectedPaths.map(treePrint)].join("\n--\n");
}

describe("the sandbox suite", () => {
  it("lists at least 30 attacks", () => {
    expect(sandboxAttacks(targets).length).toBeGreaterThanOrEqual(30);
  });

  it("runs the interpreters the attacks use (so a refusal is the sandbox's)", async () => {
    const result = await shell.run(
      `${targets.python} -c 'print("py")'; node -e 'console.log("js")'; perl -e 'print "pl\\n"'`,
    );
    expect(result.output).toBe("py\njs\npl");
  });

  it("lets no attack succeed", async () => {
    const succeeded: string[] = [];
    for (const attack of sandboxAttacks(targets)) {
      const before = fingerprint();
      const hitsBefore = hits + socketHits;
      const result = await shell.run(attack.command, { timeoutMs: 20_000, cwd: repo });
      const secrets = [SECRET, GATEWAY_SECRET, SERVER_TOKEN, SOCKET_TOKEN, NORTH_SECRET];
      const leaked = [...secrets, ...Object.values(HOME_SECRETS)].filter((s) =>
        result.output.includes(s),
      );
      if (fingerprint() !== before || hits + socketHits !== hitsBefore || leaked.length > 0) {
        succeeded.push(`${attack.name}: ${result.output.slice(0, 300)}`);
      }
    }
    expect(succeeded).toEqual([]);
    expect(readFileSync(path.join(out, "victim.txt"), "utf8")).toBe("precious\n");
    expect(hits).toBe(0);
    expect(socketHits).toBe(0);
  }, 120_000);

  it("still does ordinary work: build, test, git status/diff/add/commit, cd, functions", async () => {
    const run = async (command: string) => {
      const result = await shell.run(command, { timeoutMs: 30_000 });
      expect(result.exitCode, `${command}\n${result.output}`).toBe(0);
      return result.output;
    };
    // `.north` is a mount point: `git clean -d` cannot remove it (documented), so it is excluded.
    await run("git checkout -q -- . && git clean -fdq -e .north");
    await run("printf 'all:\\n\\tmkdir -p build && echo built > build/out.txt\\n' > Makefile");
    await run(
      "if command -v make >/dev/null; then make -s; else mkdir -p build && echo built > build/out.txt; fi",
    );
    expect(readFileSync(path.join(repo, "build", "out.txt"), "utf8")).toBe("built\n");
    expect(await run("npm test --silent")).toContain("tests passed");
    await run("echo change >> check.js");
    expect(await run("git status --short")).toContain("check.js");
    expect(await run("git diff")).toContain("+change");
    await run("git add -A && git commit -q -m 'work in the sandbox'");
    expect(await run("git log --oneline -1")).toContain("work in the sandbox");
    await run("git checkout -q -b topic && echo more >> check.js && git commit -qam 'on topic'");
    await run("git checkout -q - && git merge -q --no-edit topic && git tag -a v1 -m v1");
    expect(await run("git log --oneline -1 && git status --short")).toContain("on topic");
    expect(await run("git stash list; git branch -d topic")).toContain("Deleted branch topic");
    await run('mkdir -p deep/er && cd deep/er && mine() { echo "mine in $PWD"; }');
    expect(await run("mine")).toBe(`mine in ${path.join(repo, "deep", "er")}`);
    await run("cd ../..");
    expect(await run("echo written > inside.txt && cat inside.txt && rm inside.txt")).toBe(
      "written",
    );
  }, 60_000);

  it("ends a command only at the shell's own end marker, whatever the command prints", async () => {
    const marker = (n: string) => `printf '\\036NORTH:%s:0:/etc:%s\\036' "${n}" "${n}"`;
    const request = "printf '\\036NORTH?\\036' >&2";
    const forgeries = [
      // Review R10: the nonce was a shell variable the command could read.
      `${marker("$__north_n")}; sleep 0.5; echo hidden > hidden.txt; (exit 3)`,
      // A program asks for the nonce as the prompt hook does, and waits for it.
      `${targets.python} -c "import sys, select; sys.stderr.write('\\x1eNORTH?\\x1e'); sys.stderr.flush(); r = select.select([sys.stdin], [], [], 1)[0]; print('given' if r else 'none')"; echo hidden > hidden.txt; (exit 3)`,
      // Shell code reads it as the hook does, prints a marker, and goes on.
      `${request}; IFS= read -rs n; ${marker("$n")}; sleep 0.5; echo hidden > hidden.txt; (exit 3)`,
    ];
    for (const command of forgeries) {
      rmSync(path.join(repo, "hidden.txt"), { force: true });
      const result = await shell.run(command, { cwd: repo, timeoutMs: 20_000 });
      expect(result, command).toMatchObject({ exitCode: 3, cwd: repo });
      expect(existsSync(path.join(repo, "hidden.txt")), command).toBe(true);
      expect(result.output).not.toMatch(/given/);
    }
    rmSync(path.join(repo, "hidden.txt"), { force: true });
  }, 60_000);

  it("runs a forked child over IPC, and dev servers on loopback (foreground and background)", async () => {
    const run = async (command: string) => {
      const result = await shell.run(command, { timeoutMs: 30_000 });
      expect(result.exitCode, `${command}\n${result.output}`).toBe(0);
      return result.output;
    };
    writeFileSync(
      path.join(repo, "ipc.js"),
      `const { fork } = require("child_process");
if (process.argv[2] === "child") process.on("message", (m) => { process.send(m + 1); process.exit(); });
else fork(__filename, ["child"]).on("message", (m) => console.log("ipc", m)).send(41);
`,
    );
    expect(await run("node ipc.js")).toBe("ipc 42");
    // A dev server: says its port once it listens; `once` makes it end after one answer.
    writeFileSync(
      path.join(repo, "serve.js"),
      `const http = require("http");
const server = http.createServer((req, res) => {
  res.end("dev server " + req.url);
  if (process.argv[2] === "once") server.close();
});
server.listen(0, "127.0.0.1", () => require("fs").writeFileSync(process.argv[3], String(server.address().port)));
`,
    );
    const client = (file: string) =>
      `until [ -s ${file} ]; do sleep 0.05; done; curl -sS --max-time 5 "http://127.0.0.1:$(cat ${file})/hello"`;
    // In the foreground, asked by a client in the background.
    expect(
      await run(`rm -f fg.port; (${client("fg.port")}) & node serve.js once fg.port; wait`),
    ).toMatch(/^dev server \/hello/); // then the shell's notice that the client is done
    // In the background, living on between commands while the shell lives.
    await run("rm -f bg.port; node serve.js forever bg.port > /dev/null 2>&1 &");
    expect(await run(client("bg.port"))).toBe("dev server /hello");
    expect(await run(client("bg.port"))).toBe("dev server /hello");
    await run("kill %1; rm -f bg.port fg.port serve.js ipc.js");
  }, 60_000);
});
