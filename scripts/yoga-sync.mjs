// Yoga (Ink's layout engine) for the CommonJS build of the interface (dist/tui.cjs). The package
// loads its WebAssembly with a top-level `await`, which a CommonJS file cannot hold; here the
// default export is an empty object that `yogaReady()` fills once the module is compiled. The
// interface awaits `yogaReady()` before Ink lays anything out (src/modes/interactive/yoga-ready.ts
// is this file's stand-in in the ES-module build, where Yoga is ready on import).
import { loadYoga } from "yoga-layout/load";

export * from "yoga-layout/load";

const Yoga = {};
export default Yoga;

let loading;
export function yogaReady() {
  loading ??= loadYoga().then((loaded) => {
    Object.assign(Yoga, loaded);
  });
  return loading;
}
