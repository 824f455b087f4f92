import {
  describeImage,
  fitImage,
  ImageError,
  MAX_IMAGE_INPUT_BYTES,
  sniffImageType,
} from "../../agent/images.js";
import { ToolError, type ToolContext, type ToolOutput } from "../../agent/tool.js";
import { formatSize, readRepoFileSync, type Workspace } from "../../workspace/index.js";

/** Enough of a file's start for `sniffImageType` (WebP's is the longest: 12 bytes). */
const SNIFF_BYTES = 64;

/** For renderers: the image `read_file` read (no line numbers). */
export interface ReadImageDetails {
  path: string;
  image: { mediaType: string; width: number; height: number; bytes: number };
}

/**
 * `read_file` on a PNG, JPEG, GIF or WebP file: to a model that takes images (`ctx.images`
 * says within what) the image itself, scaled to fit, with one line saying what it is; to another
 * that line alone (format, size, pixels). `undefined` when the file's bytes are not such an image
 * (read_file then treats it as any other file).
 * @throws ToolError when the file is past `MAX_IMAGE_INPUT_BYTES` or does not decode
 */
export async function readImage(
  ws: Workspace,
  relative: string,
  ctx: ToolContext,
): Promise<ToolOutput<ReadImageDetails> | undefined> {
  // Its first bytes say whether it is an image: any other binary file is not read whole.
  const head = readRepoFileSync(ws.root, relative, { maxBytes: SNIFF_BYTES });
  if (!head.ok) throw new ToolError(`${relative} cannot be read: ${head.reason}.`);
  if (!sniffImageType(head.bytes)) return undefined;
  const read = readRepoFileSync(ws.root, relative, { maxBytes: MAX_IMAGE_INPUT_BYTES });
  if (!read.ok) throw new ToolError(`${relative} cannot be read: ${read.reason}.`);
  const mediaType = sniffImageType(read.bytes);
  if (!mediaType) return undefined;
  const kind = mediaType.replace("image/", "").toUpperCase();
  if (read.truncated) {
    throw new ToolError(
      `${relative} is a ${kind} image of ${formatSize(read.size)}, larger than the ${formatSize(MAX_IMAGE_INPUT_BYTES)} read_file reads.`,
    );
  }
  try {
    const info = await describeImage(read.bytes);
    const what = `${relative}: ${kind} image, ${formatSize(info.bytes)}, ${info.width}×${info.height} px`;
    const details: ReadImageDetails = { path: relative, image: info };
    if (!ctx.images) {
      return {
        content: `${what}. The model in use takes no images, so it is described, not shown.`,
        details,
      };
    }
    const fitted = await fitImage(read.bytes, ctx.images);
    const scaled = fitted.scaled ? ` (scaled to ${fitted.width}×${fitted.height} px to fit)` : "";
    return { content: `${what}; the image follows${scaled}.`, images: [fitted.image], details };
  } catch (error) {
    if (error instanceof ImageError) throw new ToolError(`${relative}: ${error.message}.`);
    throw error;
  }
}
