import type { ToolImage } from "./types.js";

/** The media types every protocol North speaks takes in a user message. */
export const IMAGE_MEDIA_TYPES: readonly string[] = [
  "image/png",
  "image/jpeg",
  "image/gif",
  "image/webp",
];

/**
 * The largest image sent, as base64 characters (Anthropic's 5 MB per image is counted on the
 * base64 text; OpenAI's is larger). Images past it are scaled down first (`fitImage`).
 */
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;

/**
 * The largest image North takes in (decoded) to scale down: a message's image, a file attached
 * with `@`, the clipboard's, one `read_file` reads.
 */
export const MAX_IMAGE_INPUT_BYTES = 30 * 1024 * 1024;

/**
 * Tokens one image is counted as before a model reports usage: an estimate (about what a
 * 1000×1000 picture costs at Anthropic and OpenAI), not the vendors' exact figure.
 */
export const IMAGE_TOKEN_ESTIMATE = 1_500;

/** Decoded bytes of base64 `data` (without decoding it). */
export function imageBytes(data: string): number {
  const pad = data.endsWith("==") ? 2 : data.endsWith("=") ? 1 : 0;
  return Math.floor((data.length * 3) / 4) - pad;
}

/**
 * Why `image` may not be sent (an English sentence for an error line or RPC error), or undefined
 * when it may: a media type outside {@link IMAGE_MEDIA_TYPES}, data that is not base64, or more
 * than {@link MAX_IMAGE_INPUT_BYTES} decoded (a smaller image past the providers' limits is
 * scaled down before it is sent, see `fitImage`).
 */
export function imageProblem(image: { mediaType?: unknown; data?: unknown }): string | undefined {
  const { mediaType, data } = image;
  if (typeof mediaType !== "string" || !IMAGE_MEDIA_TYPES.includes(mediaType)) {
    return `image media type ${JSON.stringify(mediaType)} is not one of ${IMAGE_MEDIA_TYPES.join(", ")}`;
  }
  if (typeof data !== "string" || data.length === 0 || !/^[A-Za-z0-9+/]+={0,2}$/.test(data)) {
    return "image data must be non-empty base64";
  }
  const bytes = imageBytes(data);
  if (bytes > MAX_IMAGE_INPUT_BYTES) {
    return `image of ${Math.ceil(bytes / 1024)} KB is over the ${MAX_IMAGE_INPUT_BYTES / 1024 / 1024} MB limit`;
  }
  return undefined;
}

/** What a text-only record keeps of an image: `[Image: png 48 KB]`. */
export function imageNote(image: ToolImage): string {
  const kind = image.mediaType.replace(/^image\//, "");
  return `[Image: ${kind} ${Math.max(1, Math.round(imageBytes(image.data) / 1024))} KB]`;
}
