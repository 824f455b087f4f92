import { existsSync } from "node:fs";
import { isAbsolute, join } from "node:path";
import { t } from "../../i18n/index.js";
import type { ContextReport } from "./context-usage.js";
import { resourceMentions } from "../../mcp/index.js";
import { expandMentions, fitMentions, type MentionFile } from "./mentions.js";
import { IMAGE_PATH, imageMentions, readImageFile, type ImageFile } from "./attach-images.js";

/** Attached files may fill the context up to this share of the window (compaction's threshold). */
export const ATTACH_SHARE = 0.8;

export interface AttachRequest {
  root: string;
  /** The message as the person wrote it. */
  text: string;
  /** Paths picked with `@`. */
  files: readonly string[];
  /** Blocks that follow the text (`!command` output). */
  context: readonly string[];
  /** How full the context is before this message. */
  report: ContextReport;
  secrets: "attach" | "refuse";
  /** Whether `@` image paths in `text` may lie outside the repository (`SubmitOptions`). */
  outsidePaths: boolean;
  /** The MCP servers whose resources `@<server>:<uri>` attaches (the ready ones). */
  resources?: ResourceReader;
}

/** Reads MCP resources for `@<server>:<uri>` words. */
export interface ResourceReader {
  servers: readonly string[];
  read(server: string, uri: string): Promise<{ text: string; truncated: boolean }>;
}

/**
 * The prompt a message becomes: its text, its context blocks, then the files it names — picked
 * ones and typed `@path` words that name a file or folder of the repository — fitted into what is
 * left of {@link ATTACH_SHARE} of the window. `notes` tells the person what was not attached.
 * Image paths (`@shot.png`, quoted or escaped, in the repository or anywhere the person wrote)
 * are read as `images`, for the session to fit and send (attach-images.ts).
 */
export async function attachFiles(
  request: AttachRequest,
): Promise<{ prompt: string; notes: string[]; attached: number; images: ImageFile[] }> {
  const { text: typed, context, root } = request;
  const text = context.length > 0 ? `${typed}\n\n${context.join("\n\n")}` : typed;
  const notes: string[] = [];
  // Text a command made may name only images in the repository (read under its rules).
  const named = imageMentions(typed).filter((m) => {
    if (request.outsidePaths || !isOutside(m.path)) return true;
    notes.push(t("images.outsideByCommand", { path: m.path }));
    return false;
  });
  const images: ImageFile[] = [];
  for (const path of new Set([...named.map((m) => m.path), ...request.files.filter(isImage)])) {
    const read = readImageFile(root, path);
    if (read.ok) images.push(read.file);
    else notes.push(t("images.notAttached", { path, why: read.problem }));
  }
  const files = request.files.filter((f) => !isImage(f));
  const resources = resourceMentions(typed, request.resources?.servers ?? []);
  const isResource = (word: string) => resources.some((r) => word.startsWith(`${r.server}:`));
  for (const match of typed.matchAll(/(?:^|\s)@([^\s@]+)/g)) {
    const path = match[1]!.replace(/[.,;:!?)'"]+$/, "");
    if (isResource(path) || isImage(path) || /^['"]|\\/.test(match[1]!)) continue;
    if (!path || files.includes(path) || files.includes(path.replace(/\/$/, ""))) continue;
    if (existsSync(join(root, path))) files.push(path);
    else notes.push(t("mention.missing", { path }));
  }
  const { report } = request;
  const budget = Math.floor(report.window * ATTACH_SHARE) - report.used - text.length;
  let prompt = text;
  if (files.length > 0) {
    const expanded = await expandMentions(root, text, files, budget, { secrets: request.secrets });
    prompt = expanded.prompt;
    notes.push(...expanded.notes);
  }
  if (resources.length > 0 && request.resources) {
    const left = budget - Math.ceil((prompt.length - text.length) / 4);
    prompt = await attachResources(prompt, resources, request.resources, left, notes);
  }
  return { prompt, notes, attached: files.length + resources.length + images.length, images };
}

const isImage = (path: string) => IMAGE_PATH.test(path);
/** A path `readImageFile` reads outside the repository's rules: absolute or `~/`. */
const isOutside = (path: string) => isAbsolute(path) || path === "~" || path.startsWith("~/");

/**
 * The prompt with each `@<server>:<uri>` resource after it as a `<resource server uri>` block,
 * fitted into `budget` tokens like files; a resource that cannot be read becomes a note.
 */
async function attachResources(
  prompt: string,
  mentions: { server: string; uri: string }[],
  reader: ResourceReader,
  budget: number,
  notes: string[],
): Promise<string> {
  const read: (MentionFile & { server: string; uri: string })[] = [];
  for (const { server, uri } of mentions) {
    try {
      const { text, truncated } = await reader.read(server, uri);
      if (truncated) notes.push(t("mention.resourceLarge", { what: `@${server}:${uri}` }));
      read.push({ path: `${server}:${uri}`, kind: "file", text, server, uri });
    } catch (error) {
      notes.push(
        t("mention.resourceFailed", {
          what: `@${server}:${uri}`,
          why: (error as Error).message.split("\n")[0] ?? "",
        }),
      );
    }
  }
  const { files, cut } = fitMentions(read, Math.max(0, budget));
  if (cut.length > 0)
    notes.push(t("mention.resourceCut", { what: cut.map((p) => `@${p}`).join(", ") }));
  if (files.length === 0) return prompt;
  const attr = (text: string) => text.replace(/&/g, "&amp;").replace(/"/g, "&quot;");
  const blocks = files.map((file) => {
    const { server, uri } = read.find((r) => r.path === file.path)!;
    const body = file.text.endsWith("\n") ? file.text : `${file.text}\n`;
    return `<resource server="${attr(server)}" uri="${attr(uri)}">\n${body}</resource>`;
  });
  return `${prompt}\n\n${blocks.join("\n\n")}`;
}
