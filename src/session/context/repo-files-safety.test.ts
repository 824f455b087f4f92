/**
 * The session's own reads of repository files (rules, card, mentions) follow the
 * repository rules: links out of the repository, FIFOs and secret files are left out with a note.
 */
import { execFileSync } from "node:child_process";
import {
  mkdirSync,
  mkdtempSync,
  readdirSync,
  realpathSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { createWorkspace } from "../../workspace/index.js";
import { expandMentions } from "./mentions.js";
import { loadProjectCard, projectCardNotices } from "./project-card.js";
import { ProjectRules } from "./project-rules.js";

function dir(files: Record<string, string> = {}): string {
  const root = realpathSync(mkdtempSync(join(tmpdir(), "north-safety-")));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(root, path, ".."), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}
const fifo = (path: string) => execFileSync("mkfifo", [path]);

describe("project rules", () => {
  it("leave out a FIFO and a link outside, each said once", () => {
    const outside = dir({ "creds.txt": "OUTSIDE-SECRET" });
    const root = dir({ "sub/keep.txt": "" });
    fifo(join(root, "AGENTS.md"));
    mkdirSync(join(root, ".cursor", "rules"), { recursive: true });
    symlinkSync(join(outside, "creds.txt"), join(root, ".cursor", "rules", "a.mdc"));
    const rules = new ProjectRules(root, { XDG_CONFIG_HOME: join(root, "none") });
    expect(rules.block()).not.toContain("OUTSIDE-SECRET");
    const notices = rules.takeNotices();
    expect(notices).toEqual([
      "AGENTS.md was left out of the rules: it is a named pipe (FIFO), not a regular file.",
      expect.stringMatching(/^\.cursor\/rules\/a\.mdc was left out of the rules: it leads outside/),
    ]);
    rules.block();
    expect(rules.takeNotices()).toEqual([]);
  });
});

describe("project card", () => {
  it("is not written through a .north linked outside, and skips a README linked outside", async () => {
    const outside = dir({ "creds.txt": "# Creds\n\nOUTSIDE-SECRET\n" });
    const root = dir({ "src/a.ts": "export {};\n" });
    symlinkSync(outside, join(root, ".north"));
    symlinkSync(join(outside, "creds.txt"), join(root, "README.md"));
    const before = readdirSync(outside);
    const card = await loadProjectCard(await createWorkspace(root));
    expect(JSON.stringify(card)).not.toContain("OUTSIDE-SECRET");
    expect(readdirSync(outside)).toEqual(before);
    expect(projectCardNotices(root)).toEqual([
      expect.stringMatching(/^README\.md was not read for the project card: it leads outside/),
    ]);
  });
  it("is not written through a cache folder swapped for a link while it was built", async () => {
    const outside = dir();
    const root = dir({ "src/a.ts": "export {};\n" });
    // Runs until the build's first wait: the cache folder is made by then.
    const loading = loadProjectCard(await createWorkspace(root));
    rmSync(join(root, ".north", "cache"), { recursive: true });
    symlinkSync(outside, join(root, ".north", "cache"));
    await loading;
    expect(readdirSync(outside)).toEqual([]);
  });
});

describe("@ mentions", () => {
  it("skip a FIFO at once, and attach .env only when allowed", async () => {
    const root = dir({ ".env": "TOKEN=mention-secret\n" });
    fifo(join(root, "pipe.ts"));
    const refused = await expandMentions(root, "see", ["pipe.ts", ".env"], 10_000);
    expect(refused.prompt).toBe("see");
    expect(refused.notes).toEqual([
      "@pipe.ts was not attached: it is a named pipe (FIFO), not a regular file.",
      expect.stringMatching(/^@\.env was not attached: it may hold secrets/),
    ]);
    const allowed = await expandMentions(root, "see", [".env"], 10_000, { secrets: "attach" });
    expect(allowed.prompt).toContain("mention-secret");
  });
});
