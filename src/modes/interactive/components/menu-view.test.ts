import { render } from "ink-testing-library";
import { createElement as h } from "react";
import { beforeAll, describe, expect, test } from "vitest";
import { initialState } from "../state/state.js";
import { setTheme } from "../screen/theme.js";
import { shortcutLines } from "../keys/key-bindings.js";
import { ComposerView } from "./composer-view.js";
import { LiveArea } from "./live-area.js";
import { MenuView, ShortcutsView } from "./menu-view.js";
import { StatusLine, meterBar } from "./status-line.js";

beforeAll(() => setTheme(false));

const frame = (element: ReturnType<typeof h>) => {
  const instance = render(element);
  const out = instance.lastFrame() ?? "";
  instance.unmount();
  return out;
};

describe("MenuView", () => {
  test("commands with descriptions, the selected one marked, choices flagged", () => {
    const menu = {
      kind: "command" as const,
      from: 0,
      to: 3,
      items: [
        {
          value: "mode",
          label: "/mode",
          description: "Switch between ask, agent and plan",
          opens: true,
        },
        { value: "model", label: "/model", description: "Show or switch the model", opens: true },
      ],
    };
    expect(frame(h(MenuView, { menu, selected: 1, width: 100 }))).toMatchSnapshot();
  });

  test("a long file list scrolls around the selection; an empty one is being listed", () => {
    const items = Array.from({ length: 12 }, (_, i) => ({
      value: `f${i}.ts`,
      label: `src/f${i}.ts`,
    }));
    const menu = { kind: "file" as const, from: 0, to: 1, items };
    expect(frame(h(MenuView, { menu, selected: 10, width: 100 }))).toMatchSnapshot();
    expect(frame(h(MenuView, { menu: { ...menu, items: [] }, selected: 0, width: 100 }))).toBe(
      "  Listing the repository's files…",
    );
  });

  test("the shortcuts panel comes from the key table", () => {
    const out = frame(h(ShortcutsView, { lines: shortcutLines() }));
    expect(out).toContain("ctrl+x");
    expect(out).toContain("drop the queued messages");
    expect(out).toMatchSnapshot();
  });
});

describe("mentions, live output, cost", () => {
  test("a chosen mention is part of the composer's text", () => {
    const state = { text: "read @src/a.ts now", cursor: 14, mentions: ["src/a.ts"] };
    const out = frame(h(ComposerView, { state, placeholder: "", busy: false }));
    expect(out.replace(/\x1b\[\d+m/g, "")).toBe("> read @src/a.ts now");
  });

  test("a running command shows its last output lines", () => {
    const state = {
      ...initialState(30, 100),
      busy: true,
      tools: [{ id: "c", name: "shell_run", title: "Running `make`", output: "a\nb\nc\nd\n" }],
    };
    expect(frame(h(LiveArea, { state, animate: false, highlightEpoch: 0 }))).toMatchSnapshot();
  });

  test("the status line shows the money spent", () => {
    const out = frame(
      h(StatusLine, {
        project: "north",
        mode: "agent",
        model: "M",
        contextTokens: 120_000,
        contextWindow: 200_000,
        sessionTokens: 5000,
        cost: 0.01234,
        width: 100,
      }),
    );
    expect(out).toBe(
      "north [AGENT] M  context ██████░░░░ 60% 120k/200k  session 5.0k tokens  $0.0123",
    );
  });
});

describe("meterBar", () => {
  test("shows a sliver for a small share, whole cells for larger ones", () => {
    expect(meterBar(0)).toBe("░".repeat(10));
    expect(meterBar(0.3)).toBe(`▏${"░".repeat(9)}`);
    expect(meterBar(4)).toBe(`▍${"░".repeat(9)}`);
    expect(meterBar(60)).toBe(`${"█".repeat(6)}${"░".repeat(4)}`);
    expect(meterBar(100)).toBe("█".repeat(10));
  });
});
