/**
 * The project card: what a model would otherwise rediscover every conversation (languages, the
 * README's gist, build and test commands, the most-changed files), cached in
 * `.north/cache/project-card.json` and rebuilt when git HEAD or a file it was built from changes.
 */
import { existsSync, statSync } from "node:fs";
import { basename, join } from "node:path";
import { changeCounts } from "../../tools/hotfiles/git-history.js";
import {
  readRepoFileSync,
  repoFileProblem,
  repoOwnDir,
  replaceCacheFileSync,
  type Workspace,
} from "../../workspace/index.js";
import { gitHead } from "./git-head.js";
import { cardLanguages } from "./card-languages.js";
import { listRepoFiles } from "./repo-files.js";
import {
  COMMAND_SOURCES,
  detectCommands,
  detectToolchain,
  rootNames,
  type RootNames,
} from "./project-commands.js";
import { t } from "../../i18n/index.js";

export const CARD_PATH = join(".north", "cache", "project-card.json");
const README_NAME = /^readme(\.(md|markdown|rst|txt|adoc))?$/i;
const GIST_MAX = 500;
/** Bytes of the README read for its gist, and of the cached card. */
const README_READ_BYTES = 20_000;
const CARD_READ_BYTES = 256 * 1024;
/** What the block shows of the gist, and of each list. */
const BLOCK_LANGUAGES = 3;
const BLOCK_GIST = 140;
const BLOCK_COMMANDS = 5;
const BLOCK_FILES = 4;

export interface ProjectCard {
  /** 3 since cards name the toolchain (older caches are rebuilt). */
  version: 3;
  /** The commit HEAD pointed at when the card was built; null without git. */
  head: string | null;
  /** Modification times (ms) of the files it was built from, "." the root; null: absent. */
  sources: Record<string, number | null>;
  /** Programming languages by share of code bytes, biggest first. */
  languages: { name: string; percent: number }[];
  readme?: { path: string; gist: string };
  commands: string[];
  /** The package managers and toolchains its lock files name: "pnpm (pnpm-lock.yaml)". */
  uses: string[];
  /** Most-changed existing files in recent git history, most first. */
  hotfiles: string[];
  /**
   * Saved by a build cut short (a session that ended first), without languages or hotfiles:
   * served, never fresh, so the next session builds the whole card in the background.
   */
  partial?: true;
}

/**
 * The card of the workspace: the cached one when still valid, else a fresh one (then cached).
 * Never throws; a card that cannot be built or saved is simply emptier. The cache is written
 * only into a real `.north/cache` folder of the repository: through a symlinked `.north` (a clone
 * could point it anywhere) the card is built and not kept.
 */
export async function loadProjectCard(
  ws: Workspace,
  signal?: AbortSignal,
  present = rootNames(ws.root),
): Promise<ProjectCard> {
  const cached = readCached(ws.root);
  if (cached && isFresh(ws.root, cached, present)) return cached;
  // The cache folder exists before the root is stamped, so saving the card leaves it fresh.
  const cacheable = repoOwnDir(ws.root, ".north/cache") !== undefined;
  const card = await buildCard(ws, signal ?? new AbortController().signal, present);
  // A build cut short is incomplete: kept as partial only where no card was, else dropped.
  if (!signal?.aborted) {
    if (cacheable) saveCard(ws.root, card);
  } else if (cacheable && !cached) {
    saveCard(ws.root, { ...card, languages: [], hotfiles: [], partial: true });
  }
  return card;
}

/**
 * Caches a freshly built card (a few hundred bytes, written at once). Never throws. The folder is
 * checked again here: the repository could have swapped it for a symlink while the card was built.
 */
function saveCard(root: string, card: ProjectCard): void {
  const cacheDir = repoOwnDir(root, ".north/cache");
  if (cacheDir === undefined) return;
  try {
    replaceCacheFileSync(join(cacheDir, basename(CARD_PATH)), `${JSON.stringify(card, null, 1)}\n`);
    const ignore = join(cacheDir, ".gitignore");
    if (!existsSync(ignore)) replaceCacheFileSync(ignore, "*\n");
  } catch {
    // A cache that cannot be written: the next session builds the card again.
  }
}

/**
 * What the person is told about the files the card is built from (README, manifests) that cannot
 * be used — a symlink out of the repository, a FIFO, a device — one line each; the build skips
 * them. Synchronous and cheap (no file is read), so it is said at start even when the card is
 * built in the background or comes from the cache.
 */
export function projectCardNotices(root: string, present = rootNames(root)): string[] {
  const names = [
    ...new Set([...readmeCandidates(present), ...COMMAND_SOURCES.filter((n) => present.has(n))]),
  ];
  const notices: string[] = [];
  for (const name of names) {
    const problem = repoFileProblem(root, name);
    if (problem) notices.push(t("session.cardUnread", { name, problem }));
  }
  return notices;
}

/**
 * The card for a session. A cached card that is still fresh (see `isFresh`: git HEAD and the
 * stamps of the files it was built from, no walk) is there from construction on; else the stale
 * cached card (or "" without one) serves until a build ends, and the build waits for `start()`:
 * the session calls it a while after its first request is on the wire, so the build — git's list
 * of every tracked file, in a large repository the costliest thing a first run does — never
 * competes with the work before the first request, and a request never waits for it. `ready(ms)`
 * waits for a started build at most `ms`. `close()` stops a build still running and waits for it
 * to end (a session that ends leaves no temporary file behind): nothing waits for a card. Where
 * no card was cached, a session that ends keeps a partial one (a build cut short, or, when none
 * began, the parts that cost no process: README, commands, toolchain), which the next session
 * serves and completes in the background.
 */
export class ProjectCardLoader {
  private text = "";
  private loaded: Promise<void> | undefined;
  private readonly abort = new AbortController();
  private readonly fresh: boolean;
  private readonly cached: boolean;
  private readonly present: RootNames;
  /** Files the card cannot use, one line each (see `projectCardNotices`). */
  readonly notices: readonly string[];

  constructor(private readonly ws: Workspace) {
    this.present = rootNames(ws.root);
    this.notices = projectCardNotices(ws.root, this.present);
    const cached = readCached(ws.root);
    if (cached) this.text = renderProjectCard(cached);
    this.cached = cached !== undefined;
    this.fresh = cached !== undefined && isFresh(ws.root, cached, this.present);
  }

  /** True once a build was started (a fresh cached card needs none: never). */
  get building(): boolean {
    return this.loaded !== undefined;
  }

  /** Starts the build if the cached card is missing or stale (once; later calls do nothing). */
  start(): void {
    if (this.fresh || this.loaded || this.abort.signal.aborted) return;
    // A stale card (a commit since, a manifest changed) serves until the new one is built.
    this.loaded = loadProjectCard(this.ws, this.abort.signal, this.present).then(
      (card) => void (this.text = renderProjectCard(card)),
      () => {},
    );
  }

  block(): string {
    return this.text;
  }

  async ready(timeoutMs: number): Promise<void> {
    if (!this.loaded) return;
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<void>((resolve) => (timer = setTimeout(resolve, timeoutMs)));
    await Promise.race([this.loaded, timeout]);
    clearTimeout(timer);
  }

  async close(): Promise<void> {
    const began = this.loaded !== undefined || this.abort.signal.aborted;
    this.abort.abort();
    if (!began && !this.cached) {
      // The folder exists before the root is stamped (as in `loadProjectCard`).
      if (repoOwnDir(this.ws.root, ".north/cache") !== undefined) {
        saveCard(this.ws.root, quickCard(this.ws.root, this.present));
      }
    }
    await this.loaded;
  }
}

/** The block for the system prompt, a few hundred bytes; "" when the card says nothing. */
export function renderProjectCard(card: ProjectCard): string {
  const lines: string[] = [];
  if (card.languages.length > 0) {
    const shares = card.languages
      .slice(0, BLOCK_LANGUAGES)
      .map((l) => `${l.name} ${Math.round(l.percent)}%`);
    lines.push(`- Languages: ${shares.join(", ")}`);
  }
  if (card.readme?.gist) {
    const gist = card.readme.gist.replace(/\s+/g, " ");
    const shown =
      gist.length > BLOCK_GIST
        ? `${gist.slice(0, BLOCK_GIST - 1).replace(/[\s\u2026]+$/, "")}…`
        : gist;
    lines.push(`- ${card.readme.path}: ${shown}`);
  }
  if (card.uses.length > 0) lines.push(`- Uses: ${card.uses.join(", ")}`);
  if (card.commands.length > 0)
    lines.push(`- Commands: ${card.commands.slice(0, BLOCK_COMMANDS).join(", ")}`);
  if (card.hotfiles.length > 0)
    lines.push(`- Most-changed files: ${card.hotfiles.slice(0, BLOCK_FILES).join(", ")}`);
  if (lines.length === 0) return "";
  return `# Project card (cached; may be out of date)\n${lines.join("\n")}`;
}

function readCached(root: string): ProjectCard | undefined {
  const read = readRepoFileSync(root, CARD_PATH, { maxBytes: CARD_READ_BYTES });
  if (!read.ok || read.truncated) return undefined;
  try {
    const card = JSON.parse(read.text) as ProjectCard;
    return card.version === 3 && typeof card.sources === "object" ? card : undefined;
  } catch {
    return undefined;
  }
}

function isFresh(root: string, card: ProjectCard, present: RootNames): boolean {
  if (card.partial || gitHead(root) !== card.head) return false;
  const current = stamps(root, Object.keys(card.sources), present);
  return Object.entries(card.sources).every(([file, mtime]) => current[file] === mtime);
}

function stamps(
  root: string,
  files: readonly string[],
  present: RootNames,
): Record<string, number | null> {
  const out: Record<string, number | null> = {};
  for (const file of files) {
    if (file !== "." && !present.has(file)) {
      out[file] = null;
      continue;
    }
    try {
      out[file] = statSync(join(root, file)).mtimeMs;
    } catch {
      out[file] = null;
    }
  }
  return out;
}

async function buildCard(
  ws: Workspace,
  signal: AbortSignal,
  present: RootNames,
): Promise<ProjectCard> {
  // The quick part first: its stamps are taken before anything the build waits on.
  const { partial: _partial, ...quick } = quickCard(ws.root, present);
  // Without a commit there is no history to read: no git process is started for it.
  const committed = quick.head !== null && !quick.head.startsWith("unborn ");
  const [languages, hotfiles] = await Promise.all([
    codeLanguages(ws, signal).catch(() => []),
    committed ? mostChanged(ws.root, signal).catch(() => []) : [],
  ]);
  return { ...quick, languages, hotfiles };
}

/**
 * The card without what needs a process or a list of every file (languages, hotfiles): a few
 * stats and small reads. Kept as partial by a session that ends before any build began.
 */
function quickCard(root: string, present: RootNames): ProjectCard {
  const readmePath = readmeCandidates(present)[0];
  const sources = stamps(
    root,
    [".", ...(readmePath ? [readmePath] : []), ...COMMAND_SOURCES],
    present,
  );
  const readme = readmePath
    ? readRepoFileSync(root, readmePath, { maxBytes: README_READ_BYTES })
    : undefined;
  const gist = readme?.ok ? readmeGist(readme.text) : "";
  return {
    version: 3,
    head: gitHead(root),
    sources,
    languages: [],
    ...(readmePath && gist ? { readme: { path: readmePath, gist } } : {}),
    commands: detectCommands(root, present),
    uses: detectToolchain(root, present),
    hotfiles: [],
    partial: true,
  };
}

/** From git's tracked files where there are (no walk), a sample of each language measured. */
async function codeLanguages(ws: Workspace, signal: AbortSignal) {
  const { paths } = await listRepoFiles(ws, { signal, tracked: true });
  return cardLanguages(ws.root, paths, signal);
}

async function mostChanged(root: string, signal: AbortSignal): Promise<string[]> {
  // The root commit is no change; in an import of 60,000 files it would cost git a second.
  const history = await changeCounts(root, 200, signal, { root: false });
  if (!history) return [];
  const ranked = [...history.counts]
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
    .map(([file]) => file);
  // Looked up in order until eight exist: a commit of 60,000 files must not cost 60,000 stats.
  const kept: string[] = [];
  for (const file of ranked) {
    if (kept.length === 8) break;
    if (existsSync(join(root, file))) kept.push(file);
  }
  return kept;
}

/** README files of the root, the preferred first. */
function readmeCandidates(root: RootNames): string[] {
  return root.names
    .filter((name) => README_NAME.test(name))
    .sort((a, b) => a.length - b.length || (a < b ? -1 : 1));
}

/**
 * The first heading and the first paragraph of prose of a README, without Markdown decoration
 * (badges, images, HTML, link targets), at most 500 characters.
 */
export function readmeGist(text: string): string {
  const lines = text.replace(/\r/g, "").split("\n");
  let title = "";
  const paragraph: string[] = [];
  let inCode = false;
  for (const raw of lines) {
    const line = raw.trim();
    if (line.startsWith("```")) inCode = !inCode;
    if (inCode || line.startsWith("```")) continue;
    if (/^(=+|-+)$/.test(line) && paragraph.length === 1 && !title) {
      title = paragraph.pop()!; // a setext heading: the line above was its text
      continue;
    }
    const heading = /^#{1,6}\s+(.*)$/.exec(line) ?? /^(=+|-+|\*{3,})$/.exec(line);
    if (heading) {
      if (paragraph.length > 0) break;
      if (!title && heading[0].startsWith("#")) title = plain(heading[1] ?? "");
      continue;
    }
    const prose = plain(line);
    if (!prose) {
      if (paragraph.length > 0) break;
      continue;
    }
    paragraph.push(prose);
  }
  const gist = [title, paragraph.join(" ")].filter(Boolean).join(" — ");
  return gist.length > GIST_MAX ? `${gist.slice(0, GIST_MAX - 1)}…` : gist;
}

/** Markdown line to plain text: no images, badges or HTML; links keep their text. */
function plain(line: string): string {
  return line
    .replace(/<[^>]+>/g, "")
    .replace(/\[!\[[^\]]*\]\([^)]*\)\]\([^)]*\)/g, "")
    .replace(/!\[[^\]]*\]\([^)]*\)/g, "")
    .replace(/\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/[*_`]/g, "")
    .trim();
}
