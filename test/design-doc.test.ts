// docs/design.md's import table says what lint enforces: for every pair of layers, a value import
// from one folder into the other is allowed by eslint.config.js exactly when the table's "may
// import" column names it. Change both together.
import { ESLint } from "eslint";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const root = join(import.meta.dirname, "..");
const eslint = new ESLint({ cwd: root });
const LAYERS = ["ai", "agent", "tools", "workspace", "shell", "mcp", "session"];
const MORE = ["commands", "modes", "i18n", "log"];
const layers = [...LAYERS, ...MORE];
/** The files at the root of src/, a row of their own. */
const ROOT_ROW = "src/*.ts";

/** The table's rows: folder (or `src/*.ts`) → the layers of its "may import" column. */
function documented(): Map<string, string[]> {
  const text = readFileSync(join(root, "docs", "design.md"), "utf8");
  const rows = new Map<string, string[]>();
  for (const line of text.split("\n")) {
    const cells = line.split("|").map((c) => c.trim());
    const from = /^`([^`]+?)\/?`$/.exec(cells[1] ?? "")?.[1];
    if (!from || !(layers.includes(from) || from === ROOT_ROW)) continue;
    rows.set(
      from,
      [...(cells[2] ?? "").matchAll(/`(\w+)\/`/g)].map((m) => m[1]!),
    );
  }
  return rows;
}

/** Whether lint lets a file of `from` import a value from `to`. */
async function allowed(from: string, to: string): Promise<boolean> {
  const file = from === ROOT_ROW ? "src/zz-probe.ts" : `src/${from}/zz-probe.ts`;
  const path = from === ROOT_ROW ? `./${to}/zz.js` : `../${to}/zz.js`;
  const code = `import { zz } from "${path}";\nexport const probe = zz;\n`;
  const [result] = await eslint.lintText(code, { filePath: join(root, file) });
  return !(result?.messages ?? []).some((m) => /no-restricted-imports$/.test(m.ruleId ?? ""));
}

describe("docs/design.md", () => {
  const rows = documented();

  it("has a row for every layer and for the files at the root of src/", () => {
    expect([...rows.keys()].sort()).toEqual([...layers, ROOT_ROW].sort());
  });

  it.each([...layers, ROOT_ROW])("says what lint lets %s import", async (from) => {
    const lint: string[] = [];
    for (const to of layers) if (to !== from && (await allowed(from, to))) lint.push(to);
    expect(lint.sort()).toEqual([...(rows.get(from) ?? [])].sort());
  });
});
