/**
 * The `@` picker's files: listed from the interface's start (git's list in a process of its own,
 * see `streamProjectFiles`) and indexed in slices as they arrive (`IndexFeeder`), so the first
 * `@` in a large repository finds the index ready, or answers from its part already indexed and
 * updates as more arrives. Listed again when asked after `FRESH_MS` (a file made since then
 * appears): the new list is indexed beside the old one, which serves until the new is whole.
 * A large repository's last whole list is kept (`saveProjectFiles`, outside the repository):
 * the next start serves it at once while its own listing runs, and replaces it when whole.
 */
import {
  cachedProjectFiles,
  saveProjectFiles,
  streamProjectFiles,
} from "../../../session/index.js";
import { IndexFeeder } from "../menu/index-feeder.js";

/** A list older than this is made again when the picker asks. */
const FRESH_MS = 5000;
/** While the first list grows, the menu is drawn again at most this often. */
const REDRAW_MS = 50;

export interface FileSource {
  /**
   * The files indexed so far (the index's own growing list: `indexOf` gives its index), or
   * `undefined` while none is. Starts a new listing when the last is older than `FRESH_MS`.
   */
  files(): readonly string[] | undefined;
  /** The same, without starting a listing. */
  indexed(): readonly string[] | undefined;
}

/**
 * `changed` is called when the files to show changed (the caller draws the menu again);
 * `freshMs`: how old a list may be before it is made again (default `FRESH_MS`); `keepFrom`: the
 * paths a list needs to be kept for the next start (tests; see `saveProjectFiles`).
 */
export function createFileSource(
  root: string,
  env: Record<string, string | undefined>,
  changed: () => void,
  { freshMs = FRESH_MS, keepFrom }: { freshMs?: number; keepFrom?: number } = {},
): FileSource {
  let served: IndexFeeder | undefined;
  let next: IndexFeeder | undefined;
  let listedAt = -Infinity;
  let lastDraw = 0;
  let asked = false;
  let kept = false;
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

  const list = () => {
    listedAt = performance.now();
    if (!served) {
      // The list the last session kept: served (indexed in slices) while this one is made.
      const kept = cachedProjectFiles(root, env);
      if (kept) {
        const cached: IndexFeeder = new IndexFeeder(() => {
          if (cached === served) grew(cached.complete);
        });
        served = cached;
        cached.push(kept);
        cached.end();
      }
    }
    const feeder: IndexFeeder = new IndexFeeder(() => {
      // The first whole list of the session is kept for the next start (once: a list made
      // again 5 s later would rewrite megabytes for the same paths).
      if (feeder.complete && !kept) {
        kept = true;
        saveProjectFiles(root, env, feeder.index.files, keepFrom);
      }
      if (feeder === served) return grew(feeder.complete);
      // A list made again replaces the served one once it is whole.
      if (feeder === next && feeder.complete) {
        served = feeder;
        next = undefined;
        grew(true);
      }
    });
    if (served) next = feeder;
    else served = feeder;
    void streamProjectFiles(root, env, (paths) => feeder.push(paths)).then(() => feeder.end());
  };
  /** Drawn again only when a menu asked for the files since the last draw (one is open). */
  const grew = (whole: boolean) => {
    if (!asked) return;
    asked = false;
    draw(whole);
  };

  const indexed = () =>
    served && (served.index.size > 0 || served.complete) ? served.index.files : undefined;
  return {
    files() {
      asked = true;
      // One listing at a time: a first list still growing is not made again.
      const idle = !next && (!served || served.complete);
      if (idle && performance.now() - listedAt > freshMs) list();
      return indexed();
    },
    indexed,
  };
}
