import stringWidth from "string-width";
import { describe, expect, test } from "vitest";
import { setLanguage } from "../../../i18n/index.js";
import type { Entry } from "../state/state.js";
import { buildGroups, type GroupItem } from "./groups.js";
import {
  cursorRow,
  findMatches,
  groupHeader,
  initialView,
  layout,
  moveCursor,
  nextMatch,
  scroll,
  search,
  shownTop,
  toggle,
  type LinesOf,
} from "./view-state.js";

/** Lines of an item, plainly: its text split on line breaks; thinking's text is its body. */
const linesOf: LinesOf = (item: GroupItem) => {
  if (item.kind !== "entry") return { head: ["live"], body: [] };
  const e = item.entry;
  if (e.kind === "thinking") return { head: ["thinking · 3 tokens"], body: e.text.split("\n") };
  if (e.kind === "tool") return { head: [e.title], body: e.change ? ["out 1", "out 2"] : [] };
  return { head: "text" in e ? e.text.split("\n") : [e.kind], body: [] };
};

const idle = { thinking: "", tail: "", tailJoined: false, tools: [], busy: false };
const entries: Entry[] = [
  { id: 1, kind: "user", text: "what is alpha" },
  { id: 2, kind: "markdown", text: "Alpha is\nthe first letter.", label: true, joined: false },
  { id: 3, kind: "user", text: "and beta" },
  { id: 4, kind: "thinking", text: "beta comes\nafter alpha" },
  { id: 5, kind: "markdown", text: "Beta is second.", label: true, joined: false },
  { id: 6, kind: "user", text: "gamma?" },
  { id: 7, kind: "markdown", text: "Gamma is third.", label: true, joined: false },
];
const groups = buildGroups(entries, idle);
const WIDTH = 60;
const HEIGHT = 6;

describe("layout", () => {
  test("earlier groups fold to one line, the last is open with its items", () => {
    const rows = layout(groups, initialView(groups), linesOf, WIDTH);
    expect(rows.map((r) => r.text)).toEqual([
      "▶ what is alpha → Alpha is the first letter. (3 lines)",
      "▶ and beta → Beta is second. (5 lines)",
      "▼ gamma?",
      "  gamma?",
      "  Gamma is third.",
    ]);
    expect(rows.map((r) => r.target)).toEqual(["g:g1", "g:g3", "g:g6", undefined, undefined]);
  });

  test("a folded header fits the width, question and answer both cut", () => {
    const long = buildGroups(
      [
        { id: 1, kind: "user", text: "q ".repeat(60) },
        { id: 2, kind: "markdown", text: "a ".repeat(60), label: true, joined: false },
      ],
      idle,
    )[0]!;
    const header = groupHeader(long, false, 50, 12);
    expect(header.length).toBeLessThanOrEqual(50);
    expect(header).toMatch(/^▶ q q .*… → a a .*… \(12 lines\)$/);
    expect(groupHeader(long, false, 50, 1)).toMatch(/\(1 line\)$/);
    // Wide characters take two cells each.
    const wide = { ...long, question: "重试".repeat(40) };
    expect(stringWidth(groupHeader(wide, false, 50, 12))).toBeLessThanOrEqual(50);
  });

  test("a group's header follows its answer as it streams (made again only when it changed)", () => {
    const at = (answer: string) =>
      buildGroups(
        [
          { id: 1, kind: "user", text: "why?" },
          { id: 2, kind: "markdown", text: answer, label: true, joined: false },
        ],
        idle,
      )[0]!;
    expect(groupHeader(at("Because"), false, 60, 1)).toBe("▶ why? → Because (1 line)");
    expect(groupHeader(at("Because of retries"), false, 60, 1)).toBe(
      "▶ why? → Because of retries (1 line)",
    );
    expect(groupHeader(at("Because of retries"), true, 60, 0)).toBe("▼ why?");
    expect(groupHeader(at("Because of retries"), false, 60, 1)).toContain("(1 line)");
    setLanguage("zh-CN");
    try {
      expect(groupHeader(at("Because of retries"), false, 60, 1)).not.toContain("line");
    } finally {
      setLanguage("en");
    }
  });

  test("an open group shows foldable items with their own marker, thinking folded", () => {
    const view = { ...initialView(groups), open: new Map([["g:g3", true]]) };
    const rows = layout(groups, view, linesOf, WIDTH);
    const texts = rows.map((r) => r.text);
    expect(texts).toContain("▶ thinking · 3 tokens");
    expect(texts).not.toContain("  beta comes");
    const opened = layout(
      groups,
      { ...view, open: new Map([...view.open, ["i:e4", true]]) },
      linesOf,
      WIDTH,
    ).map((r) => r.text);
    expect(opened).toContain("▼ thinking · 3 tokens");
    expect(opened).toContain("  beta comes");
  });
});

describe("cursor, folding and scrolling", () => {
  test("↑/↓ move between headers and foldable items; Enter opens and folds", () => {
    let view = initialView(groups);
    let rows = layout(groups, view, linesOf, WIDTH);
    expect(view.cursor).toBe("g:g6");
    view = moveCursor(view, rows, -1, HEIGHT);
    expect(view.cursor).toBe("g:g3");
    view = toggle(view, groups, rows, HEIGHT, linesOf, WIDTH);
    rows = layout(groups, view, linesOf, WIDTH);
    expect(rows[1]!.text).toBe("▼ and beta");
    // The thinking inside the opened group is the next stop.
    view = moveCursor(view, rows, 1, HEIGHT);
    expect(view.cursor).toBe("i:e4");
    view = toggle(view, groups, rows, HEIGHT, linesOf, WIDTH);
    rows = layout(groups, view, linesOf, WIDTH);
    expect(rows.some((r) => r.text === "  after alpha")).toBe(true);
    // The cursor's row stays in view.
    const at = cursorRow(view, rows);
    const top = shownTop(view, rows.length, HEIGHT);
    expect(at).toBeGreaterThanOrEqual(top);
    expect(at).toBeLessThan(top + HEIGHT);
    // ↑ at the first stop stays there.
    view = moveCursor(
      moveCursor(moveCursor(view, rows, -1, HEIGHT), rows, -1, HEIGHT),
      rows,
      -1,
      HEIGHT,
    );
    expect(view.cursor).toBe("g:g1");
  });

  test("Home, End and pages scroll; the view follows the end until scrolled up", () => {
    const view0 = {
      ...initialView(groups),
      open: new Map([
        ["g:g1", true],
        ["g:g3", true],
        ["i:e4", true],
      ]),
    };
    const rows = layout(groups, view0, linesOf, WIDTH);
    expect(rows.length).toBeGreaterThan(HEIGHT);
    expect(shownTop(view0, rows.length, HEIGHT)).toBe(rows.length - HEIGHT);
    const home = scroll(view0, rows, -Infinity, HEIGHT);
    expect(home.top).toBe(0);
    expect(home.follow).toBe(false);
    expect(home.cursor).toBe("g:g1");
    const page = scroll(home, rows, 1, HEIGHT);
    expect(page.top).toBe(HEIGHT - 1);
    const end = scroll(page, rows, Infinity, HEIGHT);
    expect(end.follow).toBe(true);
    expect(end.cursor).toBe("g:g6");
  });
});

describe("search", () => {
  test("finds the text in folded groups and items, opens them, and n goes on, wrapping", () => {
    expect(findMatches(groups, "ALPHA", linesOf)).toEqual([
      { group: "g1", item: "e1", line: 0 },
      { group: "g1", item: "e2", line: 0 },
      { group: "g3", item: "e4", line: 2 },
    ]);
    let view = search(initialView(groups), groups, "alpha", HEIGHT, linesOf, WIDTH);
    expect(view.search).toMatchObject({ query: "alpha", index: 0 });
    expect(view.open.get("g:g1")).toBe(true);
    expect(view.cursor).toBe("g:g1");
    view = nextMatch(view, groups, HEIGHT, linesOf, WIDTH);
    view = nextMatch(view, groups, HEIGHT, linesOf, WIDTH);
    // The third match is in folded thinking: its group and the thinking open.
    expect(view.search?.index).toBe(2);
    expect(view.open.get("g:g3")).toBe(true);
    expect(view.open.get("i:e4")).toBe(true);
    expect(view.cursor).toBe("i:e4");
    const rows = layout(groups, view, linesOf, WIDTH);
    const row = rows.findIndex((r) => r.text === "  after alpha");
    const top = shownTop(view, rows.length, HEIGHT);
    expect(row).toBeGreaterThanOrEqual(top);
    expect(row).toBeLessThan(top + HEIGHT);
    expect(nextMatch(view, groups, HEIGHT, linesOf, WIDTH).search?.index).toBe(0);
    expect(nextMatch(view, groups, HEIGHT, linesOf, WIDTH, -1).search?.index).toBe(1);
  });

  test("no match: the search says so and nothing moves", () => {
    const view = initialView(groups);
    const next = search({ ...view, typing: "zeta" }, groups, "zeta", HEIGHT, linesOf, WIDTH);
    expect(next.search?.matches).toEqual([]);
    expect(next.typing).toBeUndefined();
    expect(next.cursor).toBe(view.cursor);
  });
});
