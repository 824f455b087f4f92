// Preloaded into a North run (`--require`): when the process exits, writes to $UNDICI_PROBE_OUT
// the internal modules it loaded whose name mentions undici (Node's fetch), one a line.
const { writeFileSync } = require("node:fs");

process.on("exit", () => {
  const loaded = process.moduleLoadList.filter((name) => /undici/i.test(name));
  writeFileSync(process.env.UNDICI_PROBE_OUT, loaded.join("\n"));
});
