import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { imageLimits } from "../../agent/images.js";
import { runTool, type ToolContext } from "../../agent/tool.js";
import { createWorkspace, type Workspace } from "../../workspace/index.js";
import { makeTempTree, type TempTree } from "../../../test/support/temp-tree.js";
import { imageSize, oversizedPng, solidImage } from "../../../test/support/images.js";
import { createReadFileTool } from "./read-file.js";

let tree: TempTree;
let ws: Workspace;
let png: Buffer;
beforeAll(async () => {
  tree = await makeTempTree({ "notes.txt": "text\n" });
  png = await solidImage(320, 240, "png");
  writeFileSync(join(tree.root, "shot.png"), png);
  writeFileSync(join(tree.root, "photo.jpg"), await solidImage(64, 48, "jpeg"));
  writeFileSync(join(tree.root, "big.png"), await oversizedPng());
  writeFileSync(join(tree.root, "broken.png"), png.subarray(0, 60));
  writeFileSync(join(tree.root, "text.png"), "not an image\n");
  ws = await createWorkspace(tree.root);
});
afterAll(() => tree.remove());

const read = (path: string, vision: boolean) => {
  const ctx: ToolContext = { signal: new AbortController().signal };
  if (vision) ctx.images = imageLimits("anthropic-messages");
  return runTool(createReadFileTool(ws), { path }, JSON.stringify({ path }), ctx);
};

describe("read_file on an image", () => {
  it("returns the image itself to a model that takes images", async () => {
    const result = await read("shot.png", true);
    expect(result.isError).toBe(false);
    expect(result.content).toMatch(
      /^shot\.png: PNG image, [\d.]+ KB, 320×240 px; the image follows\.$/,
    );
    expect(result.images).toEqual([{ mediaType: "image/png", data: png.toString("base64") }]);
    const jpeg = await read("photo.jpg", true);
    expect(jpeg.images?.[0]?.mediaType).toBe("image/jpeg");
  });

  it("scales one past the limits", async () => {
    const result = await read("big.png", true);
    expect(result.content).toContain("2600×1000 px; the image follows (scaled to 1568×");
    const data = result.images![0]!.data;
    expect(data.length).toBeLessThanOrEqual(5 * 1024 * 1024);
    expect((await imageSize(data)).width).toBe(1568);
  });

  it("describes it in one line to a model that takes none", async () => {
    const result = await read("shot.png", false);
    expect(result.isError).toBe(false);
    expect(result.images).toBeUndefined();
    expect(result.content).toMatch(
      /^shot\.png: PNG image, [\d.]+ KB, 320×240 px\. The model in use takes no images/,
    );
  });

  it("a broken image is an error; a .png that is text is read as text", async () => {
    const broken = await read("broken.png", true);
    expect(broken.isError).toBe(true);
    expect(broken.content).toMatch(/^broken\.png: it cannot be read as an image/);
    expect((await read("text.png", true)).content).toBe("1\tnot an image");
  });
});
