// Runs the SDK floor's bundle (argv[2]) through a V8 code cache beside it, as North's launcher
// runs North's (src/code-cache.ts): the first run compiles and writes the cache, later ones read
// it back. The rest of argv goes to the bundle.
const { readFileSync, writeFileSync } = require("node:fs");
const { Script } = require("node:vm");
const { createRequire } = require("node:module");
const { dirname } = require("node:path");

const file = process.argv[2];
const cacheFile = `${file}.bin`;
process.argv.splice(2, 1);
const source = readFileSync(file, "latin1");
let cached;
try {
  cached = readFileSync(cacheFile);
} catch {
  cached = undefined;
}
const script = new Script(source, { filename: file, ...(cached ? { cachedData: cached } : {}) });
if (!cached || script.cachedDataRejected) {
  process.once("exit", () => writeFileSync(cacheFile, script.createCachedData()));
}
const module_ = { exports: {} };
script
  .runInThisContext()
  .call(module_.exports, module_.exports, createRequire(file), module_, file, dirname(file));
