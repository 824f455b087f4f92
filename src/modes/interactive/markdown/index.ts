import wrapAnsi from "wrap-ansi";
import { cleanDisplayText } from "../../../session/index.js";
import type { RenderOptions, renderMarkdown as render } from "./render.js";

type RenderModule = { renderMarkdown: typeof render };

let renderer: RenderModule | undefined;
let loading: Promise<void> | undefined;

/**
 * Loads the Markdown renderer (marked and its regular expressions, ~15 ms) — called just after
 * the first frame, so start-up does not wait for it. Resolves when it is ready.
 */
export function loadMarkdown(): Promise<void> {
  loading ??= import("./render.js").then((mod) => {
    renderer = mod;
  });
  return loading;
}

/**
 * Markdown as ANSI lines no wider than `width` (see render.ts); wrapped plain text in the
 * moment before the renderer has loaded. The only escape sequences in the result are the
 * renderer's own styles: `source` is cleaned for display first (a no-op for text that came
 * through the store, which is cleaned already), so neither marked nor the highlighter ever sees
 * a control character from the model.
 */
export function renderMarkdown(text: string, width: number, options: RenderOptions = {}): string {
  const source = cleanDisplayText(text);
  if (renderer) return renderer.renderMarkdown(source, width, options);
  void loadMarkdown();
  return wrapAnsi(source, Math.max(20, width), { hard: true });
}
