// Preloaded into a North run (`--require`): when the process exits, writes to $UNDICI_PROBE_OUT
// the internal modules it loaded whose name matches $PROBE_MATCH (a regular expression; by default
// "undici", Node's fetch), one a line.
const { writeFileSync } = require("node:fs");

const pattern = new RegExp(process.env.PROBE_MATCH ?? "undici", "i");
process.on("exit", () => {
  const loaded = process.moduleLoadList.filter((name) => pattern.test(name));
  writeFileSync(process.env.UNDICI_PROBE_OUT, loaded.join("\n"));
});
