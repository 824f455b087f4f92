import wrapAnsi from "wrap-ansi";
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
 * moment before the renderer has loaded.
 */
export function renderMarkdown(source: string, width: number, options: RenderOptions = {}): string {
  if (renderer) return renderer.renderMarkdown(source, width, options);
  void loadMarkdown();
  return wrapAnsi(source, Math.max(20, width), { hard: true });
}
