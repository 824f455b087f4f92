// The import table of docs/design.md is enforced by lint, including what a static rule cannot see:
// dynamic import(), files added at the root of src/, and Ink/React outside the interactive UI.
import { ESLint } from "eslint";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const root = join(import.meta.dirname, "..");
const eslint = new ESLint({ cwd: root });

async function problems(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: join(root, file) });
  return (result?.messages ?? []).map((m) => m.ruleId ?? m.message);
}

describe("lint boundaries", () => {
  it.each([
    ["src/shell/zz-probe.ts", 'export const m = () => import("../session/index.js");'],
    ["src/agent/zz-probe.ts", 'export const m = () => import("../tools/index.js");'],
    ["src/tools/zz/zz-probe.ts", 'export const m = () => import("../../modes/print.js");'],
    ["src/modes/zz-probe.ts", 'export const m = () => import("ink");'],
    ["src/modes/rpc/zz-probe.ts", 'export const m = () => import("react");'],
    ["src/zz-probe.ts", 'export const m = () => import("./workspace/index.js");'],
    // The parts of session/: one the table leaves out, the owner, and the layers still hold.
    ["src/session/permissions/zz-probe.ts", 'export const m = () => import("../tools/x.js");'],
    ["src/session/config/zz-probe.ts", 'export const m = () => import("../session.js");'],
    ["src/session/context/zz-probe.ts", 'export const m = () => import("../../modes/print.js");'],
  ])("flags a dynamic import across a boundary in %s", async (file, code) => {
    expect(await problems(file, code)).toContain("no-restricted-syntax");
  });

  it.each([
    ["src/zz-probe.ts", 'export { createWorkspace } from "./workspace/index.js";'],
    ["src/zz-probe.ts", 'import { t } from "./i18n/index.js";\nexport const x = t;'],
    ["src/modes/zz-probe.ts", 'import { Box } from "ink";\nexport const x = Box;'],
    ["src/modes/rpc/zz-probe.ts", 'import React from "react";\nexport const x = React;'],
    [
      "src/session/config/zz-probe.ts",
      'export { ContextKeeper } from "../context/context-keeper.js";',
    ],
    ["src/session/storage/zz-probe.ts", 'export type { Session } from "../session-api.js";'],
    ["src/session/models/zz.test.ts", 'export { PermissionStore } from "../permissions/x.js";'],
  ])("flags a static import across a boundary in %s", async (file, code) => {
    expect(await problems(file, code)).toContain("no-restricted-imports");
  });

  it.each([
    ["src/modes/interactive/zz-probe.ts", 'export const m = () => import("ink");'],
    ["src/session/zz-probe.ts", 'export const m = () => import("../tools/index.js");'],
    ["src/zz-probe.ts", 'export const m = () => import("./modes/print.js");'],
    ["src/session/context/zz-probe.ts", 'export const m = () => import("../storage/x.js");'],
    ["src/session/tools/zz-probe.ts", 'export const m = () => import("../../agent/tool.js");'],
    ["src/session/zz-probe.ts", 'export const m = () => import("./tools/session-tools.js");'],
  ])("allows what the table allows in %s", async (file, code) => {
    expect(await problems(file, code)).toEqual([]);
  });
});
