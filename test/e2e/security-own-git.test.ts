// Review R1 (issue 25): git that North itself runs (the project card at every start, `hotfiles`)
// must never run a program a repository chose — neither one a sandboxed command planted through
// `.git/commondir`, nor one the repository arrived with in `.git/config` — and never with the
// person's keys in its environment.
import { execFileSync } from "node:child_process";
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { makeHome, makeRepo, runCli } from "../support/cli-runner.js";
import { reply, startMockModelServer, type MockModelServer } from "../support/mock-model-server.js";

let server: MockModelServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const KEY = "sk-ant-r1-secretkey-123";
const git = (cwd: string, ...args: string[]) =>
  execFileSync("git", ["-c", "user.email=a@b", "-c", "user.name=a", ...args], {
    cwd,
    encoding: "utf8",
  }).trim();

function committedRepo(): string {
  const repo = makeRepo();
  git(repo, "add", "-A");
  git(repo, "commit", "-qm", "first");
  return repo;
}

/** Outside the repository and outside /tmp (the sandbox hides /tmp): where a payload reports. */
const outside = () => mkdtempSync(join("/var/tmp", "north-r1-"));

/** A program that reports where it ran and with which keys: `<out>/PWNED`. */
function payload(dir: string, out: string): string {
  const file = join(dir, "payload");
  writeFileSync(file, `#!/bin/sh\n{ echo ran; env | grep API_KEY; } > ${out}/PWNED 2>&1\nexit 1\n`);
  chmodSync(file, 0o755);
  return file;
}

/** A commit whose header carries a (fake) signature, so `log.showSignature` verifies it. */
const SIGNED_COMMIT = (kind: "PGP" | "SSH") =>
  [
    "R=$(pwd)",
    "tree=$(git rev-parse 'HEAD^{tree}'); parent=$(git rev-parse HEAD)",
    `printf 'tree %s\\nparent %s\\nauthor a <a@b> 1700000000 +0000\\ncommitter a <a@b> 1700000000 +0000\\ngpgsig -----BEGIN ${kind} SIGNATURE-----\\n \\n AAAA\\n -----END ${kind} SIGNATURE-----\\n\\nsig\\n' $tree $parent > "\${TMPDIR:-/tmp}/c"`,
    'c=$(git hash-object -t commit -w "${TMPDIR:-/tmp}/c"); git update-ref HEAD $c',
  ].join("\n");

async function run(cwd: string, env: Record<string, string>, steps: ReturnType<typeof reply>[]) {
  server = await startMockModelServer([...steps, reply().text("Done.")]);
  const result = await runCli(
    ["-p", "go", "--model", "claude-sonnet-5-5", "--output-format", "stream-json"],
    { cwd, env: { ...env, ANTHROPIC_API_KEY: KEY, ANTHROPIC_BASE_URL: server.anthropicBaseUrl } },
  );
  await server.close();
  server = undefined;
  return result;
}

async function runApproved(cwd: string, env: Record<string, string>, command: string) {
  server = await startMockModelServer([
    reply().tool("shell_run", { command }),
    reply().tool("hotfiles", {}),
    reply().text("Done."),
  ]);
  const result = await runCli(["-p", "go", "--model", "claude-sonnet-5-5", "--approve", "all"], {
    cwd,
    env: { ...env, ANTHROPIC_API_KEY: KEY, ANTHROPIC_BASE_URL: server.anthropicBaseUrl },
  });
  const hotfiles = JSON.stringify(server.requests.at(-1)?.body ?? {});
  await server.close();
  server = undefined;
  return { ...result, hotfiles };
}

describe("R1: North's own git runs nothing a repository chose", () => {
  it("a commondir planted from the sandbox: neither hotfiles nor the next start's card runs it", async () => {
    const repo = committedRepo();
    const out = outside();
    const { env } = makeHome();
    const plant = [
      SIGNED_COMMIT("PGP"),
      "mkdir -p .git/x && cp .git/config .git/x/config",
      "for d in objects refs packed-refs info; do ln -s ../$d .git/x/$d; done",
      `printf '#!/bin/sh\\n{ echo ran; env | grep API_KEY; } > ${out}/PWNED 2>&1\\n' > .git/x/gpg`,
      "chmod +x .git/x/gpg",
      `printf '[log]\\n\\tshowSignature = true\\n[gpg]\\n\\tprogram = %s/.git/x/gpg\\n' "$R" >> .git/x/config`,
      "printf 'x\\n' > .git/commondir && echo planted",
    ].join("\n");
    const first = await runApproved(repo, env, plant);
    expect(first.code, first.stderr).toBe(0);
    expect(first.hotfiles).toContain("planted");
    expect(first.hotfiles).toMatch(/Most-changed|Most recently modified/);
    expect(existsSync(join(out, "PWNED"))).toBe(false);
    // The next start builds the project card (HEAD changed): no git of its runs the program.
    rmSync(join(repo, ".north", "cache"), { recursive: true, force: true });
    const second = await run(repo, env, []);
    expect(second.code, second.stderr).toBe(0);
    expect(existsSync(join(out, "PWNED"))).toBe(false);
  }, 60_000);

  const arrivals: [string, string, "PGP" | "SSH"][] = [
    [
      "log.showSignature + gpg.program",
      "[log]\n\tshowSignature = true\n[gpg]\n\tprogram = P\n",
      "PGP",
    ],
    [
      "gpg.format=ssh + gpg.ssh.program (another key)",
      '[log]\n\tshowSignature = true\n[gpg]\n\tformat = ssh\n[gpg "ssh"]\n\tprogram = P\n',
      "SSH",
    ],
    ["core.fsmonitor + diff.external", "[core]\n\tfsmonitor = P\n[diff]\n\texternal = P\n", "PGP"],
  ];
  for (const [name, config, kind] of arrivals) {
    it(`a repository that arrives with ${name} in .git/config: the card at start runs nothing`, async () => {
      const repo = committedRepo();
      const out = outside();
      const program = payload(repo, out);
      execFileSync("sh", ["-c", SIGNED_COMMIT(kind)], { cwd: repo });
      writeFileSync(
        join(repo, ".git", "config"),
        readFileSync(join(repo, ".git", "config"), "utf8") + config.replaceAll("P", program),
      );
      const { env } = makeHome();
      const r = await run(repo, env, [reply().tool("hotfiles", {})]);
      expect(r.code, r.stderr).toBe(0);
      expect(existsSync(join(out, "PWNED"))).toBe(false);
    }, 60_000);
  }

  it("a .git file naming a git directory outside the repository runs nothing either", async () => {
    const repo = committedRepo();
    const out = outside();
    const program = payload(out, out);
    execFileSync("sh", ["-c", SIGNED_COMMIT("PGP")], { cwd: repo });
    const elsewhere = join(out, "gitdir");
    execFileSync("mv", [join(repo, ".git"), elsewhere]);
    writeFileSync(join(repo, ".git"), `gitdir: ${elsewhere}\n`);
    const config = join(elsewhere, "config");
    writeFileSync(
      config,
      `${readFileSync(config, "utf8")}[log]\n\tshowSignature = true\n[gpg]\n\tprogram = ${program}\n`,
    );
    const { env } = makeHome();
    const r = await run(repo, env, [reply().tool("hotfiles", {})]);
    expect(r.code, r.stderr).toBe(0);
    expect(existsSync(join(out, "PWNED"))).toBe(false);
    mkdirSync(join(out, "done"));
  }, 60_000);
});

// Sanity: the payload does run when git itself is told to verify (so the tests above can fail).
describe("the payload", () => {
  it("runs under a plain git log --show-signature", () => {
    const repo = committedRepo();
    const out = outside();
    const program = payload(repo, out);
    execFileSync("sh", ["-c", SIGNED_COMMIT("PGP")], { cwd: repo });
    try {
      git(repo, "-c", `gpg.program=${program}`, "log", "--show-signature", "-n1");
    } catch {
      // git may complain about the signature; the program ran all the same.
    }
    expect(existsSync(join(out, "PWNED"))).toBe(true);
  });
});
