// In the isolated e2e project: its ripgrep runs through the sandbox's process-wide state (the
// bwrap a probe found), which unit files sharing a worker (`isolate: false`) may have changed.
import { chmod, realpath, writeFile } from "node:fs/promises";
import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createWorkspace, type Workspace } from "../../src/workspace/index.js";
import { makeTempTree, type TempTree } from "../support/temp-tree.js";
import { locateRipgrep } from "../../src/tools/search-text/locate-ripgrep.js";
import { callTool as call } from "../support/call-tool.js";
import { SEARCH_TREE } from "../support/search-fixture.js";
import {
  createSearchTextTool,
  type SearchTextOptions,
} from "../../src/tools/search-text/search-text.js";

const rg = await locateRipgrep();
const engines: [string, SearchTextOptions][] = [["js", { engine: "js" }]];
if (rg) engines.push(["ripgrep", { engine: "ripgrep", rgPath: rg }]);

let tree: TempTree;
let outside: TempTree;
let ws: Workspace;
beforeAll(async () => {
  outside = await makeTempTree({ "secret.txt": "foo secret\n" });
  tree = await makeTempTree({
    ...SEARCH_TREE,
    "escape.txt": { symlink: path.join(outside.root, "secret.txt") },
    "many/a.txt": "foo\n".repeat(120),
    "many/b.txt": "foo\n".repeat(120),
  });
  ws = await createWorkspace(await realpath(tree.root));
});
afterAll(async () => {
  await tree.remove();
  await outside.remove();
});

describe.each(engines)("search_text (%s)", (engine, options) => {
  const tool = () => createSearchTextTool(ws, options);

  it("groups matching lines by file, with line numbers", async () => {
    const result = await call(tool(), { pattern: "foo", path: "src" });
    expect(result.isError).toBe(false);
    expect(result.content).toMatch(/^12 matches in 6 files:\n/);
    expect(result.content).toContain(
      "src/foo.ts\n  1: export function foo() {\n  2:   return 'foo';",
    );
    expect(result.content).not.toContain("skip.gen.ts");
    expect(result.details).toMatchObject({ files: 6, limitReached: false, engine });
  });

  it("is case-insensitive and literal by default", async () => {
    const loose = await call(tool(), { pattern: "FOO", path: "src/app.ts" });
    expect(loose.content).toMatch(/^3 matches in 1 file:/);
    const strict = await call(tool(), { pattern: "FOO", path: "src/app.ts", case_sensitive: true });
    expect(strict.content).toBe("1 match in 1 file:\nsrc/app.ts\n  3: // FOO bar");
    const literal = await call(tool(), { pattern: "foo()" });
    expect(literal.content).toContain("export const Foo = foo();");
    const regex = await call(tool(), { pattern: "^foo\\(\\)$", regex: true });
    expect(regex.content).toBe("1 match in 1 file:\nsrc/deep/nested.py\n  3: foo()");
  });

  it("filters by glob without bringing back ignored files", async () => {
    const result = await call(tool(), { pattern: "foo", glob: "*.ts" });
    expect(result.content).toContain("src/app.ts");
    expect(result.content).not.toMatch(/skip\.gen\.ts|\.md|\.py/);
  });

  it("stops at the limit and says how to see more", async () => {
    const result = await call(tool(), { pattern: "foo", path: "many", limit: 5 });
    expect(result.truncated).toBe(true);
    expect(result.content).toMatch(
      /^First 5 matches in 1 file \(more exist; narrow with path or glob, or raise limit up to 200\):/,
    );
    const capped = await call(tool(), { pattern: "foo", path: "many", limit: 1000 });
    expect(capped.details).toMatchObject({ matches: 200, limitReached: true });
  });

  it("clips long lines around the match", async () => {
    const result = await call(tool(), { pattern: "foo", path: "src/long.min.js" });
    const line = result.content.split("\n")[2]!;
    expect(line).toMatch(/^ {2}1: …x+fooy+…$/);
    expect(line.length).toBeLessThan(220);
  });

  it("says so when nothing matches, with a hint for regex-looking literals", async () => {
    const result = await call(tool(), { pattern: "nothing.*here" });
    expect(result.isError).toBe(false);
    expect(result.content).toBe(
      'No matches for "nothing.*here" (literal, case-insensitive) in the repository. The pattern was searched as literal text; pass regex: true for a regular expression.',
    );
  });

  it("refuses bad input with messages the model can act on", async () => {
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ pattern: "foo(", regex: true }, /pattern is not a valid regular expression/],
      [{ pattern: "foo", path: "../x" }, /outside the repository root/],
      [{ pattern: "foo", path: "escape.txt" }, /leads through a symlink/],
      [{ pattern: "foo", path: "nope" }, /path nope does not exist; use find_files/],
      [{ pattern: "foo", path: "image.bin" }, /image\.bin is a binary file/],
      [{ pattern: "a\nb" }, /matches within one line/],
    ];
    for (const [args, message] of cases) {
      const result = await call(tool(), args);
      expect(result.isError, JSON.stringify(args)).toBe(true);
      expect(result.content).toMatch(message);
    }
  });
});

describe("search_text engine choice", () => {
  it("falls back to the JS walker when ripgrep cannot be started", async () => {
    const tool = createSearchTextTool(ws, { rgPath: path.join(tree.root, "no-such-rg") });
    const result = await call(tool, { pattern: "kept" });
    expect(result.details).toMatchObject({ engine: "js", matches: 1 });
  });

  it.skipIf(process.platform !== "linux" || !rg)(
    "searches with the walker when ripgrep is held by a FIFO planted as .gitignore",
    async () => {
      const fifo = await makeTempTree({ "a.txt": "needle here\n", "sub/b.txt": "needle too\n" });
      try {
        execFileSync("mkfifo", [path.join(fifo.root, "sub", ".gitignore")]);
        const tool = createSearchTextTool(await createWorkspace(await realpath(fifo.root)), {
          rgPath: rg!,
        });
        const result = await call(tool, { pattern: "needle" });
        expect(result.details).toMatchObject({ engine: "js", matches: 2 });
      } finally {
        await fifo.remove();
      }
    },
  );

  it("stops the JS walker when cancelled", async () => {
    const controller = new AbortController();
    controller.abort();
    const tool = createSearchTextTool(ws, { engine: "js" });
    expect((await call(tool, { pattern: "foo" }, controller.signal)).content).toBe(
      "Cancelled by the user.",
    );
  });

  it.skipIf(process.platform === "win32")(
    "kills ripgrep at the limit, on cancel and at the time limit",
    async () => {
      const bin = await makeTempTree({});
      try {
        const match = JSON.stringify({
          type: "match",
          data: {
            path: { text: "a.txt" },
            lines: { text: "foo\n" },
            line_number: 1,
            submatches: [],
          },
        });
        // Prints 3 matches, then would run for a long time unless killed.
        const chatty = path.join(bin.root, "chatty-rg");
        await writeFile(
          chatty,
          `#!/bin/sh\nfor i in 1 2 3; do printf '%s\\n' '${match}'; done\nexec sleep 60\n`,
        );
        await chmod(chatty, 0o755);
        const limited = await call(createSearchTextTool(ws, { rgPath: chatty }), {
          pattern: "foo",
          limit: 2,
        });
        expect(limited.details).toMatchObject({
          matches: 2,
          limitReached: true,
          engine: "ripgrep",
        });

        // Runs until killed (in the sandbox it can write nothing: it is found by its command line).
        const silent = path.join(bin.root, "silent-rg");
        await writeFile(silent, "#!/bin/sh\nwhile :; do sleep 1; done\n");
        await chmod(silent, 0o755);
        const controller = new AbortController();
        const running = () =>
          readdirSync("/proc").some((pid) => {
            try {
              return (
                /^\d+$/.test(pid) && readFileSync(`/proc/${pid}/cmdline`, "utf8").includes(silent)
              );
            } catch {
              return false;
            }
          });
        const until = async (state: () => boolean) => {
          while (!state()) await new Promise((resolve) => setTimeout(resolve, 20));
        };
        const pending = call(
          createSearchTextTool(ws, { rgPath: silent }),
          { pattern: "foo" },
          controller.signal,
        );
        await until(running);
        controller.abort();
        expect((await pending).content).toBe("Cancelled by the user.");
        await until(() => !running());

        // The time limit stops it too, and says how to search less.
        const slow = await call(createSearchTextTool(ws, { rgPath: silent, timeLimitMs: 300 }), {
          pattern: "foo",
        });
        expect(slow.isError).toBe(true);
        expect(slow.content).toMatch(/stopped after 300 ms without finishing: name a folder/);
        await until(() => !running());
      } finally {
        await bin.remove();
      }
    },
  );
});

describe("search_text stopped while ripgrep starts", () => {
  // The hang above: a search stopped at once (a 1 ms time limit) killed bwrap while it was
  // still starting its init, which then ran the program on for good. North now kills the
  // sandboxed program's whole process group.
  it.skipIf(process.platform === "win32")(
    "leaves no program running, however early it is stopped",
    async () => {
      const bin = await makeTempTree({});
      try {
        const silent = path.join(bin.root, "silent-rg");
        await writeFile(silent, "#!/bin/sh\nwhile :; do sleep 1; done\n");
        await chmod(silent, 0o755);
        const running = () =>
          readdirSync("/proc").filter((pid) => {
            try {
              return (
                /^\d+$/.test(pid) && readFileSync(`/proc/${pid}/cmdline`, "utf8").includes(silent)
              );
            } catch {
              return false;
            }
          });
        for (const ms of [1, 1, 1, 5, 5, 5, 20, 20, 50, 50]) {
          const stopped = await call(
            createSearchTextTool(ws, { rgPath: silent, timeLimitMs: ms }),
            {
              pattern: "foo",
            },
          );
          expect(stopped.content).toMatch(/stopped after \d+ ms/);
        }
        await expect.poll(running, { timeout: 10_000, interval: 50 }).toEqual([]);
      } finally {
        await bin.remove();
      }
    },
  );
});

describe("locateRipgrep", () => {
  it("prefers the bundled binary, then rg on PATH, else nothing", async () => {
    const dirs = await makeTempTree({ "bin/rg": "#!/bin/sh\n", "plain/rg": "not executable" });
    try {
      const onPath = path.join(dirs.root, "bin", "rg");
      await chmod(onPath, 0o755);
      const pathEnv = [path.join(dirs.root, "plain"), path.join(dirs.root, "bin")].join(
        path.delimiter,
      );
      const none = async () => undefined;
      expect(await locateRipgrep({ bundled: none, pathEnv })).toBe(onPath);
      expect(await locateRipgrep({ bundled: none, pathEnv: path.join(dirs.root, "plain") })).toBe(
        undefined,
      );
      expect(await locateRipgrep({ bundled: async () => onPath, pathEnv: "" })).toBe(onPath);
      const missing = async () => path.join(dirs.root, "missing");
      expect(await locateRipgrep({ bundled: missing, pathEnv: "" })).toBe(undefined);
    } finally {
      await dirs.remove();
    }
  });
});
