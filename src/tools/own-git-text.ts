import { startOwnGit } from "../shell/index.js";
import { stopIfHeldByFifo } from "../workspace/index.js";

/**
 * What North's confined git prints for `args` (`startOwnGit`: sandboxed read-only where
 * possible, hardened always, the repository's config unable to start a program; with
 * `--no-optional-locks`, `LC_ALL=C`, no stdin), or undefined on any failure: git missing or
 * refused, a non-zero exit, past `timeoutMs` or `maxBytes`, or git waiting on a FIFO the
 * repository planted. Never throws.
 */
export async function ownGitText(
  root: string,
  args: readonly string[],
  limits: { timeoutMs: number; maxBytes: number },
): Promise<string | undefined> {
  let child;
  try {
    ({ child } = await startOwnGit(["--no-optional-locks", ...args], {
      root,
      env: { LC_ALL: "C" },
      stdin: "ignore",
    }));
  } catch {
    return undefined;
  }
  const held = stopIfHeldByFifo(child);
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const timer = setTimeout(() => child.kill("SIGKILL"), limits.timeoutMs);
    child.stdout?.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > limits.maxBytes) child.kill("SIGKILL");
      else chunks.push(chunk);
    });
    child.once("close", (code) => {
      clearTimeout(timer);
      const ok = code === 0 && size <= limits.maxBytes && !held();
      resolve(ok ? Buffer.concat(chunks).toString("utf8") : undefined);
    });
  });
}
