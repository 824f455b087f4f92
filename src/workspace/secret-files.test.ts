import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeTempTree, type TempTree } from "../../test/support/temp-tree.js";
import { secretNameReason, secretReason, setSecretFilePatterns } from "./secret-files.js";
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
    // Review R12's variants, and what the peers' lists name.
    ".npmrc.bak",
    "kubeconfig",
    "prod.kubeconfig",
    "home/.kube/config",
    "config.secrets.yml",
    "CREDENTIALS",
    ".aws/credentials",
    "credentials.csv",
    ".cargo/credentials.toml",
    "deploy.key",
    "terraform.tfstate",
    "gcp-service-account.json",
    ".docker/config.json",
    ".netrc.old",
    ".vault-token",
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
    "src/auth/credentials.ts",
    "config.yml",
    "src/kube/config.ts",
    ".env.dist",
  ])("%s is an ordinary file", (rel) => {
    expect(secretNameReason(rel)).toBeUndefined();
  });
});

describe("setSecretFilePatterns", () => {
  it("adds patterns after the built-in ones and removes built-in ones by their text", () => {
    try {
      setSecretFilePatterns({ add: ["*.tfvars", "deploy/**", "!dev.key"], remove: [".npmrc*"] });
      expect(secretNameReason("prod.tfvars")).toContain("your config");
      expect(secretNameReason("deploy/values.yaml")).toContain('"deploy/**"');
      expect(secretNameReason("dev.key")).toBeUndefined();
      expect(secretNameReason("prod.key")).toBeDefined();
      expect(secretNameReason(".npmrc")).toBeUndefined();
      expect(secretNameReason(".env")).toBeDefined();
    } finally {
      setSecretFilePatterns({});
    }
    expect(secretNameReason(".npmrc")).toBeDefined();
    expect(secretNameReason("prod.tfvars")).toBeUndefined();
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
