import { lstat, mkdir, readdir, readFile, rm, symlink } from "node:fs/promises";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { makeTempTree, type TempTree } from "../../../test/support/temp-tree.js";
import { makeEditKit, type EditKit } from "./test-kit.js";

let kit: EditKit;
let outside: TempTree;

beforeEach(async () => {
  outside = await makeTempTree({ "secret.txt": "secret\n", "dir/inner.txt": "inner\n" });
  kit = await makeEditKit({
    "inside.txt": "inside\n",
    "sub/x.txt": "x\n",
    ".git/config": "[core]\n",
    "link-file": { symlink: path.join(outside.root, "secret.txt") },
    "link-dir": { symlink: outside.root },
    "dangling-out": { symlink: path.join(outside.root, "new.txt") },
    "loop-a": { symlink: "loop-b" },
    "loop-b": { symlink: "loop-a" },
  });
});
afterEach(async () => {
  await kit.remove();
  await outside.remove();
});

/** Every file below `dir` with its content. */
async function snapshot(dir: string): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    out[path.relative(dir, file)] = await readFile(file, "utf8");
  }
  return out;
}

const create = (p: string) => ({ tool: "create" as const, args: { path: p, content: "pwned\n" } });
const replace = (p: string) => ({
  tool: "replace" as const,
  args: { path: p, old_string: "secret", new_string: "pwned" },
});
const insert = (p: string) => ({ tool: "insert" as const, args: { path: p, line: 1, text: "x" } });

describe("edit tools in the sandbox", () => {
  it("refuse every escape attempt and touch nothing outside the root", async () => {
    const before = await snapshot(outside.root);
    const root = kit.ws.root;
    const attempts = [
      create("../outside.txt"),
      create("../../etc/north-pwned"),
      create("sub/../../outside.txt"),
      replace("../../../../../../etc/passwd"),
      create(path.join(outside.root, "secret.txt")),
      create(path.join(outside.root, "brand-new.txt")),
      replace("/etc/passwd"),
      insert("/etc/hostname"),
      create("~/.bashrc"),
      create("~"),
      create("~root/x"),
      create("link-file"),
      replace("link-file"),
      replace("link-dir/secret.txt"),
      create("link-dir/new.txt"),
      create("link-dir/sub/deeper/new.txt"),
      create(path.join(root, "link-dir", "secret.txt")),
      create("dangling-out"),
      create("loop-a"),
      create("inside\0.txt"),
      create("../\0/x"),
      create(`${"deep/".repeat(900)}x.txt`),
      create("x".repeat(300)),
      create(".git/hooks/pre-commit"),
      create("sub/../.git/config"),
      create(".north/autoaccept.json"),
      create("./.north/allowlist.json"),
      {
        tool: "batch" as const,
        args: {
          edits: [
            { type: "create_file", path: "fine.txt", content: "ok\n" },
            { type: "create_file", path: "../outside.txt", content: "pwned\n" },
          ],
        },
      },
    ];
    expect(attempts.length).toBeGreaterThanOrEqual(20);
    for (const attempt of attempts) {
      const result = await kit.call(attempt.tool, attempt.args);
      expect(
        result.isError,
        `${JSON.stringify(attempt.args).slice(0, 120)} → ${result.content}`,
      ).toBe(true);
      expect(result.content).not.toMatch(/failed:/); // refused with a message, not crashed
    }
    expect(await snapshot(outside.root)).toEqual(before);
    expect(await kit.bytes("fine.txt")).toBeNull();
    expect(await kit.bytes(".git/config")).toBe("[core]\n");
    await expect(readFile(path.join(root, "..", "outside.txt"))).rejects.toThrow();
  });

  it("explain refusals in words the model can act on", async () => {
    const cases: [ReturnType<typeof create>, RegExp][] = [
      [
        create("../x"),
        /^path \.\.\/x is outside the repository root .*; use a path relative to the root$/,
      ],
      [
        create("~/.bashrc"),
        /^path ~\/\.bashrc: ~ is not expanded and files outside the repository cannot be edited/,
      ],
      [
        create("link-dir/new.txt"),
        /leads through a symlink to .*new\.txt, outside the repository root/,
      ],
      [create("a\0b"), /^the path contains a NUL byte/],
      [create("x".repeat(300)), /^the path is too long \(300 bytes, longest name 300 bytes/],
      [
        create(".git/hooks/pre-commit"),
        /^\.git\/hooks\/pre-commit is inside \.git, the version-control internals/,
      ],
    ];
    for (const [attempt, message] of cases) {
      expect((await kit.call(attempt.tool, attempt.args)).content).toMatch(message);
    }
  });

  it("refuse a file swapped for a symlink between read and write", async () => {
    const before = await snapshot(outside.root);
    await kit.read("inside.txt");
    const signal = new AbortController().signal;
    const proposal = await kit.tools.replace.prepare!(
      { path: "inside.txt", old_string: "inside", new_string: "pwned" },
      { signal },
    );
    await rm(path.join(kit.ws.root, "inside.txt"));
    await symlink(path.join(outside.root, "secret.txt"), path.join(kit.ws.root, "inside.txt"));
    await expect(proposal.apply({ signal })).rejects.toThrow(
      /^Nothing was written: path inside\.txt leads through a symlink/,
    );
    expect(await snapshot(outside.root)).toEqual(before);
  });

  it("refuse a folder swapped for a symlink between prepare and write", async () => {
    const before = await snapshot(outside.root);
    const signal = new AbortController().signal;
    const proposal = await kit.tools.create.prepare!(
      { path: "sub/made.txt", content: "pwned\n" },
      { signal },
    );
    await rm(path.join(kit.ws.root, "sub"), { recursive: true });
    await symlink(path.join(outside.root, "dir"), path.join(kit.ws.root, "sub"));
    await expect(proposal.apply({ signal })).rejects.toThrow(
      /^Nothing was written: .*outside the repository root/,
    );
    expect(await snapshot(outside.root)).toEqual(before);
  });

  it("write through a symlink that stays inside the root, to its target", async () => {
    await mkdir(path.join(kit.ws.root, "real"));
    await kit.call("create", { path: "real/target.txt", content: "t\n" });
    await symlink("real/target.txt", path.join(kit.ws.root, "alias.txt"));
    await kit.read("alias.txt");
    const result = await kit.call("replace", {
      path: "alias.txt",
      old_string: "t",
      new_string: "T",
    });
    expect(result.isError, result.content).toBe(false);
    expect(await kit.bytes("real/target.txt")).toBe("T\n");
    expect((await lstat(path.join(kit.ws.root, "alias.txt"))).isSymbolicLink()).toBe(true);
  });
});
