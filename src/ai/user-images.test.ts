import { describe, expect, it } from "vitest";
import { toAnthropicBody } from "./anthropic-messages.js";
import { toChatBody } from "./openai-chat.js";
import { toResponsesBody } from "./openai-responses.js";
import { imageNote, imageProblem, MAX_IMAGE_INPUT_BYTES } from "./images.js";
import type { ModelRequest } from "./types.js";

const png = { mediaType: "image/png", data: "iVBORw0KGgo=" };
const request: ModelRequest = {
  model: "m",
  system: "s",
  messages: [{ role: "user", content: "What is this?", images: [png] }],
  tools: [],
  maxOutputTokens: 100,
};

describe("a user message's images on the wire", () => {
  it("Anthropic Messages: an image block with a base64 source after the text", () => {
    const body = toAnthropicBody(request) as { messages: unknown[] };
    // The last block carries the cache breakpoint; the shape is the API's image block.
    expect(body.messages[0]).toMatchObject({
      role: "user",
      content: [
        { type: "text", text: "What is this?" },
        { type: "image", source: { type: "base64", media_type: "image/png", data: png.data } },
      ],
    });
  });

  it("OpenAI Responses: input_text and input_image with a data URL", () => {
    const body = toResponsesBody(request) as { input: unknown[] };
    expect(body.input[0]).toEqual({
      role: "user",
      content: [
        { type: "input_text", text: "What is this?" },
        { type: "input_image", detail: "auto", image_url: `data:image/png;base64,${png.data}` },
      ],
    });
  });

  it("OpenAI Chat: text and image_url parts", () => {
    const body = toChatBody(request) as { messages: unknown[] };
    expect(body.messages).toContainEqual({
      role: "user",
      content: [
        { type: "text", text: "What is this?" },
        { type: "image_url", image_url: { url: `data:image/png;base64,${png.data}` } },
      ],
    });
  });
});

describe("imageProblem and imageNote", () => {
  it("takes PNG, JPEG, GIF and WebP in base64 up to 30 MB decoded (scaled later)", () => {
    for (const mediaType of ["image/png", "image/jpeg", "image/gif", "image/webp"]) {
      expect(imageProblem({ mediaType, data: "AAAA" })).toBeUndefined();
    }
    expect(imageProblem({ mediaType: "image/svg+xml", data: "AAAA" })).toMatch(/not one of/);
    expect(imageProblem({ mediaType: "image/png", data: "not base64!" })).toMatch(/base64/);
    const big = "A".repeat(Math.ceil((MAX_IMAGE_INPUT_BYTES * 4) / 3) + 8);
    expect(imageProblem({ mediaType: "image/png", data: big })).toMatch(/over the 30 MB limit/);
  });

  it("notes an image by its kind and size", () => {
    const data = Buffer.alloc(48 * 1024).toString("base64");
    expect(imageNote({ mediaType: "image/png", data })).toBe("[Image: png 48 KB]");
  });
});

describe("which models take images", () => {
  it("the catalog's models do; others of the built-in vendors by their names", async () => {
    const { CATALOG, imagesByName } = await import("./catalog.js");
    expect(CATALOG.every((m) => m.supportsImages)).toBe(true);
    for (const id of ["claude-3-5-sonnet-latest", "claude-opus-4-1", "gpt-4o", "gpt-4.1", "o3"]) {
      expect(imagesByName(id)).toBe(true);
    }
    for (const id of ["claude-2.1", "gpt-3.5-turbo", "o3-mini", "qwen3-coder"]) {
      expect(imagesByName(id)).toBe(false);
    }
  });
});
