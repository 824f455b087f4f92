import { randomBytes } from "node:crypto";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { describeImage, fitImage, ImageError, imageLimits, sniffImageType } from "./image-fit.js";
import { imageBytes } from "./images.js";

const solid = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: "#3a7" } });
/** Random pixels: compresses to nothing, so its PNG is about width × height × 3 bytes. */
const noise = (width: number, height: number) =>
  sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } });

describe("fitImage", () => {
  it("sends an image within the limits as it is", async () => {
    const png = await solid(800, 600).png().toBuffer();
    const fitted = await fitImage(png, imageLimits("anthropic-messages"));
    expect(fitted.scaled).toBe(false);
    expect(fitted.image).toEqual({ mediaType: "image/png", data: png.toString("base64") });
    expect([fitted.width, fitted.height]).toEqual([800, 600]);
  });

  it("scales the longest side to each protocol's limit", async () => {
    const png = await solid(4000, 1000).png().toBuffer();
    const anthropic = await fitImage(png, imageLimits("anthropic-messages"));
    expect([anthropic.width, anthropic.height]).toEqual([1568, 392]);
    expect(anthropic.image.mediaType).toBe("image/png");
    const openai = await fitImage(png, imageLimits("openai-chat"));
    expect([openai.width, openai.height]).toEqual([2048, 512]);
    const jpeg = await fitImage(
      await solid(1000, 3000).jpeg().toBuffer(),
      imageLimits("openai-responses"),
    );
    expect(jpeg.image.mediaType).toBe("image/jpeg");
    expect(jpeg.height).toBe(2048);
  });

  it("re-encodes an image whose bytes are past the limit until its base64 fits", async () => {
    const png = await noise(1500, 1500).png({ compressionLevel: 0 }).toBuffer();
    expect(png.length).toBeGreaterThan(6 * 1024 * 1024);
    const limits = imageLimits("anthropic-messages");
    const fitted = await fitImage(png, limits);
    expect(fitted.scaled).toBe(true);
    expect(fitted.image.data.length).toBeLessThanOrEqual(limits.maxBase64);
    expect(imageBytes(fitted.image.data)).toBeLessThan(png.length);
    const meta = await sharp(Buffer.from(fitted.image.data, "base64")).metadata();
    expect(Math.max(meta.width, meta.height)).toBeLessThanOrEqual(limits.maxSide);
  });

  it("refuses what is not an image, or an image that does not decode, with an ImageError", async () => {
    await expect(fitImage(Buffer.from("hello"), imageLimits("openai-chat"))).rejects.toThrow(
      /not a PNG, JPEG, GIF or WebP/,
    );
    const broken = Buffer.concat([(await solid(50, 50).png().toBuffer()).subarray(0, 40)]);
    const error = await fitImage(broken, imageLimits("openai-chat")).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ImageError);
    expect((error as ImageError).kind).toBe("unreadable");
  });

  it("sniffs the four formats and describes an image", async () => {
    expect(sniffImageType(await solid(2, 2).png().toBuffer())).toBe("image/png");
    expect(sniffImageType(await solid(2, 2).jpeg().toBuffer())).toBe("image/jpeg");
    expect(sniffImageType(await solid(2, 2).gif().toBuffer())).toBe("image/gif");
    expect(sniffImageType(await solid(2, 2).webp().toBuffer())).toBe("image/webp");
    const gif = await solid(30, 20).gif().toBuffer();
    expect(await describeImage(gif)).toEqual({
      mediaType: "image/gif",
      width: 30,
      height: 20,
      bytes: gif.length,
    });
  });
});
