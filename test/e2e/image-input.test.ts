// Images in user messages (issue 27, the ground of issue 29): `-p --input-format stream-json`
// keeps Claude Code's image blocks and `north rpc`'s `turn/submit` takes `images`; each protocol
// sends them in its API's shape; a model that takes none gets the text and a notice.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { jsonLines, makeHome, makeRepo, runCli } from "../support/cli-runner.js";
import { reply, type MockModelServer } from "../support/mock-model-server.js";
import { anthropicEnv, providerSetup, useE2e, type Protocol } from "../support/e2e-fixture.js";
import { startRpc } from "../support/rpc-client.js";
import { imageSize, oversizedPng, TINY_PNG } from "../support/images.js";

type Json = Record<string, unknown>;
const e2e = useE2e();
const DATA = TINY_PNG;

const userLine = (blocks: Json[]) =>
  JSON.stringify({ type: "user", message: { role: "user", content: blocks } });
const withImage = (mediaType = "image/png", data = DATA) =>
  userLine([
    { type: "text", text: "What is in it?" },
    { type: "image", source: { type: "base64", media_type: mediaType, data } },
  ]);

/** The last user message of the recorded request, in whichever protocol's shape. */
function lastUser(server: MockModelServer, index = 0): unknown {
  const body = server.requests[index]!.body as { messages?: Json[]; input?: Json[] };
  const list = (body.messages ?? body.input ?? []).filter((m) => m.role === "user");
  return list.at(-1)?.content;
}

const EXPECTED: Record<Protocol, unknown> = {
  "anthropic-messages": expect.arrayContaining([
    expect.objectContaining({
      type: "image",
      source: { type: "base64", media_type: "image/png", data: DATA },
    }),
  ]),
  "openai-responses": [
    { type: "input_text", text: "What is in it?" },
    { type: "input_image", detail: "auto", image_url: `data:image/png;base64,${DATA}` },
  ],
  "openai-chat": [
    { type: "text", text: "What is in it?" },
    { type: "image_url", image_url: { url: `data:image/png;base64,${DATA}` } },
  ],
};

async function streamJson(protocol: Protocol, supportsImages: boolean, stdin: string) {
  const server = await e2e.server([reply().text("A picture.")]);
  const setup = providerSetup(protocol, server);
  const config = setup.config as { providers?: { local?: { models: Json[] } } };
  if (supportsImages && config.providers?.local) {
    config.providers.local.models[0]!.supportsImages = true;
  }
  const { env } = makeHome(setup.config);
  const result = await runCli(
    [...setup.args, "-p", "--input-format", "stream-json", "--output-format", "stream-json"],
    { cwd: makeRepo(), env: { ...env, ...setup.env }, stdin: `${stdin}\n` },
  );
  return { server, result, lines: jsonLines(result.stdout) as Json[] };
}

describe("images in user messages", () => {
  for (const protocol of ["anthropic-messages", "openai-responses", "openai-chat"] as const) {
    it(`stream-json input: ${protocol} sends the image block in the API's shape`, async () => {
      const { server, result } = await streamJson(protocol, true, withImage());
      expect(result.stderr).not.toContain("image");
      expect(result.code).toBe(0);
      expect(lastUser(server)).toEqual(EXPECTED[protocol]);
    }, 60_000);
  }

  it("a model that takes no images gets the text alone, and a notice says so", async () => {
    const { server, result, lines } = await streamJson("openai-chat", false, withImage());
    expect(result.code).toBe(0);
    expect(lastUser(server)).toBe("What is in it?");
    const notice = lines.find((l) => l.type === "notice" && String(l.text).includes("image"));
    expect(notice?.text).toContain("qwen3-coder does not take images");
  }, 60_000);

  it("stream-json input: an SVG is an error result; an image past the limits is scaled", async () => {
    const big = (await oversizedPng()).toString("base64");
    expect(big.length).toBeGreaterThan(5 * 1024 * 1024);
    const stdin = [withImage("image/svg+xml"), withImage("image/png", big)].join("\n");
    const { server, result, lines } = await streamJson("anthropic-messages", true, stdin);
    const results = lines.filter((l) => l.type === "result");
    const errors = results.map((r) => (r.error as { message?: string } | undefined)?.message);
    expect(errors[0]).toContain("input line 1: image media type");
    expect(server.requests).toHaveLength(1);
    const sent = (lastUser(server) as Json[]).find((b) => b.type === "image")!;
    const { data } = sent.source as { data: string };
    expect(data.length).toBeLessThanOrEqual(5 * 1024 * 1024);
    expect(await imageSize(data)).toMatchObject({ width: 1568 });
    expect(result.code).toBe(2);
  }, 60_000);

  it("rpc: turn/submit takes images, refuses a bad one (-32602), resends them on resume", async () => {
    const server = await e2e.server([reply().text("A picture."), reply().text("Still a picture.")]);
    const { home, env } = makeHome();
    const repo = makeRepo();
    const rpc = startRpc({ cwd: repo, env: { ...env, ...anthropicEnv(server) } });
    let id = "";
    try {
      id = (await rpc.request("session/start", { model: "claude-sonnet-5-5" })).sessionId as string;
      const bad = await rpc.call("turn/submit", {
        text: "look",
        images: [{ mediaType: "image/bmp", data: DATA }],
      });
      expect(bad.error).toMatchObject({ code: -32602 });
      expect(JSON.stringify(bad.error)).toContain("image/bmp");
      const images = [{ mediaType: "image/png", data: DATA }];
      expect(await rpc.request("turn/submit", { text: "What is in it?", images })).toEqual({
        queued: false,
      });
      await rpc.waitForEvent((e) => e.type === "message_end");
      expect(server.requests).toHaveLength(1);
      expect(lastUser(server)).toEqual(EXPECTED["anthropic-messages"]);
      // The session file keeps the image, so a resumed conversation sends it again.
      const files = readdirSync(home, { recursive: true, encoding: "utf8" }).filter((f) =>
        f.endsWith(".jsonl"),
      );
      const saved = files.map((f) => readFileSync(join(home, f), "utf8")).join("\n");
      expect(saved).toContain(DATA);
    } finally {
      await rpc.end();
    }
    // Resumed: the next request sends the earlier image again.
    const again = startRpc({ cwd: repo, env: { ...env, ...anthropicEnv(server) } });
    try {
      await again.request("session/start", { resume: { id } });
      await again.request("turn/submit", { text: "And now?" });
      await again.waitForEvent((e) => e.type === "message_end");
      const body = JSON.stringify(server.requests[1]!.body);
      expect(body).toContain(`"media_type":"image/png","data":"${DATA}"`);
    } finally {
      await again.end();
    }
  }, 60_000);
});
