// Preloaded into a North run (`--require`): when the process exits, writes to $UNDICI_PROBE_OUT
// the internal modules it loaded whose name matches $PROBE_MATCH (a regular expression; by default
// "undici", Node's fetch), one a line; with $PROBE_ZOD set, also a line "zod" when zod started
// (its set-up leaves `globalThis.__zod_globalConfig`; the bundles run in this same context); with
// $PROBE_AFTER_CAP set, only the matching modules loaded after North changed a V8 flag (the heap
// cap, `north:v8-flags`), which Node compiles from source, and "no heap cap" if it never did.
const { writeFileSync } = require("node:fs");

const pattern = new RegExp(process.env.PROBE_MATCH ?? "undici", "i");
let from = 0;
if (process.env.PROBE_AFTER_CAP) {
  from = Infinity;
  process.once("north:v8-flags", () => (from = process.moduleLoadList.length));
}
process.on("exit", () => {
  const loaded = process.moduleLoadList.slice(from).filter((name) => pattern.test(name));
  if (process.env.PROBE_ZOD && globalThis.__zod_globalConfig !== undefined) loaded.push("zod");
  // A run that never capped the heap would otherwise pass for one that loaded nothing after it.
  if (from === Infinity) loaded.push("no heap cap");
  writeFileSync(process.env.UNDICI_PROBE_OUT, loaded.join("\n"));
});
