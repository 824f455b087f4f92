import { sha256Hex } from "../platform/lazy-builtins.js";

/** The longest tool name every provider accepts. */
export const MAX_TOOL_NAME = 64;

/** `text` with every character outside the providers' tool-name charset `[a-zA-Z0-9_-]` as `_`. */
export function sanitizeName(text: string): string {
  return text.replace(/[^a-zA-Z0-9_-]/g, "_");
}

/**
 * The model-facing name of a server's tool or prompt: `mcp__<server>__<name>`, sanitised, at most
 * 64 characters (a long one keeps its start and ends in a short hash of the whole), and not in
 * `taken` (a clash gets `_2`, `_3`, …). The chosen name is added to `taken`.
 */
export function mcpName(server: string, name: string, taken: Set<string>): string {
  const full = `mcp__${sanitizeName(server)}__${sanitizeName(name)}`;
  let base = full;
  if (base.length > MAX_TOOL_NAME) {
    const hash = sha256Hex(`${server}\0${name}`).slice(0, 8);
    base = `${full.slice(0, MAX_TOOL_NAME - 9)}_${hash}`;
  }
  let chosen = base;
  for (let n = 2; taken.has(chosen); n++) {
    const suffix = `_${n}`;
    chosen = `${base.slice(0, MAX_TOOL_NAME - suffix.length)}${suffix}`;
  }
  taken.add(chosen);
  return chosen;
}
