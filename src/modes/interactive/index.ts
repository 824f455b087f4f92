import type { InteractiveOptions, startInteractive } from "./start.js";

export type { InteractiveOptions } from "./start.js";

/**
 * The interactive interface on the terminal; resolves with the exit code once the person exits.
 *
 * Ink's layout engine (yoga) instantiates its WebAssembly with `fetch` on a data: URL when
 * `fetch` exists, which loads Node's undici (~25 ms of start-up) for nothing: the interface is
 * imported while `fetch` is hidden, so yoga takes its synchronous path. Nothing else runs then.
 */
export async function runInteractive(options: InteractiveOptions): Promise<number> {
  const descriptor = Object.getOwnPropertyDescriptor(globalThis, "fetch");
  let start: { startInteractive: typeof startInteractive };
  try {
    if (descriptor?.configurable) Reflect.deleteProperty(globalThis, "fetch");
    start = await import("./start.js");
  } finally {
    if (descriptor?.configurable) Object.defineProperty(globalThis, "fetch", descriptor);
  }
  return start.startInteractive(options);
}
