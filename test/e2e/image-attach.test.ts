// Images attached by naming them (issue 29): `-p "… @shot.png"` with a path in the repository or
// outside it — quoted, with spaces, backslash-escaped — PNG, JPEG and one past the providers'
// limits, scaled; each protocol's request body holds the image within its limits; a model that
// takes no images gets the text and a notice.
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { jsonLines, makeHome, makeRepo, runCli } from "../support/cli-runner.js";
import { reply, type MockModelServer } from "../support/mock-model-server.js";
import { providerSetup, useE2e, type Protocol } from "../support/e2e-fixture.js";
import { imageSize, oversizedPng, solidImage } from "../support/images.js";

type Json = Record<string, unknown>;
const e2e = useE2e();

/** The images of the last user message of the request, as `{mediaType, data}`. */
function sentImages(server: MockModelServer): { mediaType: string; data: string }[] {
  const body = server.requests[0]!.body as { messages?: Json[]; input?: Json[] };
  const user = (body.messages ?? body.input ?? []).filter((m) => m.role === "user").at(-1);
  const blocks = Array.isArray(user?.content) ? (user.content as Json[]) : [];
  return blocks.flatMap((b): { mediaType: string; data: string }[] => {
    if (b.type === "image") {
      const source = b.source as { media_type: string; data: string };
      return [{ mediaType: source.media_type, data: source.data }];
    }
    const url =
      b.type === "input_image"
        ? (b.image_url as string)
        : b.type === "image_url"
          ? (b.image_url as { url: string }).url
          : undefined;
    const match = url ? /^data:([^;]+);base64,(.*)$/.exec(url) : null;
    return match ? [{ mediaType: match[1]!, data: match[2]! }] : [];
  });
}

let png: Buffer;
let jpeg: Buffer;
let big: Buffer;
let outside: string;
beforeAll(async () => {
  png = await solidImage(300, 200, "png");
  jpeg = await solidImage(640, 480, "jpeg");
  big = await oversizedPng();
  outside = mkdtempSync(join(tmpdir(), "north-drop-"));
  writeFileSync(join(outside, "my shot.png"), png);
  writeFileSync(join(outside, "big shot.png"), big);
});

async function ask(protocol: Protocol, prompt: string, vision = true) {
  const server = await e2e.server([reply().text("A picture.")]);
  const setup = providerSetup(protocol, server);
  const config = setup.config as { providers?: { local?: { models: Json[] } } };
  if (vision && config.providers?.local) config.providers.local.models[0]!.supportsImages = true;
  const { env } = makeHome(setup.config);
  const repo = makeRepo({ "README.md": "# demo\n" });
  writeFileSync(join(repo, "shot.png"), png);
  writeFileSync(join(repo, "photo.jpg"), jpeg);
  const result = await runCli([...setup.args, "-p", prompt, "--output-format", "stream-json"], {
    cwd: repo,
    env: { ...env, ...setup.env },
  });
  return { server, result, lines: jsonLines(result.stdout) as Json[] };
}

describe("-p with @ image paths", () => {
  it("attaches a PNG and a JPEG of the repository as they are", async () => {
    const { server, result } = await ask("anthropic-messages", "compare @shot.png and @photo.jpg");
    expect(result.code).toBe(0);
    const images = sentImages(server);
    expect(images).toEqual([
      { mediaType: "image/png", data: png.toString("base64") },
      { mediaType: "image/jpeg", data: jpeg.toString("base64") },
    ]);
  }, 60_000);

  for (const protocol of ["anthropic-messages", "openai-responses", "openai-chat"] as const) {
    it(`${protocol}: a dropped path outside the repository, past the limits, is scaled`, async () => {
      const path = join(outside, "big shot.png");
      const { server, result } = await ask(protocol, `what is in @'${path}'?`);
      expect(result.code).toBe(0);
      const [image] = sentImages(server);
      expect(image).toBeDefined();
      expect(image!.data.length).toBeLessThanOrEqual(5 * 1024 * 1024);
      const size = await imageSize(image!.data);
      expect(size.width).toBe(protocol === "anthropic-messages" ? 1568 : 2048);
    }, 60_000);
  }

  it("takes a path quoted with double quotes or with escaped spaces", async () => {
    const quoted = join(outside, "my shot.png");
    const escaped = quoted.replace(/ /g, "\\ ");
    for (const prompt of [`see @"${quoted}"`, `see @${escaped}`]) {
      const { server, result } = await ask("openai-chat", prompt);
      expect(result.code, prompt).toBe(0);
      expect(sentImages(server), prompt).toEqual([
        { mediaType: "image/png", data: png.toString("base64") },
      ]);
    }
  }, 60_000);

  it("a model that takes no images gets the text and a notice", async () => {
    const { server, result, lines } = await ask("openai-chat", "what is @shot.png?", false);
    expect(result.code).toBe(0);
    expect(sentImages(server)).toEqual([]);
    const notice = lines.find((l) => l.type === "notice" && String(l.text).includes("image"));
    expect(notice?.text).toContain("qwen3-coder does not take images");
  }, 60_000);

  it("a file that is not an image, or is missing, is a notice and nothing is sent of it", async () => {
    const fake = join(outside, "fake.png");
    writeFileSync(fake, "not a picture");
    const { server, result, lines } = await ask("anthropic-messages", `@${fake} @nothere.png`);
    expect(result.code).toBe(0);
    expect(sentImages(server)).toEqual([]);
    const notices = lines.filter((l) => l.type === "notice").map((l) => String(l.text));
    expect(notices).toContain(
      `@${fake} was not attached: it is not a PNG, JPEG, GIF or WebP image.`,
    );
    expect(notices).toContain("@nothere.png was not attached: it does not exist.");
  }, 60_000);
});

describe("read_file of an image", () => {
  async function readShot(protocol: Protocol, vision: boolean) {
    const server = await e2e.server([
      reply().tool("read_file", { path: "shot.png" }),
      reply().text("A green rectangle."),
    ]);
    const setup = providerSetup(protocol, server);
    const config = setup.config as { providers?: { local?: { models: Json[] } } };
    if (vision && config.providers?.local) config.providers.local.models[0]!.supportsImages = true;
    const { env } = makeHome(setup.config);
    const repo = makeRepo({ "README.md": "# demo\n" });
    writeFileSync(join(repo, "shot.png"), png);
    const result = await runCli([...setup.args, "-p", "what is shot.png?"], {
      cwd: repo,
      env: { ...env, ...setup.env },
    });
    expect(result.code).toBe(0);
    return JSON.stringify(server.requests[1]!.body);
  }

  it("a model that takes images gets the image in the tool result", async () => {
    const body = await readShot("anthropic-messages", true);
    expect(body).toContain("shot.png: PNG image");
    expect(body).toContain(
      JSON.stringify({ type: "base64", media_type: "image/png", data: png.toString("base64") }),
    );
  }, 60_000);

  it("a model that takes none gets a one-line description, no image", async () => {
    const body = await readShot("openai-chat", false);
    expect(body).toContain("shot.png: PNG image");
    expect(body).toContain("300×200 px. The model in use takes no images");
    expect(body).not.toContain(png.toString("base64"));
  }, 60_000);
});
