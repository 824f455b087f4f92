import { execFileSync } from "node:child_process";
import { existsSync, readFileSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { makeTempTree, type TempTree } from "../../../test/support/temp-tree.js";
import { createWorkspace } from "../../workspace/index.js";
import { gitHead } from "./git-head.js";
import {
  CARD_PATH,
  loadProjectCard,
  ProjectCardLoader,
  readmeGist,
  renderProjectCard,
} from "./project-card.js";
import { detectCommands, makeTargets, rootNames } from "./project-commands.js";

const README = `[![CI](https://ci.example/badge.svg)](https://ci.example)

# Widget Forge

<p align="center"><img src="logo.png"></p>

A **fast** [widget](https://w.example) compiler for embedded boards.
It turns YAML into C.

## Install
npm i widget-forge
`;

const git = (root: string, ...args: string[]) =>
  execFileSync("git", ["-c", "user.name=t", "-c", "user.email=t@example.com", ...args], {
    cwd: root,
    stdio: "pipe",
  })
    .toString()
    .trim();

describe("the project card", () => {
  let tree: TempTree | undefined;
  afterEach(async () => {
    await tree?.remove();
    tree = undefined;
  });

  async function repo() {
    tree = await makeTempTree({
      "README.md": README,
      "package.json": JSON.stringify({ scripts: { build: "tsc", test: "vitest", misc: "x" } }),
      Makefile: ".PHONY: all\nall: build\nbuild:\n\tcc -o w w.c\nVAR := 1\n%.o: %.c\n",
      "src/main.ts": "x".repeat(3000),
      "src/util.ts": "x".repeat(1000),
      "tools/gen.py": "x".repeat(1000),
    });
    git(tree.root, "init", "-q");
    git(tree.root, "add", ".");
    git(tree.root, "commit", "-qm", "one");
    writeFileSync(join(tree.root, "src/main.ts"), "y".repeat(3000));
    git(tree.root, "commit", "-qam", "two");
    return tree.root;
  }

  it("names the package managers its lock files show", async () => {
    const root = await repo();
    writeFileSync(join(root, "pnpm-lock.yaml"), "lockfileVersion: 9\n");
    writeFileSync(join(root, "uv.lock"), "version = 1\n");
    const card = await loadProjectCard(await createWorkspace(root));
    expect(card.uses).toEqual(["pnpm (pnpm-lock.yaml)", "uv (uv.lock)"]);
    expect(renderProjectCard(card)).toContain("- Uses: pnpm (pnpm-lock.yaml), uv (uv.lock)");
  });

  it("gathers languages, the README's gist, commands and the most-changed files", async () => {
    const root = await repo();
    const card = await loadProjectCard(await createWorkspace(root));
    expect(card.languages.map((l) => l.name)).toEqual(["TypeScript", "Python", "Makefile"]);
    expect(card.languages[0]!.percent).toBeCloseTo(79, 0);
    expect(card.readme).toEqual({
      path: "README.md",
      gist: "Widget Forge — A fast widget compiler for embedded boards. It turns YAML into C.",
    });
    expect(card.commands).toEqual(["npm run build", "npm test", "make all", "make build"]);
    expect(card.hotfiles[0]).toBe("src/main.ts");
    expect(card.head).toBe(git(root, "rev-parse", "HEAD"));
    expect(existsSync(join(root, CARD_PATH))).toBe(true);
    expect(readFileSync(join(root, ".north/cache/.gitignore"), "utf8")).toBe("*\n");
    expect(git(root, "status", "--porcelain")).toBe("");
    expect(card.uses).toEqual([]);

    const block = renderProjectCard(card);
    expect(block).toContain("- Languages: TypeScript 79%, Python 20%, Makefile 1%");
    expect(block).toContain("- Commands: npm run build, npm test, make all, make build");
    expect(Buffer.byteLength(block)).toBeLessThan(600);
  });

  it("is served from the cache until HEAD or a file it was built from changes", async () => {
    const root = await repo();
    const ws = await createWorkspace(root);
    await loadProjectCard(ws);
    const cachePath = join(root, CARD_PATH);
    const mark = (): void => {
      const cached = JSON.parse(readFileSync(cachePath, "utf8"));
      writeFileSync(cachePath, JSON.stringify({ ...cached, commands: ["from the cache"] }));
    };
    mark();
    expect((await loadProjectCard(ws)).commands).toEqual(["from the cache"]);

    const later = new Date(Date.now() + 5000);
    utimesSync(join(root, "package.json"), later, later);
    expect((await loadProjectCard(ws)).commands).toContain("npm test");

    mark();
    git(root, "commit", "-q", "--allow-empty", "-m", "three");
    expect((await loadProjectCard(ws)).commands).toContain("npm test");

    mark();
    writeFileSync(join(root, "go.mod"), "module w\n");
    expect((await loadProjectCard(ws)).commands).toContain("go test ./...");
  });

  it("gives a session a cached card at once, a stale one until the new card is built", async () => {
    const root = await repo();
    const ws = await createWorkspace(root);
    await loadProjectCard(ws);
    const cachePath = join(root, CARD_PATH);
    const cached = JSON.parse(readFileSync(cachePath, "utf8"));
    writeFileSync(cachePath, JSON.stringify({ ...cached, commands: ["from the cache"] }));
    // No await: the first request of a session takes the card without waiting on anything.
    const fresh = new ProjectCardLoader(ws);
    expect(fresh.block()).toContain("from the cache");
    await fresh.close();

    git(root, "commit", "-q", "--allow-empty", "-m", "three");
    const stale = new ProjectCardLoader(ws);
    expect(stale.block()).toContain("from the cache");
    stale.start();
    await stale.ready(60_000);
    expect(stale.block()).toContain("npm test");
    expect(stale.block()).not.toContain("from the cache");
    expect(JSON.parse(readFileSync(cachePath, "utf8")).head).toBe(gitHead(root));
    await stale.close();
  });

  it("builds nothing until started, keeps a partial card, never rebuilds a fresh one", async () => {
    const root = await repo();
    const ws = await createWorkspace(root);
    const idle = new ProjectCardLoader(ws);
    expect(idle.building).toBe(false);
    await idle.ready(60_000);
    expect(idle.block()).toBe("");
    await idle.close();
    // Closed before its start: no build began; where no card was, the parts that need no
    // process (commands, README) are kept as a partial card.
    idle.start();
    expect(idle.building).toBe(false);
    const partial = JSON.parse(readFileSync(join(root, CARD_PATH), "utf8"));
    expect(partial).toMatchObject({ partial: true, languages: [], hotfiles: [] });
    expect(partial.commands).toContain("npm test");

    const started = new ProjectCardLoader(ws);
    expect(started.block()).toContain("npm test");
    started.start();
    expect(started.building).toBe(true);
    await started.ready(60_000);
    expect(started.block()).toContain("- Languages: TypeScript");
    await started.close();
    const fresh = new ProjectCardLoader(ws);
    fresh.start();
    expect(fresh.building).toBe(false);
    expect(fresh.block()).toContain("npm test");
    await fresh.close();
  });

  it("keeps a build cut short as a partial card, which the next session serves and completes", async () => {
    const root = await repo();
    const ws = await createWorkspace(root);
    const first = new ProjectCardLoader(ws);
    first.start();
    await first.close();
    const partial = JSON.parse(readFileSync(join(root, CARD_PATH), "utf8"));
    expect(partial).toMatchObject({ partial: true, languages: [], hotfiles: [] });
    expect(partial.commands).toContain("npm test");

    const next = new ProjectCardLoader(ws);
    expect(next.block()).toContain("npm test");
    next.start();
    await next.ready(60_000);
    expect(next.block()).toContain("- Languages: TypeScript");
    expect(JSON.parse(readFileSync(join(root, CARD_PATH), "utf8")).partial).toBeUndefined();
    await next.close();
  });

  it("says nothing for an empty folder", async () => {
    tree = await makeTempTree({ "notes/": "" });
    const card = await loadProjectCard(await createWorkspace(tree.root));
    expect(card.head).toBeNull();
    expect(renderProjectCard(card)).toBe("");
  });
});

describe("README gist", () => {
  it("takes a setext title and the first paragraph, skipping code, capped at 500", () => {
    expect(readmeGist("Tool\n====\n\n```\ncode\n```\nDoes things.\n\nMore.")).toBe(
      "Tool — Does things.",
    );
    expect(readmeGist("Just prose\nhere.")).toBe("Just prose here.");
    expect(readmeGist(`# T\n\n${"word ".repeat(200)}`).length).toBe(500);
  });
});

describe("commands", () => {
  it("reads explicit make targets only", () => {
    expect(makeTargets("all: a\n.PHONY: x\nX := 1\n%.o: %.c\ntest:: \n\tcmd: no\n")).toEqual([
      "all",
      "test",
    ]);
  });

  it("names the package manager by its lock file", async () => {
    const tree = await makeTempTree({
      "package.json": JSON.stringify({ scripts: { test: "x", lint: "y" } }),
      "pnpm-lock.yaml": "",
      "Cargo.toml": "[package]\n",
    });
    expect(detectCommands(tree.root)).toEqual([
      "pnpm run test",
      "pnpm run lint",
      "cargo build",
      "cargo test",
    ]);
    await tree.remove();
  });
});

describe("rootNames", () => {
  it("says which names are at the root, in any case, and all of them when it cannot list it", async () => {
    const tree = await makeTempTree({ "README.md": "# R\n", "src/a.ts": "" });
    const present = rootNames(tree.root);
    expect([present.has("README.md"), present.has("readme.MD"), present.has("src")]).toEqual([
      true,
      true,
      true,
    ]);
    expect([present.has("package.json"), present.has("a.ts")]).toEqual([false, false]);
    expect(present.names).toContain("README.md");
    expect(rootNames(join(tree.root, "missing")).has("package.json")).toBe(true);
    await tree.remove();
  });

  it("leaves out of the card only what is not there (a manifest added later is found)", async () => {
    const tree = await makeTempTree({ "go.mod": "module x\n" });
    expect(detectCommands(tree.root)).toEqual(["go build ./...", "go test ./..."]);
    writeFileSync(join(tree.root, "Cargo.toml"), "[package]\n");
    expect(detectCommands(tree.root)).toContain("cargo test");
    await tree.remove();
  });
});

describe("gitHead", () => {
  it("follows branches, packed refs and detached heads; null without git", async () => {
    const tree = await makeTempTree({
      ".git/HEAD": "ref: refs/heads/main\n",
      ".git/packed-refs": "# pack-refs\nabc123 refs/heads/main\n",
    });
    expect(gitHead(tree.root)).toBe("abc123");
    writeFileSync(join(tree.root, ".git/HEAD"), "def456\n");
    expect(gitHead(tree.root)).toBe("def456");
    writeFileSync(join(tree.root, ".git/HEAD"), "ref: refs/heads/new\n");
    expect(gitHead(tree.root)).toBe("unborn refs/heads/new");
    expect(gitHead(join(tree.root, ".git"))).toBeNull();
    await tree.remove();
  });

  it.skipIf(process.platform === "win32")(
    "reads a FIFO planted as HEAD or a ref as nothing, without waiting on it",
    async () => {
      const tree = await makeTempTree({ ".git/refs/heads/.keep": "" });
      execFileSync("mkfifo", [join(tree.root, ".git/HEAD")]);
      expect(gitHead(tree.root)).toBeNull();
      rmSync(join(tree.root, ".git/HEAD"));
      writeFileSync(join(tree.root, ".git/HEAD"), "ref: refs/heads/main\n");
      execFileSync("mkfifo", [join(tree.root, ".git/refs/heads/main")]);
      expect(gitHead(tree.root)).toBe("unborn refs/heads/main");
      await tree.remove();
    },
  );
});
