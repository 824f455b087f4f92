// What the interface keeps after a long answer (issue 32): the built CLI in a pseudo-terminal
// streams a long Markdown answer from the mock model server; once it is on screen and no key
// comes, the heap the answer grew goes back to the system (control/heap-return.ts). Without
// that, nothing in an idle process makes V8 shrink its heap, and the resident memory stays at
// its size at the answer's end for as long as the interface stays open.
import { readFileSync } from "node:fs";
import { afterEach, describe, expect, test, vi } from "vitest";
import { makeHome, makeRepo } from "../support/cli-runner.js";
import { startMockModelServer, reply } from "../support/mock-model-server.js";
import { startTerminal } from "../support/terminal-harness.js";
import { untilTestDeadline } from "../support/test-deadline.js";

const COMPOSER = "Ask North about this repository";
const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** Resident memory of `pid` in MiB, from /proc (Linux). */
const rssMiB = (pid: number) =>
  Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0) / 1024;

/** About `bytes` of the Markdown a model writes about code: headings, prose, fences, tables. */
function markdown(bytes: number): string {
  const parts: string[] = [];
  let size = 0;
  for (let i = 0; size < bytes; i++) {
    const part =
      `## Step ${i}\n\nThe handler for request ${i} reads the **config** and retries with ` +
      `\`backoffMs\` doubled, up to a limit; see [the docs](https://example.com/${i}).\n\n` +
      "```ts\n" +
      `export async function step${i}(input: string): Promise<number> {\n` +
      `  const parsed = JSON.parse(input) as { count: number };\n` +
      `  return parsed.count * ${i};\n}\n` +
      "```\n\n" +
      `| option | default | meaning |\n|---|---|---|\n| retries${i} | ${i % 7} | attempts |\n\n` +
      `- first item ${i}\n  - nested item\n> a quote about step ${i}\n\n`;
    parts.push(part);
    size += part.length;
  }
  return parts.join("");
}

describe.runIf(process.platform === "linux")("after a long answer", () => {
  test("the interface gives back the heap the answer grew once keys rest", async () => {
    const server = await startMockModelServer([
      reply().text(`START-OF-ANSWER\n\n${markdown(300 * 1024)}\n\nEND-OF-ANSWER`),
    ]);
    const { env } = makeHome();
    const term = startTerminal({
      cwd: makeRepo(),
      env: { ...env, ANTHROPIC_API_KEY: "test-key", ANTHROPIC_BASE_URL: server.anthropicBaseUrl },
    });
    cleanups.push(
      () => server.close(),
      () => term.kill(),
    );
    await term.waitFor(COMPOSER);
    term.type("go");
    await term.waitFor("> go");
    term.press("enter");
    await term.waitFor("END-OF-ANSWER");
    const atEnd = rssMiB(term.pty.pid);
    // A state to wait for, not a time: the memory falls well below what it was at the end.
    await vi.waitFor(() => expect(rssMiB(term.pty.pid)).toBeLessThan(atEnd - 20), {
      timeout: untilTestDeadline(),
      interval: 50,
    });
  });
});
