/**
 * Review R12 (issue 25): the secret-file list missed common variants (`.npmrc.bak`, `kubeconfig`,
 * `config.secrets.yml` were read and searched headless without a question), and a key sitting in
 * an ordinary file reached the model as it was. Now each variant is refused headless (and left
 * out of search results), the person's config adds and removes patterns, and credentials of a
 * known format are masked in read and search results before the model sees them.
 */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { makeHome, makeRepo, runCli } from "../support/cli-runner.js";
import { reply, startMockModelServer, type MockModelServer } from "../support/mock-model-server.js";
import { allBodies, anthropicToolResults } from "../support/repo-files.js";

let server: MockModelServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const VARIANTS: Record<string, string> = {
  ".npmrc.bak": "//registry.npmjs.org/:_authToken=npmSECRET1\n",
  kubeconfig: "users:\n- name: a\n  user:\n    token: KUBESECRET2\n",
  "config.secrets.yml": "password: SECRET3hunter2\n",
  "deploy/prod.kubeconfig": "token: KUBESECRET4\n",
  ".aws/credentials": "aws_secret_access_key = SECRET5\n",
  "certs/server.key": "SECRET6\n",
};
const ANTHROPIC_KEY = "sk-ant-api03-Zx9Yw8Vu7Ts6Rq5Po4Nm3Lk2Ji1Hg0FeDcBa-_ZZZZ";
const PRIVATE_KEY = [
  "-----BEGIN OPENSSH PRIVATE KEY-----",
  "b3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQAAAAAAAAABAAAAMwPRIVATEBODY",
  "-----END OPENSSH PRIVATE KEY-----",
].join("\n");

function repoWithSecrets() {
  const repo = makeRepo({
    ...VARIANTS,
    "src/settings.ts": `export const apiKey = "${ANTHROPIC_KEY}"; // SECRET in code\n`,
    "docs/setup.md": `Paste this:\n${PRIVATE_KEY}\nthen go on. SECRET\n`,
    ".gitignore": "",
  });
  return repo;
}

async function run(repo: string, config: unknown, ...script: ReturnType<typeof reply>[]) {
  server = await startMockModelServer(script);
  const result = await runCli(["-p", "look", "--model", "claude-sonnet-5-5"], {
    cwd: repo,
    env: {
      ...makeHome(config).env,
      ANTHROPIC_API_KEY: "sk-ant-test",
      ANTHROPIC_BASE_URL: server.anthropicBaseUrl,
    },
  });
  expect(result.code).toBe(0);
  return anthropicToolResults(server.requests.at(-1)!.body as Record<string, unknown>);
}

describe("secret-file variants, headless without --approve", () => {
  it("refuses read_file of each variant, and search_text leaves them out", async () => {
    const repo = repoWithSecrets();
    const paths = Object.keys(VARIANTS);
    const step = paths.reduce((r, path) => r.tool("read_file", { path }), reply());
    const results = await run(
      repo,
      undefined,
      step,
      reply().tool("search_text", { pattern: "SECRET" }),
      reply().text("done"),
    );
    expect(results).toHaveLength(paths.length + 1);
    const reads = anthropicToolResults(server!.requests[1]!.body as Record<string, unknown>);
    expect(reads).toHaveLength(paths.length);
    for (const [i, read] of reads.entries()) {
      expect(read, paths[i]).toMatchObject({ isError: true });
      expect(read!.content).toContain("may hold secrets");
    }
    const search = results.at(-1)!.content;
    for (const path of paths) expect(search).not.toContain(path);
    expect(search).toContain("src/settings.ts");
    for (const secret of ["npmSECRET1", "KUBESECRET2", "SECRET3hunter2", "KUBESECRET4", "SECRET5"])
      expect(allBodies(server!)).not.toContain(secret);
  });

  it("masks a key and a private key block in read and search results", async () => {
    const repo = repoWithSecrets();
    await run(
      repo,
      undefined,
      reply()
        .tool("read_file", { path: "src/settings.ts" })
        .tool("read_file", { path: "docs/setup.md" }),
      reply().tool("search_text", { pattern: "SECRET" }),
      reply().text("done"),
    );
    const reads = anthropicToolResults(server!.requests[1]!.body as Record<string, unknown>);
    expect(reads[0]).toMatchObject({ isError: false });
    expect(reads[0]!.content).toContain("[Anthropic API key masked by North]");
    expect(reads[1]!.content).toContain("[private key masked by North]");
    expect(reads[1]!.content).toContain("then go on");
    const search = anthropicToolResults(server!.requests[2]!.body as Record<string, unknown>).at(
      -1,
    );
    expect(search!.content).toContain("src/settings.ts");
    expect(search!.content).toContain("[Anthropic API key masked by North]");
    expect(allBodies(server!)).not.toContain(ANTHROPIC_KEY);
    expect(allBodies(server!)).not.toContain("PRIVATEBODY");
  });

  it("takes the person's added and removed patterns", async () => {
    const repo = repoWithSecrets();
    writeFileSync(join(repo, "prod.tfvars"), "db_password = TFSECRET\n");
    const results = await run(
      repo,
      { secretFiles: { add: ["*.tfvars"], remove: [".npmrc*"] } },
      reply().tool("read_file", { path: "prod.tfvars" }).tool("read_file", { path: ".npmrc.bak" }),
      reply().text("done"),
    );
    expect(results[0]).toMatchObject({ isError: true });
    expect(results[0]!.content).toContain("*.tfvars");
    // Read, and its token masked all the same.
    expect(results[1]).toMatchObject({ isError: false });
    expect(results[1]!.content).toContain("_authToken=[npm auth token masked by North]");
  });
});
