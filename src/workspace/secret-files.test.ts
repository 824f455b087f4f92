import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeTempTree, type TempTree } from "../../test/support/temp-tree.js";
import { secretNameReason, secretReason } from "./secret-files.js";
import { createWorkspace, type Workspace } from "./workspace.js";

describe("secretNameReason", () => {
  it.each([
    ".env",
    "config/.env.local",
    ".env.production",
    "prod.env",
    ".envrc",
    "certs/server.pem",
    "tls.key",
    "store.p12",
    "win.pfx",
    "android.keystore",
    "id_rsa",
    ".ssh/id_ed25519",
    ".npmrc",
    ".pypirc",
    ".netrc",
    ".git-credentials",
    "aws/credentials",
    "client_secret_123.apps.json",
    "config/secrets.yml",
  ])("%s may hold secrets", (rel) => {
    expect(secretNameReason(rel)).toBeDefined();
  });

  it.each([
    ".env.example",
    ".env.sample",
    ".env.template",
    "src/env.ts",
    "environment.md",
    "id_rsa.pub",
    "src/id_generator.ts",
    "keys.ts",
    "README.md",
    "package.json",
  ])("%s is an ordinary file", (rel) => {
    expect(secretNameReason(rel)).toBeUndefined();
  });
});

describe("secretReason", () => {
  let tree: TempTree;
  let ws: Workspace;
  beforeAll(async () => {
    tree = await makeTempTree({
      ".gitignore": "local.json\nbuild/\n",
      "local.json": "{}",
      "build/out.js": "x",
      "node_modules/pkg/index.js": "x",
      "src/app.ts": "x",
      ".env": "KEY=1",
      "notes.txt": { symlink: ".env" },
    });
    ws = await createWorkspace(tree.root);
  });
  afterAll(() => tree.remove());

  it("flags secret names, ignored files, skipped folders and links to them", async () => {
    expect(await secretReason(ws, ".env")).toMatch(/environment files/);
    expect(await secretReason(ws, "notes.txt")).toMatch(/environment files/);
    expect(await secretReason(ws, "local.json")).toMatch(/git ignores it/);
    expect(await secretReason(ws, "build/out.js")).toMatch(/git ignores it/);
    expect(await secretReason(ws, "node_modules/pkg/index.js")).toMatch(/inside node_modules\//);
    expect(await secretReason(ws, path.posix.join(".git", "config"))).toMatch(/inside \.git\//);
  });

  it("lets ordinary files through", async () => {
    expect(await secretReason(ws, "src/app.ts")).toBeUndefined();
    expect(await secretReason(ws, ".gitignore")).toBeUndefined();
  });
});
