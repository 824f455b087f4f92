import { describe, expect, it } from "vitest";
import type { EditorState } from "../composer/editor.js";
import { fuzzyFind } from "../../../../test/support/fuzzy-reference.js";
import { menuFor, visibleItems, type MenuSources } from "./menu-model.js";
import { PathIndex } from "./path-index.js";

const COMMANDS = [
  { name: "help", description: "List the commands", hasChoices: false },
  { name: "mode", description: "Switch mode", hasChoices: true },
  { name: "model", description: "Switch model", hasChoices: true },
];
const FILES = ["README.md", "src/app.ts", "src/retry.ts", "src/ui/menu.tsx", "test/app.test.ts"];

const sources = (files: readonly string[] = FILES): MenuSources => {
  const index = new PathIndex(files);
  return {
    commands: (prefix) => COMMANDS.filter((c) => c.name.startsWith(prefix)),
    choices: (name, typed) =>
      name === "mode"
        ? ["ask", "agent", "plan"]
            .filter((m) => m.includes(typed))
            .map((m) => ({ value: m, label: m }))
        : undefined,
    files: () => index,
  };
};

const at = (text: string, cursor = text.length, mentions?: string[]): EditorState => ({
  text,
  cursor,
  ...(mentions ? { mentions } : {}),
});
const values = (editor: EditorState, s = sources()) =>
  menuFor(editor, s)?.items.map((i) => i.value);

describe("menuFor", () => {
  it("cleans what servers, repositories and sessions supply: no control character is drawn", () => {
    const s: MenuSources = {
      ...sources(["evil\x1b]0;T\x07.txt"]),
      commands: () => [
        { name: "mcp__srv__p", description: "prompt \x1b[2J\x1b]52;c;eA==\x07", hasChoices: false },
      ],
    };
    expect(menuFor(at("/"), s)?.items[0]?.description).toBe("prompt ␛[2J␛]52;c;eA==␇");
    expect(menuFor(at("@"), s)?.items[0]?.label).toBe("evil␛]0;T␇.txt");
  });

  it("lists commands for a /word at the start (or after leading commands), filtered", () => {
    expect(values(at("/"))).toEqual(["help", "mode", "model"]);
    expect(values(at("/mo"))).toEqual(["mode", "model"]);
    expect(menuFor(at("/help /mo"), sources())).toMatchObject({
      kind: "command",
      from: 6,
      to: 9,
    });
    // Later in a message a /word is text: no menu.
    expect(menuFor(at("fix it /mo"), sources())).toBeUndefined();
    expect(values(at("/zz"))).toBeUndefined();
  });

  it("opens no menu for paths and URLs, nor mid-word", () => {
    expect(values(at("see src/app"))).toBeUndefined();
    expect(values(at("see /tmp/x"))).toBeUndefined();
    expect(values(at("/mode", 2))).toBeUndefined();
  });

  it("lists a command's choices after `/name `, filtered by the typed argument", () => {
    expect(menuFor(at("/mode "), sources())).toMatchObject({
      kind: "choice",
      command: "mode",
      from: 6,
    });
    expect(values(at("/mode "))).toEqual(["ask", "agent", "plan"]);
    expect(values(at("/mode pl"))).toEqual(["plan"]);
    expect(values(at("/help "))).toBeUndefined();
    expect(values(at("/mode plan then"))).toBeUndefined();
  });

  it("lists the root's entries for @, a folder's for @dir/, fuzzy matches otherwise", () => {
    expect(values(at("@"))).toEqual(["src/", "test/", "README.md"]);
    expect(values(at("look at @src/"))).toEqual(["src/ui/", "src/app.ts", "src/retry.ts"]);
    expect(values(at("@retr"))?.[0]).toBe("src/retry.ts");
    expect(values(at("@menu"))?.[0]).toBe("src/ui/menu.tsx");
    const listing = { ...sources(), files: () => undefined };
    expect(menuFor(at("@"), listing)).toMatchObject({ kind: "file", items: [] });
  });

  it("does not reopen on a chosen mention token", () => {
    expect(values(at("@src/app.ts", 11, ["src/app.ts"]))).toBeUndefined();
  });

  it("shows a window of items around the selected one", () => {
    const menu = {
      kind: "file" as const,
      from: 0,
      to: 0,
      items: FILES.concat(FILES).map((f, i) => ({ value: `${i}${f}`, label: f })),
    };
    expect(visibleItems(menu, 0).first).toBe(0);
    expect(visibleItems(menu, 9).first).toBe(2);
  });
});

describe("fuzzyFind", () => {
  it("prefers matches in the file name and at word starts", () => {
    expect(fuzzyFind("app", FILES, 3)).toEqual(
      ["src/app.ts", "test/app.test.ts", "src/ui/menu.tsx"].filter((p) => /a.*p.*p/i.test(p)),
    );
    expect(fuzzyFind("xyz", FILES, 3)).toEqual([]);
  });
});
