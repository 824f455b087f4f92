import { describe, expect, it } from "vitest";
import { parseCommands } from "./command-words.js";
import { DANGER_RULES, detectDanger, detectWorkLoss } from "./danger.js";

const root = "/home/ann/repo";
const context = { root, home: "/home/ann" };
const check = (command: string, cwd = root) => detectDanger(command, { ...context, cwd });

/** [command, what the reason must mention] — every one must be flagged. */
const FLAGGED: [string, RegExp][] = [
  ["rm -rf {..,}", /only known when the command runs/],
  ["find -L / -delete", /outside/],
  ["git reset --ha", /reset --hard|discards|undo/i],
  ["$RM -rf ~/x", /only known when the command runs/],
  ['"$(echo rm)" -rf /', /only known when the command runs/],
  ['rm -f "$HOME/.bashrc"', /only known when the command runs/],
  ['echo x > "$HOME/.bashrc"', /only known when the command runs/],
  ["sudo -u root rm -rf ~/x", /outside/],
  ["timeout --signal KILL 5 rm -rf ~/x", /outside/],
  ["setsid rm -rf ~/x", /outside/],
  ["echo '{}' > .north/allowlist.json", /permission files/],
  ["cp /tmp/a .north/autoaccept.json", /permission files/],
  ["rm -rf /", /deletes \/, outside the repository/],
  ["rm -rf /etc/nginx", /deletes \/etc\/nginx, outside the repository/],
  ["rm -r ~/notes", /~\/notes, outside/],
  ["rm -rf ~", /deletes ~, outside/],
  ["rm -fr ../other", /\.\.\/other, outside/],
  ["rm -R ../../", /outside/],
  ["rm --recursive /srv/data", /outside/],
  ["rm -rf $HOME/x", /only known when the command runs/],
  ['rm -rf "$BUILD_DIR"/', /only known when the command runs/],
  ["rm -rf `pwd`/..", /only known/],
  ["rm -rf .", /whole repository/],
  ["rm -rf *", /whole repository/],
  ["rm -rf .git", /git's own data/],
  ["rm -rf .*", /git's own data/],
  ["rm ~/.bashrc", /outside the repository/],
  ["rm -rf /*", /outside/],
  ["rm -rf /tmp/scratch", /outside/],
  ["rm -rf ../repo", /whole repository/],
  ["rm -rf ~bob/x", /only known/],
  ["cd .. && rm -rf repo-copy", /\.\.|repo-copy, outside/],
  ["cd /tmp; rm -rf build", /build, outside/],
  ["cd $DIR && rm -rf build", /only known/],
  ["sudo rm -rf /var/lib/app", /outside/],
  ["env FOO=1 nohup rm -rf /opt/x", /outside/],
  ["find . -name '*.o' | xargs rm -rf", /read from its input/],
  ["ls; echo ok && rm -rf /data || true", /outside/],
  ["echo $(rm -rf /data)", /outside/],
  ["bash -c 'rm -rf ~/work'", /outside/],
  ['sh -c "cd / && rm -rf srv"', /outside/],
  ["eval rm -rf /data", /outside/],
  ["if true; then rm -rf /data; fi", /outside/],
  ["(cd /; rm -rf usr)", /outside/],
  ["find /var/log -name '*.gz' -delete", /outside/],
  ["find ~ -exec rm {} \\;", /outside/],
  ["git reset --hard", /git reset --hard/],
  ["git reset --hard HEAD~3", /git reset --hard/],
  ["git -C sub reset --hard origin/main", /git reset --hard/],
  ["git stash && git reset --hard", /git reset --hard/],
  ["git clean -f", /git clean -f/],
  ["git clean -fdx", /git clean -f/],
  ["git clean --force -d", /git clean -f/],
  ["git checkout -- .", /git checkout \./],
  ["git checkout .", /git checkout \./],
  ["git checkout HEAD -- :/", /git checkout \./],
  ["git restore .", /git restore \./],
  ["git restore --staged --worktree .", /git restore \./],
  ["git checkout -f main", /git checkout --force/],
  ["git switch --discard-changes main", /discard/],
  ["git push --force", /git push --force/],
  ["git push -f origin main", /git push --force/],
  ["git push --force-with-lease origin feature", /git push --force/],
  ["git push origin +main", /git push --force/],
  ["git push origin --delete old", /deletes a branch on the remote/],
  ["git stash clear", /git stash clear/],
  ["git stash drop stash@{0}", /git stash drop/],
  ["dd if=image.iso of=/dev/sda", /disk device/],
  ["mkfs.ext4 /dev/sdb1", /disk device/],
  ["echo x > ~/.bashrc", /overwrites a file outside the repository/],
  ["cat a >/etc/hosts", /overwrites/],
];

/** Everyday commands that must not be flagged. */
const CLEAN = [
  "rm -rf node_modules dist",
  "rm -rf build/*",
  "rm -f src/old.ts",
  "rm -rf ./coverage",
  "rm -rf /home/ann/repo/tmp",
  "cd src && rm -rf generated",
  "git status && git diff",
  "git reset HEAD~1",
  "git reset --soft HEAD~1",
  "git clean -n",
  "git clean -fdn",
  "git checkout -b feature",
  "git checkout main",
  "git checkout -- src/app.ts",
  "git restore --staged .",
  "git push origin main",
  "git push -u origin feature",
  "git stash && git stash pop",
  "echo 'rm -rf /' > notes.txt",
  "grep -r 'git reset --hard' docs",
  "# rm -rf /\necho hi",
  "cat <<'EOF' > script.sh\nrm -rf /\ngit reset --hard\nEOF\nchmod +x script.sh",
  "npm test 2>&1 | tail -20",
  "ls > /dev/null 2>&1",
  "echo log > /tmp/out.txt",
  "dd if=/dev/zero of=blob.bin bs=1k count=1",
  "find . -name '*.tmp' -delete",
  "python3 -c 'import os; print(1)'",
];

describe("detectDanger", () => {
  it.each(FLAGGED)("flags %s", (command, reason) => {
    const found = check(command);
    expect(found).toMatch(reason);
    expect(found).toMatch(/[.:] .*\.$|\.$/); // whole sentences: the policy appends its own
  });

  it.each(CLEAN.map((c) => [c]))("lets %s through", (command) => {
    expect(check(command)).toBeUndefined();
  });

  it("resolves relative paths from the shell's cwd", () => {
    expect(check("rm -rf ../lib", `${root}/src`)).toBeUndefined();
    expect(check("rm -rf ../../lib", `${root}/src`)).toMatch(/outside/);
    expect(check("git checkout .", `${root}/src`)).toMatch(/git checkout/);
  });

  it("has one rule per concern, each with an id", () => {
    const ids = DANGER_RULES.map((r) => r.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toContain("rm-outside");
    expect(ids).toContain("git-push-force");
  });
});

describe("parseCommands", () => {
  const words = (text: string) => parseCommands(text).map((c) => c.words.map((w) => w.text));

  it("splits on operators and honours quotes", () => {
    expect(words(`a "b c" 'd;e' f\\ g; h && i || j | k & l`)).toEqual([
      ["a", "b c", "d;e", "f g"],
      ["h"],
      ["i"],
      ["j"],
      ["k"],
      ["l"],
    ]);
  });

  it("marks expansions and takes out redirections", () => {
    const [cmd] = parseCommands(`rm -rf "$X/y" 2>/dev/null > out.txt`);
    expect(cmd!.words.map((w) => [w.text, w.dynamic])).toEqual([
      ["rm", false],
      ["-rf", false],
      ["$X/y", true],
    ]);
    expect(cmd!.redirects.map((r) => [r.op, r.target.text])).toEqual([
      [">", "/dev/null"],
      [">", "out.txt"],
    ]);
  });

  it("parses command substitutions as commands of their own and skips here-documents", () => {
    expect(words("echo $(git rev-parse HEAD)\ncat <<EOF\nnot a command\nEOF\nls")).toEqual([
      ["git", "rev-parse", "HEAD"],
      ["echo", "$(git rev-parse HEAD)"],
      ["cat"],
      ["ls"],
    ]);
  });
});

describe("detectWorkLoss: what the sandbox cannot keep", () => {
  const loss = (command: string, cwd = root) => detectWorkLoss(command, { ...context, cwd });
  it("names each command that discards uncommitted work, with its kind and paths", () => {
    expect(loss("git reset --hard")).toMatchObject({ loss: "tracked", paths: [] });
    expect(loss("git checkout -- .")).toMatchObject({ loss: "tracked", paths: [] });
    expect(loss("git restore src/a.ts")).toMatchObject({
      loss: "tracked",
      paths: [`${root}/src/a.ts`],
    });
    expect(loss("cd src && git restore .")).toMatchObject({ loss: "tracked", paths: [] });
    expect(loss("git clean -fd")).toMatchObject({ loss: "untracked" });
    expect(loss("git stash drop")).toMatchObject({ loss: "stash" });
    expect(loss("git stash clear")).toMatchObject({ loss: "stash" });
    expect(loss("git push --force origin main")).toMatchObject({ loss: "remote" });
    expect(loss("rm -rf lib")).toMatchObject({ loss: "folder", paths: [`${root}/lib`] });
    expect(loss("sh -c 'rm -r pkg/x'")).toMatchObject({ paths: [`${root}/pkg/x`] });
  });
  it("leaves alone what keeps the work: status, diff, commit, rm of one file, rm outside", () => {
    for (const command of [
      "git status",
      "git diff",
      "git commit -am wip",
      "git restore --staged a.ts",
      "git clean -n",
      "rm a.txt",
      "rm -rf /tmp/x",
      "npm test",
    ]) {
      expect(loss(command), command).toBeUndefined();
    }
  });
});
