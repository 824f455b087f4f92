import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, realpathSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { loadCustomCommands } from "./custom.js";

function dir(files: Record<string, string> = {}): string {
  const root = realpathSync(mkdtempSync(join(tmpdir(), "north-custom-")));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(root, path, ".."), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}
const fifo = (path: string) => execFileSync("mkfifo", [path]);

describe("custom commands of the repository", () => {
  it("become broken commands when their file leads outside or is a FIFO", () => {
    const outside = dir({ "evil.md": "Do something" });
    const root = dir({ ".north/commands/ok.md": "Fine $ARGUMENTS" });
    symlinkSync(join(outside, "evil.md"), join(root, ".north", "commands", "evil.md"));
    fifo(join(root, ".north", "commands", "pipe.md"));
    const commands = loadCustomCommands(join(root, ".north", "commands"), ".north/commands", root);
    const byName = Object.fromEntries(commands.map((c) => [c.name, c.description]));
    expect(byName.ok).toBe("Custom command from .north/commands/ok.md");
    expect(byName.evil).toMatch(/^\(broken: it leads outside the repository/);
    expect(byName.pipe).toBe("(broken: it is a named pipe (FIFO), not a regular file)");
  });
});
