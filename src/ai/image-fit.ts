/**
 * Images made to fit what a provider takes: the longest side and the size of the base64 text.
 * `sharp` (a native library in its own npm packages) is loaded on the first image, never at
 * start-up. Every image North sends from a file, the clipboard or a front end's message goes
 * through {@link fitImage}; none is sent past a limit, and one that cannot be read is an
 * {@link ImageError} the caller turns into a notice or a tool error (never a silent drop).
 */
import type SharpFunction from "sharp";
import type { Protocol, ToolImage } from "./types.js";
import { IMAGE_MEDIA_TYPES, MAX_IMAGE_BYTES } from "./images.js";

/** What one provider takes of one image. */
export interface ImageLimits {
  /** Pixels of the longest side. */
  maxSide: number;
  /** Characters of the base64 text (Anthropic measures its 5 MB limit there, not on bytes). */
  maxBase64: number;
}

/**
 * Anthropic scales anything past 1568 px on the longest side down itself (and refuses past 8000,
 * or 2000 when a request holds many images): 1568 costs nothing in what the model sees. OpenAI's
 * high detail fits an image into 2048×2048 first. Both take 5 MB; we count it on the base64 text,
 * the stricter reading.
 */
export function imageLimits(protocol: Protocol): ImageLimits {
  const maxSide = protocol === "anthropic-messages" ? 1568 : 2048;
  return { maxSide, maxBase64: MAX_IMAGE_BYTES };
}

/**
 * An image that could not be read or made to fit. The message is an English clause (for a model);
 * `kind` and `detail` are for a translated line to the person.
 */
export class ImageError extends Error {
  override name = "ImageError";
  constructor(
    readonly kind: "notImage" | "unreadable" | "unscalable",
    readonly detail = "",
  ) {
    super(
      kind === "notImage"
        ? "it is not a PNG, JPEG, GIF or WebP image"
        : kind === "unreadable"
          ? `it cannot be read as an image (${detail})`
          : `it cannot be scaled to the provider's limits (${detail})`,
    );
  }
}

/** The image sent, and what it was. */
export interface FittedImage {
  image: ToolImage;
  width: number;
  height: number;
  /** Whether it was scaled or re-encoded (its original was past a limit). */
  scaled: boolean;
  /** The original's size in pixels and bytes. */
  original: { width: number; height: number; bytes: number };
}

/** The media type the bytes' signature shows, when one of PNG, JPEG, GIF or WebP. */
export function sniffImageType(bytes: Uint8Array): string | undefined {
  const at = (i: number, ...values: number[]) => values.every((v, k) => bytes[i + k] === v);
  if (at(0, 0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return "image/png";
  if (at(0, 0xff, 0xd8, 0xff)) return "image/jpeg";
  if (at(0, 0x47, 0x49, 0x46, 0x38)) return "image/gif";
  if (at(0, 0x52, 0x49, 0x46, 0x46) && at(8, 0x57, 0x45, 0x42, 0x50)) return "image/webp";
  return undefined;
}

/** Base64 characters of `bytes` bytes. */
const base64Length = (bytes: number) => 4 * Math.ceil(bytes / 3);

type Sharp = typeof SharpFunction;
let sharpModule: Promise<Sharp> | undefined;
/** `sharp`, loaded once on first use (the CommonJS builds get the function itself). */
function loadSharp(): Promise<Sharp> {
  sharpModule ??= import("sharp").then(
    (m) => (m as unknown as { default?: Sharp }).default ?? (m as unknown as Sharp),
  );
  return sharpModule;
}

/** Format, pixels and bytes of an image, for a one-line description; throws `ImageError`. */
export async function describeImage(
  bytes: Buffer,
): Promise<{ mediaType: string; width: number; height: number; bytes: number }> {
  const mediaType = sniffImageType(bytes);
  if (!mediaType) throw new ImageError("notImage");
  const { width, height } = await metadata(bytes);
  return { mediaType, width, height, bytes: bytes.length };
}

async function metadata(bytes: Buffer): Promise<{ width: number; height: number }> {
  const sharp = await loadSharp();
  try {
    const meta = await sharp(bytes).metadata();
    // An animation's height is all its frames; the first frame is what is sent.
    const height = meta.pageHeight ?? meta.height;
    if (!meta.width || !height) throw new Error("no dimensions");
    return { width: meta.width, height };
  } catch (error) {
    throw new ImageError("unreadable", firstLine(error));
  }
}

/**
 * `bytes` as an image within `limits`: sent as it is when it already fits, else scaled to the
 * longest side and re-encoded (PNG stays PNG while it fits, then JPEG at falling quality, then
 * smaller) until the base64 text fits. The first frame of an animation is what a scaled one keeps.
 * @throws ImageError when the bytes are not a PNG, JPEG, GIF or WebP image that decodes, or (in
 *   theory: a 64 px JPEG always fits) when no size fits
 */
export async function fitImage(bytes: Buffer, limits: ImageLimits): Promise<FittedImage> {
  const mediaType = sniffImageType(bytes);
  if (!mediaType || !IMAGE_MEDIA_TYPES.includes(mediaType)) throw new ImageError("notImage");
  const { width, height } = await metadata(bytes);
  const original = { width, height, bytes: bytes.length };
  const longest = Math.max(width, height);
  if (longest <= limits.maxSide && base64Length(bytes.length) <= limits.maxBase64) {
    const image = { mediaType, data: bytes.toString("base64") };
    return { image, width, height, scaled: false, original };
  }
  const sharp = await loadSharp();
  let side = Math.min(longest, limits.maxSide);
  const attempts: ("png" | number)[] =
    mediaType === "image/png" ? ["png", 85, 70, 50] : [85, 70, 50];
  try {
    while (side >= 64) {
      for (const attempt of attempts) {
        const resized = sharp(bytes).resize({
          width: side,
          height: side,
          fit: "inside",
          withoutEnlargement: true,
        });
        const encoded =
          attempt === "png"
            ? resized.png({ compressionLevel: 9 })
            : resized.flatten({ background: "#ffffff" }).jpeg({ quality: attempt, mozjpeg: true });
        const { data, info } = await encoded.toBuffer({ resolveWithObject: true });
        if (base64Length(data.length) <= limits.maxBase64) {
          const type = attempt === "png" ? "image/png" : "image/jpeg";
          const image = { mediaType: type, data: data.toString("base64") };
          return { image, width: info.width, height: info.height, scaled: true, original };
        }
      }
      side = Math.floor(side * 0.75);
    }
  } catch (error) {
    throw new ImageError("unscalable", firstLine(error));
  }
  throw new ImageError("unscalable", "no size fits");
}

const firstLine = (error: unknown) =>
  ((error as Error).message ?? String(error)).split("\n")[0]!.trim();
