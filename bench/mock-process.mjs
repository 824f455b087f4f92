// The mock model server in a process of its own, so that the load it generates and the benchmark
// that measures do not share an event loop. The script comes as a JSON file (argv[2]): a list of
// replies `{ text, slowMs?, tool?: { name, arguments } }` (a reply with `repeat: N` is sent N
// times). Prints `READY <anthropic base URL>` once listening; runs until killed.
import { readFileSync } from "node:fs";
import { loadMock } from "./lib.mjs";

const { startMockModelServer, reply } = await loadMock();
const spec = JSON.parse(readFileSync(process.argv[2], "utf8"));
const script = spec.flatMap((r) => {
  const build = () => {
    let b = reply();
    if (r.text) b = b.text(r.text);
    if (r.tool) b = b.tool(r.tool.name, r.tool.arguments);
    if (r.slowMs) b = b.slow(r.slowMs);
    return b;
  };
  return Array.from({ length: r.repeat ?? 1 }, build);
});
const server = await startMockModelServer(script);
process.stdout.write(`READY ${server.anthropicBaseUrl}\n`);
process.on("SIGTERM", () => void server.close().then(() => process.exit(0)));
