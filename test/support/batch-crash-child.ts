/**
 * Test support, run as a child process (bundled with esbuild by the test): applies one batch with
 * the product's `writeFilesAtomic` and a journal folder, and stops for good (printing `stopped`)
 * once `stopAfter` of its renames have happened, so that the test can SIGKILL it exactly there.
 * The stop is made through `WriteOps`, the injection point the writer already has for tests;
 * product code has no switch for it.
 *
 * argv[2]: JSON `{ journal: string, stopAfter: number, writes: { absolute: string, text: string }[] }`
 */
import * as fsp from "node:fs/promises";
import { writeFilesAtomic } from "../../src/workspace/atomic-write.js";

interface Plan {
  journal: string;
  stopAfter: number;
  writes: { absolute: string; text: string }[];
}

const plan = JSON.parse(process.argv[2]!) as Plan;
const total = plan.writes.length;
let done = 0;

/** Never resolves; the interval keeps the process alive until it is killed. */
function stop(): Promise<never> {
  setInterval(() => undefined, 1 << 30);
  process.stdout.write(`stopped ${done}\n`);
  return new Promise<never>(() => undefined);
}

await writeFilesAtomic(
  plan.writes.map((w) => ({ absolute: w.absolute, data: Buffer.from(w.text) })),
  {
    journal: plan.journal,
    ops: {
      async rename(from, to) {
        if (done === plan.stopAfter) await stop();
        await fsp.rename(from, to);
        done += 1;
        if (done === plan.stopAfter && done === total) await stop();
      },
    },
  },
);
process.stdout.write("finished\n");
