/**
 * Images a person attaches by naming them: `@shot.png` (a path in the repository, or any path the
 * person typed or dropped — absolute, `~/…`, quoted `@'my shot.png'` / `@"my shot.png"`, or with
 * backslash-escaped spaces), read with the safe reads (regular files only, never blocking on a
 * FIFO, at most `MAX_IMAGE_INPUT_BYTES`), then fitted to the model's limits with the images a
 * front end sent. A path outside the repository is read because the person wrote it; only a file
 * whose bytes are a PNG, JPEG, GIF or WebP image is ever sent.
 */
import { statSync } from "node:fs";
import { homedir } from "node:os";
import { basename, isAbsolute, join, resolve } from "node:path";
import {
  fitImage,
  ImageError,
  imageLimits,
  MAX_IMAGE_INPUT_BYTES,
  sniffImageType,
  type ModelInfo,
  type ToolImage,
} from "../../ai/index.js";
import { t } from "../../i18n/index.js";
import { readBoundedFileSync, readRepoFileSync } from "../../workspace/index.js";

/** A path that names an image by its extension. */
export const IMAGE_PATH = /\.(png|jpe?g|gif|webp)$/i;

/** One image a message names: the word as written and the path it means. */
export interface ImageMention {
  /** `@shot.png`, `@'my shot.png'`, `@my\ shot.png`. */
  word: string;
  path: string;
}

/** `@` then a quoted path, or a word in which `\x` stands for `x` (an escaped space). */
const MENTION = /(^|\s)@(?:'([^'\n]+)'|"([^"\n]+)"|((?:\\.|[^\s@\\'"])+))/g;

/** The image paths `text` names with `@`, in order, each once. */
export function imageMentions(text: string): ImageMention[] {
  const out: ImageMention[] = [];
  for (const match of text.matchAll(MENTION)) {
    const quoted = match[2] ?? match[3];
    const bare = match[4]?.replace(/[.,;:!?)]+$/, "");
    const path = quoted ?? bare?.replace(/\\(.)/g, "$1");
    if (!path || !IMAGE_PATH.test(path) || out.some((m) => m.path === path)) continue;
    const word = quoted !== undefined ? match[0].trimStart() : `@${bare}`;
    out.push({ word, path });
  }
  return out;
}

/**
 * The path a paste or a drop holds when it is nothing but one image path: terminals paste a
 * dropped file as its path, bare, quoted `'…'` / `"…"`, or with `\ ` for spaces (a `file://` URL
 * from some). `undefined` for anything else.
 */
export function pastedImagePath(text: string): string | undefined {
  let path = text.trim();
  if (!path || path.includes("\n")) return undefined;
  const quoted = /^'([^']+)'$/.exec(path) ?? /^"([^"]+)"$/.exec(path);
  if (quoted) path = quoted[1]!;
  else if (path.startsWith("file://")) {
    try {
      path = decodeURIComponent(new URL(path).pathname);
    } catch {
      return undefined;
    }
  } else {
    if (/(^|[^\\])\s/.test(path)) return undefined;
    path = path.replace(/\\(.)/g, "$1");
  }
  return IMAGE_PATH.test(path) ? path : undefined;
}

/**
 * The image file a paste is, when it is nothing but the path of one that exists (a regular file,
 * resolved against `cwd`): its absolute path and size. For the composer, which shows it as an
 * attachment instead of text.
 */
export function pastedImageFile(
  text: string,
  cwd: string,
): { path: string; bytes: number } | undefined {
  const path = pastedImagePath(text);
  if (!path) return undefined;
  const full = resolve(cwd, expandHome(path));
  try {
    const info = statSync(full);
    return info.isFile() ? { path: full, bytes: info.size } : undefined;
  } catch {
    return undefined;
  }
}

/** `@path` written so that `imageMentions` reads it back whole (quoted when it has spaces). */
export function imageMentionOf(path: string): string {
  if (!/[\s'"\\]/.test(path)) return `@${path}`;
  return path.includes("'") ? `@"${path}"` : `@'${path}'`;
}

/** An image file read, before fitting. */
export interface ImageFile {
  name: string;
  bytes: Buffer;
}

/** `~/x` in the person's home; otherwise as written. */
const expandHome = (path: string) =>
  path === "~" || path.startsWith("~/") ? join(homedir(), path.slice(1)) : path;

/**
 * Reads the image at `path`: relative to the repository under its rules, or an absolute or `~/`
 * path the person wrote (regular files only, never blocking, size cap). `problem` is a clause for
 * the person when it cannot be attached (missing, not a file, too large, not an image).
 */
export function readImageFile(
  root: string,
  path: string,
): { ok: true; file: ImageFile } | { ok: false; problem: string } {
  const full = expandHome(path);
  const options = { maxBytes: MAX_IMAGE_INPUT_BYTES };
  const read = isAbsolute(full)
    ? readBoundedFileSync(full, options)
    : readRepoFileSync(root, full, options);
  if (!read.ok) return { ok: false, problem: read.reason };
  if (read.truncated) {
    return {
      ok: false,
      problem: t("images.tooLarge", { max: `${MAX_IMAGE_INPUT_BYTES / 1024 / 1024} MB` }),
    };
  }
  if (!sniffImageType(read.bytes)) return { ok: false, problem: t("images.notImage", {}) };
  return { ok: true, file: { name: basename(full), bytes: read.bytes } };
}

/**
 * The images a message sends to `model`: the files it named and the images a front end gave,
 * each fitted to the model's protocol's limits (`fitImage`). A model that takes no images gets
 * none, and a note says how many were left out; an image that cannot be read or fitted is left
 * out with a note naming it. Never throws.
 */
export async function sendableImages(
  files: readonly ImageFile[],
  given: readonly ToolImage[],
  model: ModelInfo,
): Promise<{ images: ToolImage[]; notes: string[] }> {
  const count = files.length + given.length;
  if (count === 0) return { images: [], notes: [] };
  if (!model.supportsImages) {
    return { images: [], notes: [t("session.imagesNotSent", { count, model: model.id })] };
  }
  const limits = imageLimits(model.protocol);
  const images: ToolImage[] = [];
  const notes: string[] = [];
  const items = [
    ...files.map((f) => ({ name: f.name, bytes: f.bytes })),
    ...given.map((g, i) => ({ name: `#${i + 1}`, bytes: Buffer.from(g.data, "base64") })),
  ];
  for (const { name, bytes } of items) {
    try {
      images.push((await fitImage(bytes, limits)).image);
    } catch (error) {
      const why = imageWhy(error);
      notes.push(t("images.notSent", { name, why }));
    }
  }
  return { images, notes };
}

/** Why an image could not be used, for the person (translated). */
export function imageWhy(error: unknown): string {
  if (error instanceof ImageError) return t(`images.${error.kind}`, { detail: error.detail });
  return (error as Error).message;
}
