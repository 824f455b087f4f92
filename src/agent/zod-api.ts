/**
 * The part of zod North uses, named one by one so that the builds keep only it: `import("zod")`
 * itself would bring all of zod, its ~40 locales included (~360 KB). Loaded by `loadZod()`
 * (zod.ts); add what a new schema needs here.
 */
export {
  array,
  boolean,
  enum,
  number,
  object,
  record,
  strictObject,
  string,
  toJSONSchema,
  unknown,
} from "zod";
