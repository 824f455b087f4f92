// A repository's custom command cannot make North read an image outside the repository: its
// text is not the person's (`SubmitOptions.outsidePaths` false). The same `@path` typed by the
// person attaches; an image in the repository named by the command attaches too.
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { jsonLines, makeHome, makeRepo, runCli } from "../support/cli-runner.js";
import { reply, type MockModelServer } from "../support/mock-model-server.js";
import { providerSetup, useE2e } from "../support/e2e-fixture.js";
import { solidImage } from "../support/images.js";

type Json = Record<string, unknown>;
const e2e = useE2e();

/** The base64 data of the images in the last user message of the first request (Anthropic). */
function sentImages(server: MockModelServer): string[] {
  const body = server.requests[0]!.body as { messages: Json[] };
  const user = body.messages.filter((m) => m.role === "user").at(-1);
  const blocks = Array.isArray(user?.content) ? (user.content as Json[]) : [];
  return blocks.filter((b) => b.type === "image").map((b) => (b.source as Json).data as string);
}

let outsidePng: Buffer;
let repoPng: Buffer;
let secret: string;
beforeAll(async () => {
  outsidePng = await solidImage(120, 80, "png");
  repoPng = await solidImage(60, 40, "png");
  secret = join(mkdtempSync(join(tmpdir(), "north-secret-")), "secret.png");
  writeFileSync(secret, outsidePng);
});

async function run(prompt: string) {
  const server = await e2e.server([reply().text("A picture.")]);
  const setup = providerSetup("anthropic-messages", server);
  const config = setup.config as { providers?: { local?: { models: Json[] } } };
  if (config.providers?.local) config.providers.local.models[0]!.supportsImages = true;
  const { env } = makeHome(setup.config);
  const repo = makeRepo({ "README.md": "# demo\n" });
  writeFileSync(join(repo, "shot.png"), repoPng);
  mkdirSync(join(repo, ".north", "commands"), { recursive: true });
  writeFileSync(join(repo, ".north", "commands", "look.md"), `look @${secret}\n`);
  writeFileSync(join(repo, ".north", "commands", "inrepo.md"), "look @shot.png\n");
  const result = await runCli([...setup.args, "-p", prompt, "--output-format", "stream-json"], {
    cwd: repo,
    env: { ...env, ...setup.env },
  });
  const notices = (jsonLines(result.stdout) as Json[])
    .filter((l) => l.type === "notice")
    .map((l) => String(l.text));
  return { server, result, notices };
}

describe("images named by a repository's custom command", () => {
  it("an image outside the repository is not read; a notice says why", async () => {
    const { server, result, notices } = await run("/look");
    expect(result.code).toBe(0);
    expect(sentImages(server)).toEqual([]);
    expect(JSON.stringify(server.requests[0]!.body)).not.toContain(outsidePng.toString("base64"));
    expect(notices).toContain(
      `@${secret} was not attached: it is outside the repository and named by a command from the repository; attach it yourself with @path.`,
    );
  }, 60_000);

  it("the same text typed by the person attaches the image", async () => {
    const { server, result } = await run(`look @${secret}`);
    expect(result.code).toBe(0);
    expect(sentImages(server)).toEqual([outsidePng.toString("base64")]);
  }, 60_000);

  it("an image in the repository named by the command attaches", async () => {
    const { server, result } = await run("/inrepo");
    expect(result.code).toBe(0);
    expect(sentImages(server)).toEqual([repoPng.toString("base64")]);
  }, 60_000);
});
