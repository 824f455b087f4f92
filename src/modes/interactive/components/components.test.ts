import { render } from "ink-testing-library";
import { createElement as h } from "react";
import { beforeAll, describe, expect, test } from "vitest";
import { initialState, type Entry } from "../state/state.js";
import { loadMarkdown } from "../markdown/index.js";
import { setTheme } from "../screen/theme.js";
import { ComposerView } from "./composer-view.js";
import { EntryView } from "./entry-view.js";
import { LiveArea } from "./live-area.js";
import { StatusLine } from "./status-line.js";

// ink-testing-library renders at 100 columns; colour is off so frames are plain text.
beforeAll(async () => {
  setTheme(false);
  await loadMarkdown();
});

const frame = (element: ReturnType<typeof h>) => {
  const instance = render(element);
  const out = instance.lastFrame() ?? "";
  instance.unmount();
  return out;
};

const status = {
  project: "north",
  mode: "agent",
  model: "Claude Sonnet 4.5",
  contextWindow: 200_000,
  width: 100,
};

describe("StatusLine", () => {
  test.each([10_000, 150_000, 190_000])("context %i of 200k", (contextTokens) => {
    expect(
      frame(h(StatusLine, { ...status, contextTokens, sessionTokens: 48_213 })),
    ).toMatchSnapshot();
  });

  test("a long project name is truncated", () => {
    const out = frame(
      h(StatusLine, {
        ...status,
        project: "a-very-long-project-name-that-goes-on-and-on",
        contextTokens: 0,
        sessionTokens: 0,
      }),
    );
    expect(out).toContain("a-very-long-project-name…");
  });
});

describe("ComposerView", () => {
  test("empty: the placeholder", () => {
    expect(
      frame(
        h(ComposerView, { state: { text: "", cursor: 0 }, placeholder: "Ask North", busy: false }),
      ),
    ).toMatchSnapshot();
  });

  test("multi-line with wide characters and the cursor inside", () => {
    const state = { text: "第一行 with 中文\nsecond 👍 line", cursor: 3 };
    expect(frame(h(ComposerView, { state, placeholder: "", busy: false }))).toMatchSnapshot();
  });

  test("a long input scrolls with the cursor", () => {
    const text = Array.from({ length: 20 }, (_, i) => `line ${i + 1}`).join("\n");
    const out = frame(
      h(ComposerView, { state: { text, cursor: text.length }, placeholder: "", busy: false }),
    );
    expect(out).toContain("↑ 12 more lines");
    expect(out).toContain("line 20");
    expect(out).not.toContain("line 12\n");
  });
});

describe("EntryView", () => {
  const entries: Entry[] = [
    { id: 1, kind: "user", text: "how does the retry policy work?" },
    {
      id: 2,
      kind: "thinking",
      text: "The person asks about retries.\nI should read src/retry.ts first.",
    },
    { id: 3, kind: "tool", title: "Reading src/retry.ts", outcome: "5 lines", error: false },
    {
      id: 4,
      kind: "tool",
      title: "Reading src/nope.ts",
      outcome: "File not found: src/nope.ts",
      error: true,
    },
    {
      id: 5,
      kind: "markdown",
      text: "It retries **3 times** on `429`.",
      label: true,
      joined: false,
    },
    { id: 6, kind: "note", text: "[Cancelled]", tone: "warn" },
    { id: 7, kind: "welcome", configFile: "/home/me/.config/north/config.json" },
  ];
  test.each(entries.map((e) => [e.kind, e] as const))("%s", (_kind, entry) => {
    expect(frame(h(EntryView, { entry, width: 100 }))).toMatchSnapshot();
  });
});

describe("LiveArea", () => {
  test("streaming text and a running tool", () => {
    const state = {
      ...initialState(30, 100),
      busy: true,
      tail: "Looking at the **client** now",
      tools: [{ id: "t1", name: "search_text", title: "Searching for useState" }],
    };
    expect(frame(h(LiveArea, { state, animate: false, highlightEpoch: 0 }))).toMatchSnapshot();
  });

  test("working, before the first token", () => {
    const state = { ...initialState(30, 100), busy: true };
    expect(frame(h(LiveArea, { state, animate: false, highlightEpoch: 0 }))).toMatchSnapshot();
  });
});
