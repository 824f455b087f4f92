/**
 * Resolves once Ink's layout engine (Yoga) can be used. In the ES-module build Yoga is ready when
 * Ink is imported (the package awaits its WebAssembly at the top level) and this does nothing;
 * the CommonJS build of the interface (dist/tui.cjs, run through V8's code cache) puts
 * scripts/yoga-sync.mjs in this module's place, which compiles Yoga here. Call it before the
 * first render.
 */
export async function yogaReady(): Promise<void> {}
