// Images for tests, made with sharp (real files the session's scaling decodes).
import sharp from "sharp";

/** A 1×1 PNG, base64. */
export const TINY_PNG =
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==";

/** A one-colour picture of `width` × `height` in `format`. */
export function solidImage(width: number, height: number, format: "png" | "jpeg") {
  const image = sharp({ create: { width, height, channels: 3, background: "#2a6" } });
  return (format === "png" ? image.png() : image.jpeg()).toBuffer();
}

/**
 * An image past both limits: 2600 px wide and, being random pixels stored without compression,
 * about 8 MB — more than the 5 MB of base64 a provider takes.
 */
export function oversizedPng(): Promise<Buffer> {
  const width = 2600;
  const height = 1000;
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < pixels.length; i++) pixels[i] = (i * 2654435761) >>> 24;
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .png({ compressionLevel: 0 })
    .toBuffer();
}

/** Width, height and format of base64 image data. */
export async function imageSize(data: string) {
  const meta = await sharp(Buffer.from(data, "base64")).metadata();
  return { width: meta.width, height: meta.height, format: meta.format };
}
