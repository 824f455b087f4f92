import { render } from "ink-testing-library";
import { createElement as h } from "react";
import { beforeAll, describe, expect, test } from "vitest";
import { setTheme } from "../screen/theme.js";
import { ComposerView } from "./composer-view.js";

// Colour off (as under NO_COLOR): the ghost text must still be told apart from typed text.
beforeAll(() => {
  setTheme(false);
});

const frame = (element: ReturnType<typeof h>) => {
  const instance = render(element);
  const out = instance.lastFrame() ?? "";
  instance.unmount();
  return out;
};

const composer = (text: string, ghost?: string) =>
  frame(
    h(ComposerView, {
      state: { text, cursor: text.length },
      placeholder: "Ask North",
      busy: false,
      ...(ghost ? { ghost } : {}),
    }),
  );

describe("ComposerView with a suggestion", () => {
  test("draws it dim after the text, the cursor on its first character", () => {
    expect(composer("explain", " the policy")).toBe(
      "> explain\x1b[2m\x1b[7m \x1b[27mthe policy\x1b[22m",
    );
  });

  test("without one, the cursor sits after the text as before", () => {
    expect(composer("explain")).toBe("> explain\x1b[7m \x1b[27m");
  });

  test("a frozen composer (a review takes the keys) shows no suggestion", () => {
    const out = frame(
      h(ComposerView, {
        state: { text: "explain", cursor: 7 },
        placeholder: "",
        busy: false,
        frozen: true,
        ghost: " the policy",
      }),
    );
    expect(out).not.toContain("the policy");
  });
});
