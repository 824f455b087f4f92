import { render } from "ink-testing-library";
import { createElement as h } from "react";
import { beforeAll, describe, expect, test } from "vitest";
import type { FileChange, Review } from "../../../agent/tool.js";
import { loadMarkdown } from "../markdown/index.js";
import { pendingReview, type PendingReview } from "../review/review-state.js";
import { initialState, type UiState } from "../state/state.js";
import { setTheme } from "../screen/theme.js";
import { ChangeView } from "./change-view.js";
import { EntryView } from "./entry-view.js";
import { ReviewView } from "./review-view.js";

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

const APP_DIFF = [
  "--- a/src/app.ts",
  "+++ b/src/app.ts",
  "@@ -1,5 +1,7 @@",
  ' import { policy } from "./retry";',
  "-const client = { policy };",
  "+const client = { policy, timeoutMs: 5000 };",
  "+",
  "+export const version = 2;",
  " ",
  " export function main() {",
  "   return client;",
  "",
].join("\n");

export const appEdit: FileChange = {
  path: "src/app.ts",
  diff: APP_DIFF,
  added: 3,
  removed: 1,
  created: false,
};

function created(lines: number, path = "src/new.ts"): FileChange {
  const body = Array.from({ length: lines }, (_, i) => `+export const line${i + 1} = ${i + 1};`);
  return {
    path,
    diff: ["--- /dev/null", `+++ b/${path}`, `@@ -0,0 +1,${lines} @@`, ...body, ""].join("\n"),
    added: lines,
    removed: 0,
    created: true,
  };
}

function show(review: Review, change: (p: PendingReview) => PendingReview = (p) => p, rows = 30) {
  const pending = change(pendingReview("call-1", "tool", review));
  const state: UiState = { ...initialState(rows, 100), busy: true, review: pending };
  return frame(h(ReviewView, { state, pending }));
}

describe("ReviewView", () => {
  test("an edit: the header with counts, the coloured diff, the keys", () => {
    expect(show({ type: "edit", files: [appEdit] })).toMatchSnapshot();
  });

  test("a created file", () => {
    const out = show({ type: "edit", files: [created(3)] });
    expect(out).toContain("Create src/new.ts (+3)");
    expect(out).toMatchSnapshot();
  });

  test("a long diff is folded to fit the screen, with a marker", () => {
    const out = show({ type: "edit", files: [created(260)] });
    expect(out).toMatch(/… 2\d\d more lines …/);
    expect(out).toContain("↑↓ scroll");
    expect(out.split("\n").length).toBeLessThan(30);
    expect(out).toMatchSnapshot();
  });

  test("a folded diff scrolled down shows what is above as a marker", () => {
    const out = show({ type: "edit", files: [created(260)] }, (p) => ({ ...p, scroll: 100 }));
    expect(out).toContain("↑ 100 more lines");
    expect(out).toContain("line101 = 101");
    expect(out.split("\n").length).toBeLessThan(30);
  });

  test("several files: a total, then each file under its own header", () => {
    const out = show({ type: "edit", files: [appEdit, created(2, "src/b.ts")] });
    expect(out).toContain("Edit 2 files (+5 −1)");
    expect(out).toContain("Edit src/app.ts (+3 −1)");
    expect(out).toContain("Create src/b.ts (+2)");
  });

  test("a command: the line, its directory and the prefix rule with Tab to switch", () => {
    const out = show({ type: "command", command: "npm run build -- --watch", cwd: "/work/demo" });
    expect(out).toContain("always allows commands starting with `npm run`");
    expect(out).toMatchSnapshot();
  });

  test("Tab switched the rule to the exact command", () => {
    const out = show({ type: "command", command: "npm run build", cwd: "/w" }, (p) => ({
      ...p,
      rule: 1,
    }));
    expect(out).toContain(
      "always allows exactly `npm run build` · Tab or commands starting with `npm run`",
    );
  });

  test("a dangerous command says why and offers no always", () => {
    const out = show({
      type: "command",
      command: "git reset --hard HEAD~1",
      cwd: "/work/demo",
      danger: "git reset --hard discards uncommitted work",
    });
    expect(out).toContain("Always asks: git reset --hard discards uncommitted work");
    expect(out).not.toContain("a always");
    expect(out).toMatchSnapshot();
  });

  test("a secret read: the path and why, accept or reject, no always", () => {
    const out = show({ type: "secret", path: ".env", why: "an environment file (keys)" });
    expect(out).toContain("Read a file that may hold secrets");
    expect(out).toContain(".env");
    expect(out).toContain("an environment file (keys)");
    expect(out).toContain("y allow reading");
    expect(out).toContain("n reject");
    expect(out).not.toContain("always");
  });

  test("a command leaving the sandbox: outside the sandbox, the model's reason, no always", () => {
    const out = show({
      type: "command",
      command: "npm install left-pad",
      cwd: ".",
      sandbox: "none",
      escalate: "it downloads a package",
    });
    expect(out).toContain("outside the sandbox");
    expect(out).toContain("The model says: “it downloads a package”");
    expect(out).toContain("y run");
    expect(out).not.toContain("always");
  });

  test("a plan as Markdown", () => {
    const plan = "## Plan\n\n1. Read **src/retry.ts**\n2. Add a `timeoutMs` option\n3. Test it";
    expect(show({ type: "plan", plan })).toMatchSnapshot();
  });

  test("typing a note for a rejection", () => {
    const out = show({ type: "edit", files: [appEdit] }, (p) => ({
      ...p,
      reason: { text: "use a constant", cursor: 14 },
    }));
    expect(out).toContain("Note: use a constant");
    expect(out).toContain("Enter reject with this note");
    expect(out).not.toContain("y always");
  });
});

describe("colour", () => {
  test("added lines are green, removed red, the danger red", () => {
    setTheme(true);
    try {
      const edit = show({ type: "edit", files: [appEdit] });
      expect(edit).toContain("\x1b[32m+ const client = { policy, timeoutMs: 5000 };");
      expect(edit).toContain("\x1b[31m- const client = { policy };");
      const danger = show({ type: "command", command: "git clean -fdx", cwd: ".", danger: "x" });
      expect(danger).toContain("\x1b[31mAlways asks: x");
      expect(danger).toContain("at the project root");
    } finally {
      setTheme(false);
    }
  });
});

describe("settled changes", () => {
  test("an applied edit keeps its diff once in scrollback", () => {
    const entry = {
      id: 1,
      kind: "tool" as const,
      title: "Edited src/app.ts (+3 −1)",
      error: false,
      change: { type: "diff" as const, files: [appEdit] },
    };
    expect(frame(h(EntryView, { entry, width: 100 }))).toMatchSnapshot();
  });

  test("a long applied diff is folded in scrollback", () => {
    const out = frame(
      h(ChangeView, { change: { type: "diff", files: [created(200)] }, width: 94 }),
    );
    expect(out).toContain("… 141 more lines …");
  });

  test("a ran command with the last lines of its output", () => {
    const entry = {
      id: 3,
      kind: "tool" as const,
      title: "Ran `npm test`",
      outcome: "exit 1 in 2.3s",
      error: true,
      change: { type: "output" as const, lines: ["FAIL src/a.test.ts", "1 failed"], omitted: 40 },
    };
    expect(frame(h(EntryView, { entry, width: 100 }))).toMatchSnapshot();
  });

  test("a rejected edit is one yellow line with the note", () => {
    const entry = {
      id: 2,
      kind: "tool" as const,
      title: "Rejected edit of src/app.ts",
      outcome: "“use a constant”",
      error: false,
      declined: true,
    };
    expect(frame(h(EntryView, { entry, width: 100 }))).toMatchSnapshot();
  });
});

describe("an MCP server's form", () => {
  const form: Review = {
    type: "elicitation",
    server: "tables",
    message: "Details of the booking?",
    requestedSchema: {},
    fields: [
      { name: "time", type: "string", title: "Time", required: true, enum: ["18:00", "20:00"] },
      { name: "guests", type: "integer", required: false, minimum: 1, maximum: 12 },
    ],
  };
  test("shows the server's message, the field, its choices and the keys", () => {
    const pending = pendingReview("elicitation-1", "mcp__tables", form);
    const state: UiState = { ...initialState(40, 100), busy: true, review: pending };
    const out = frame(h(ReviewView, { state, pending }));
    expect(out).toContain('MCP server "tables" asks: Details of the booking?');
    expect(out).toContain("Time *");
    expect(out).toContain("› 1. 18:00");
    expect(out).toContain("2. 20:00");
    expect(out).not.toContain("Type a value");
    expect(out).toContain("Esc decline");
  });

  test("an optional number: Skip, or a typed value with what it takes", () => {
    const pending = pendingReview("elicitation-1", "mcp__tables", form);
    const picker = { index: 1, selected: 1, answers: ["18:00"] };
    const state: UiState = { ...initialState(40, 100), busy: true, review: pending };
    const out = frame(h(ReviewView, { state, pending: { ...pending, picker } }));
    expect(out).toContain("a whole number 1–12");
    expect(out).toContain("1. Skip — leave it empty");
    expect(out).toContain("› 2. Type a value");
  });
});
