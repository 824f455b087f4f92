import type { KeyPress } from "../keys/keys.js";
import type { UiState } from "../state/state.js";
import type { Store } from "../state/store.js";
import { afterSlash, browseActions, queryAction, type BrowseAction } from "./browse-keys.js";
import { ALT_SCREEN_OFF, ALT_SCREEN_ON, frameLines, frameText } from "./frame.js";
import { buildGroups, type Group } from "./groups.js";
import { cachedLines } from "./item-lines.js";
import type { OutputGate } from "./output-gate.js";
import { theme } from "../screen/theme.js";
import {
  cursorRow,
  initialView,
  layout,
  moveCursor,
  nextMatch,
  scroll,
  search,
  toggle,
  type BrowseView,
  type LinesOf,
  type Row,
} from "./view-state.js";

/** Browse mode as the app and the key handler see it. */
export interface BrowseScreen {
  isOpen(): boolean;
  open(): void;
  close(): void;
  onKey(key: KeyPress): void;
  /** Called when browse mode opens or closes. */
  subscribe(listener: () => void): () => void;
}

/** Frames drawn at most this often while an answer streams. */
export const FRAME_MS = 33;

/**
 * Browse mode: a full-screen view of the whole conversation on the alternate screen, drawn here
 * (not by Ink) whole frame by whole frame. While it shows, Ink's writes are held by `gate` and
 * the app shows a frozen frame (so almost nothing is held); on closing, the normal screen comes
 * back as it was and Ink's held writes follow, then the app draws the present again.
 */
export function createBrowseScreen(deps: {
  store: Store;
  /** The real terminal. */
  out: NodeJS.WriteStream;
  gate: OutputGate;
}): BrowseScreen {
  const { store, out, gate } = deps;
  const listeners = new Set<() => void>();
  let open = false;
  let view: BrowseView | undefined;
  // Kept while browse mode is closed: opening it again renders only what is new.
  let lines: { width: number; palette: string; of: LinesOf } | undefined;
  let unsubscribe: (() => void) | undefined;
  let timer: NodeJS.Timeout | undefined;
  let drawnAt = 0;

  const size = () => ({ width: out.columns || 80, height: out.rows || 24 });
  const linesFor = (width: number): LinesOf => {
    const itemWidth = Math.max(20, width - 4);
    const palette = theme().name;
    if (lines?.width !== itemWidth || lines.palette !== palette)
      lines = { width: itemWidth, palette, of: cachedLines(itemWidth) };
    return lines.of;
  };
  const groupsOf = (state: UiState): Group[] => buildGroups(state.entries, state);
  // The last groups and rows, reused while what they are made of is the same: a key that only
  // moves the cursor or scrolls lays nothing out again (the store's state and the view's folds
  // are replaced, never changed, when they change).
  let grouped: { state: UiState; groups: Group[] } | undefined;
  let laid:
    | { groups: Group[]; open: BrowseView["open"]; linesOf: LinesOf; width: number; rows: Row[] }
    | undefined;
  /** Everything one key or frame needs: groups, rows, sizes. */
  const scene = () => {
    const state = store.getState();
    const { width, height } = size();
    const linesOf = linesFor(width);
    if (grouped?.state !== state) grouped = { state, groups: groupsOf(state) };
    const { groups } = grouped;
    const fresh =
      laid?.groups === groups &&
      laid.open === view!.open &&
      laid.linesOf === linesOf &&
      laid.width === width - 2;
    if (!fresh)
      laid = {
        groups,
        open: view!.open,
        linesOf,
        width: width - 2,
        rows: layout(groups, view!, linesOf, width - 2),
      };
    const rows = laid!.rows;
    // The cursor was on a live item that has settled (thinking became an entry): it goes to its
    // group, the last one.
    if (view!.cursor && cursorRow(view!, rows) === -1 && groups.length > 0)
      view = { ...view!, cursor: `g:${groups.at(-1)!.key}` };
    return { state, groups, rows, width: width - 2, height: height - 1, linesOf, full: size() };
  };

  const draw = () => {
    if (timer) clearTimeout(timer);
    timer = undefined;
    if (!open || !view) return;
    drawnAt = Date.now();
    const s = scene();
    const turn = { streaming: s.state.busy, review: s.state.review !== undefined };
    out.write(frameText(frameLines(s.rows, view, s.full, turn)));
  };
  /** A redraw soon: at once when idle, paced while an answer streams. */
  const schedule = () => {
    if (!open || timer) return;
    const wait = Math.max(0, FRAME_MS - (Date.now() - drawnAt));
    timer = setTimeout(draw, wait);
  };
  const notify = () => {
    for (const listener of listeners) listener();
  };

  const act = (action: BrowseAction) => {
    const s = scene();
    const v = view!;
    switch (action) {
      case "up":
      case "down":
        view = moveCursor(v, s.rows, action === "up" ? -1 : 1, s.height);
        return;
      case "page-up":
      case "page-down":
        view = scroll(v, s.rows, action === "page-up" ? -1 : 1, s.height);
        return;
      case "home":
      case "end":
        view = scroll(v, s.rows, action === "home" ? -Infinity : Infinity, s.height);
        return;
      case "toggle":
        view = toggle(v, s.groups, s.rows, s.height, s.linesOf, s.width);
        return;
      case "search":
        view = { ...v, typing: "" };
        return;
      case "next-match":
      case "previous-match":
        view = nextMatch(
          v,
          s.groups,
          s.height,
          s.linesOf,
          s.width,
          action === "next-match" ? 1 : -1,
        );
        return;
      case "close":
        screen.close();
    }
  };

  const onQueryKey = (key: KeyPress) => {
    const v = view!;
    const typed = v.typing ?? "";
    const action = queryAction(key);
    switch (action.type) {
      case "insert":
        view = { ...v, typing: typed + action.text };
        return;
      case "backspace":
        view = { ...v, typing: [...typed].slice(0, -1).join("") };
        return;
      case "cancel": {
        const { typing: _typing, ...rest } = v;
        view = rest;
        return;
      }
      case "run": {
        const s = scene();
        if (!typed) {
          const { typing: _typing, ...rest } = v;
          view = rest;
          return;
        }
        view = search(v, s.groups, typed, s.height, s.linesOf, s.width);
        return;
      }
      case "none":
        return;
    }
  };

  const onResize = () => schedule();
  // Should North end while browsing (a crash, an exit), the terminal gets its normal screen back.
  const onExit = () => out.write(ALT_SCREEN_OFF);

  const screen: BrowseScreen = {
    isOpen: () => open,
    open() {
      if (open) return;
      open = true;
      gate.hold();
      out.write(ALT_SCREEN_ON);
      view = initialView(groupsOf(store.getState()));
      unsubscribe = store.subscribe(schedule);
      out.on("resize", onResize);
      process.on("exit", onExit);
      draw();
      notify();
    },
    close() {
      if (!open) return;
      open = false;
      if (timer) clearTimeout(timer);
      timer = undefined;
      unsubscribe?.();
      out.off("resize", onResize);
      process.off("exit", onExit);
      view = undefined;
      // The rows are not kept while closed (a long conversation's are megabytes); lines are.
      grouped = undefined;
      laid = undefined;
      out.write(ALT_SCREEN_OFF);
      gate.release();
      notify();
    },
    onKey(key) {
      if (!open || !view) return;
      if (view.typing !== undefined) onQueryKey(key);
      else
        for (const action of browseActions(key)) {
          act(action);
          if (!open) return;
          if (action === "search") {
            // Letters typed with the `/` in one read go into the query.
            const rest = afterSlash(key);
            if (rest) onQueryKey({ id: "text", text: rest });
            break;
          }
        }
      if (open) draw();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  return screen;
}
