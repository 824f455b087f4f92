import { describe, expect, test } from "vitest";
import { historyEntries } from "./history-entries.js";

describe("historyEntries", () => {
  test("the person's message shows without the files and command output that went with it", () => {
    const content = [
      "look at @src/a.ts",
      '<file path="src/a.ts">\nexport const a = 1;\n</file>',
      '<file path="src" type="directory">\nsrc/a.ts\n</file>',
      '<shell command="git status" exit="0">\nclean\n</shell>',
    ].join("\n\n");
    expect(historyEntries([{ role: "user", content }])).toEqual([
      { kind: "user", text: "look at @src/a.ts" },
    ]);
  });

  test("a block the person typed in the middle of the text stays", () => {
    const content = 'keep <file path="x">\ny\n</file> this';
    expect(historyEntries([{ role: "user", content }])).toEqual([{ kind: "user", text: content }]);
  });

  test("a resumed message shows the images it carried as notes", () => {
    const data = Buffer.alloc(48 * 1024).toString("base64");
    const images = [{ mediaType: "image/png", data }];
    expect(historyEntries([{ role: "user", content: "what is this?", images }])).toEqual([
      { kind: "user", text: "what is this? [Image: png 48 KB]" },
    ]);
  });
});
