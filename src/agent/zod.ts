import type * as ZodApi from "./zod-api.js";

/**
 * zod, loaded on demand. Starting it (its module set-up builds every schema class) cost every run
 * ~2–5 ms and ~1 MiB before the first request, and a plain answer checks nothing: no tool call,
 * no config file. So product code never imports zod's values; it awaits `loadZod()` where it is
 * about to check something, and schema builders receive the module (`defineTool`'s
 * `schema: (z) => …`). Types come from `import type`.
 */
export type ZodModule = typeof ZodApi;

let loaded: ZodModule | undefined;
let loading: Promise<ZodModule> | undefined;

/** zod, started on the first call (and tried again on the next if loading it failed). */
export function loadZod(): Promise<ZodModule> {
  return (loading ??= import("./zod-api.js").then(
    (module) => (loaded = module),
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  ));
}

/**
 * zod once `loadZod()` has resolved. Before that, an error naming the mistake: a path that checks
 * something without awaiting `loadZod()` first.
 */
export function loadedZod(): ZodModule {
  if (!loaded) throw new Error("zod was used before loadZod() resolved");
  return loaded;
}
