/**
 * The `@` picker's files: listed once the keyboard first rests after the interface's start, or at
 * the first `@` if it comes sooner (git's list in a process of its own, see
 * `streamProjectFiles`: two spawns of ~25 ms each from the interface's thread, which a key
 * typed at once would otherwise wait behind), and indexed in slices as they arrive
 * (`IndexFeeder`), so the first `@` in a large repository finds the index ready, or answers
 * from its part already indexed and updates as more arrives. Listed again when asked after `FRESH_MS` (a file made since then
 * appears): the new list is indexed beside the old one, which serves until the new is whole.
 * A large repository's last whole list is kept (`saveProjectFiles`, outside the repository):
 * the next start serves it at once, lists again {@link KEPT_REFRESH_MS} later, and replaces it
 * when the new list is whole.
 */
import { keptProjectFiles, saveProjectFiles, streamProjectFiles } from "../../../session/index.js";
import { IndexFeeder } from "../menu/index-feeder.js";
import type { PathIndex } from "../menu/path-index.js";

/** A list older than this is made again when the picker asks. */
const FRESH_MS = 5000;
/** While the first list grows, the menu is drawn again at most this often. */
const REDRAW_MS = 50;
/**
 * With a kept list served, the new listing waits this long: started at once, its parsing and
 * indexing shared the event loop with the first `@` typed as the composer appears (60,000
 * files: about a third of the wait for the first match). Writing the kept list waits as long.
 */
const KEPT_REFRESH_MS = 2000;

export interface FileSource {
  /**
   * The index of the files listed so far (it grows), or `undefined` while none is. Starts a new
   * listing when the last is older than `FRESH_MS`.
   */
  files(): PathIndex | undefined;
  /** The same, without starting a listing. */
  indexed(): PathIndex | undefined;
  /**
   * Gets the files ready before a menu asks: the list kept by an earlier session is read (off
   * the interface's thread) and served now, and the listing starts when `idle` calls back,
   * unless a menu asked first. Resolves once the kept list is served, or known to be missing.
   */
  prefetch(idle: (work: () => void) => void): Promise<void>;
}

/**
 * `changed` is called when the files to show changed (the caller draws the menu again);
 * `freshMs`: how old a list may be before it is made again (default `FRESH_MS`); `keepFrom`: the
 * paths a list needs to be kept for the next start (tests; see `saveProjectFiles`); `listFiles`:
 * what lists them (tests count its calls).
 */
export function createFileSource(
  root: string,
  env: Record<string, string | undefined>,
  changed: () => void,
  {
    freshMs = FRESH_MS,
    keepFrom,
    listFiles = streamProjectFiles,
  }: { freshMs?: number; keepFrom?: number; listFiles?: typeof streamProjectFiles } = {},
): FileSource {
  let served: IndexFeeder | undefined;
  let next: IndexFeeder | undefined;
  let listedAt = -Infinity;
  let lastDraw = 0;
  let asked = false;
  let kept = false;
  /** A list kept by an earlier session was served first. */
  let servedKept = false;
  let drawTimer: NodeJS.Timeout | undefined;
  const draw = (now: boolean) => {
    if (drawTimer) return;
    const wait = now ? 0 : lastDraw + REDRAW_MS - performance.now();
    if (wait <= 0) {
      lastDraw = performance.now();
      changed();
      return;
    }
    drawTimer = setTimeout(() => {
      drawTimer = undefined;
      lastDraw = performance.now();
      changed();
    }, wait);
  };

  let keptServed: Promise<boolean> | undefined;
  /** Serves the list the last session kept (indexed in slices), once; true when there was one. */
  const serveKept = () =>
    (keptServed ??= keptProjectFiles(root, env).then((text) => {
      if (text === undefined || served) return false;
      const cached: IndexFeeder = new IndexFeeder(() => {
        if (cached === served) grew(cached.complete);
      });
      served = cached;
      servedKept = true;
      cached.pushJoined(text);
      cached.end();
      return true;
    }));
  const list = () => {
    const first = listedAt === -Infinity;
    listedAt = performance.now();
    const feeder: IndexFeeder = new IndexFeeder(() => {
      // The first whole list of the session is kept for the next start (once: a list made
      // again 5 s later would rewrite megabytes for the same paths).
      if (feeder.complete && !kept) {
        kept = true;
        const { index } = feeder;
        const save = () => saveProjectFiles(root, env, index.joined(), index.files, keepFrom);
        if (!servedKept) save();
        else setTimeout(save, KEPT_REFRESH_MS).unref();
      }
      if (feeder === served) return grew(feeder.complete);
      // A list made again replaces the served one once it is whole.
      if (feeder === next && feeder.complete) {
        served = feeder;
        next = undefined;
        grew(true);
      }
    });
    const stream = () =>
      void listFiles(root, env, (paths) => feeder.push(paths)).then(() => feeder.end());
    next = feeder;
    // The session's first list: with a kept one served, made a little later; without, at once
    // (and served as it grows).
    void serveKept().then((fromKept) => {
      if (!fromKept && !served) {
        next = undefined;
        served = feeder;
      }
      if (fromKept && first) setTimeout(stream, KEPT_REFRESH_MS).unref();
      else stream();
    });
  };
  /** Drawn again only when a menu asked for the files since the last draw (one is open). */
  const grew = (whole: boolean) => {
    if (!asked) return;
    asked = false;
    draw(whole);
  };

  const indexed = () =>
    served && (served.index.size > 0 || served.complete) ? served.index : undefined;
  /** Starts a listing unless one runs or the last is fresh. */
  const listIfStale = () => {
    // One listing at a time: a first list still growing is not made again.
    const idle = !next && (!served || served.complete);
    if (idle && performance.now() - listedAt > freshMs) list();
  };
  return {
    files() {
      asked = true;
      listIfStale();
      return indexed();
    },
    indexed,
    async prefetch(idle) {
      idle(() => {
        if (listedAt === -Infinity) listIfStale();
      });
      await serveKept();
    },
  };
}
