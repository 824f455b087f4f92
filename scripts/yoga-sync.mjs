// Yoga (Ink's layout engine) for the CommonJS build of the interface (dist/tui.cjs). The package
// loads its WebAssembly with a top-level `await`, which a CommonJS file cannot hold; here the
// default export is an empty object that `yogaReady()` fills once the module is compiled. The
// interface awaits `yogaReady()` before Ink lays anything out (src/modes/interactive/screen/yoga-ready.ts
// is this file's stand-in in the ES-module build, where Yoga is ready on import).
import { loadYoga } from "yoga-layout/load";

export * from "yoga-layout/load";

const Yoga = {};
export default Yoga;

let loading;
export function yogaReady() {
  // The module decodes its embedded WebAssembly with `fetch` of a data: URL when `fetch` exists,
  // which loads Node's whole fetch implementation (undici, ~10 ms) for nothing; without it, it
  // decodes the bytes itself. The check is made as the load starts.
  const fetch = globalThis.fetch;
  globalThis.fetch = undefined;
  try {
    loading ??= loadYoga().then((loaded) => {
      Object.assign(Yoga, loaded);
    });
  } finally {
    globalThis.fetch = fetch;
  }
  return loading;
}
