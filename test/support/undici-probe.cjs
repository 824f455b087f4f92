// Preloaded into a North run (`--require`): when the process exits, writes to $UNDICI_PROBE_OUT
// the internal modules it loaded whose name matches $PROBE_MATCH (a regular expression; by default
// "undici", Node's fetch), one a line; with $PROBE_ZOD set, also a line "zod" when zod started
// (its set-up leaves `globalThis.__zod_globalConfig`; the bundles run in this same context).
const { writeFileSync } = require("node:fs");

const pattern = new RegExp(process.env.PROBE_MATCH ?? "undici", "i");
process.on("exit", () => {
  const loaded = process.moduleLoadList.filter((name) => pattern.test(name));
  if (process.env.PROBE_ZOD && globalThis.__zod_globalConfig !== undefined) loaded.push("zod");
  writeFileSync(process.env.UNDICI_PROBE_OUT, loaded.join("\n"));
});
