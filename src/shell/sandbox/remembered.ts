// A successful bubblewrap probe, remembered (in North's cache folder, see `SandboxMemory`) so
// that later runs need not start bwrap (and load child_process) before their first request.
// Only a success is kept: a machine that cannot sandbox is probed again on every run, so fixing
// it takes effect at once.
// The answer holds for one bwrap executable (path, size, mtime) on one boot of one host (boot
// id, host name, user, and the kernel's user-namespace switches); anything else probes again.
import { readFileSync, statSync } from "node:fs";
import { hostname } from "node:os";

/** Kernel settings that decide whether an unprivileged bwrap can create its namespaces. */
const USERNS_SWITCHES = [
  "/proc/sys/kernel/random/boot_id",
  "/proc/sys/user/max_user_namespaces",
  "/proc/sys/kernel/unprivileged_userns_clone",
  "/proc/sys/kernel/apparmor_restrict_unprivileged_userns",
];

/** What a remembered success must match: this bwrap, this boot, this user, these switches. */
function fingerprint(bwrap: string): string | undefined {
  try {
    const { size, mtimeMs } = statSync(bwrap);
    const kernel = USERNS_SWITCHES.map((file) => {
      try {
        return readFileSync(file, "utf8").trim();
      } catch {
        return "-";
      }
    });
    return JSON.stringify([bwrap, size, mtimeMs, process.getuid?.(), hostname(), ...kernel]);
  } catch {
    return undefined;
  }
}

/**
 * Where a success is kept between runs: the session gives a file in North's cache folder
 * (never the repository's). This layer only says what to keep and whether it still holds.
 */
export interface SandboxMemory {
  read(): string | undefined;
  write(text: string): void;
  forget(): void;
}

/** Whether `memory` holds a success for this `bwrap` here and now. Never throws. */
export function rememberedSuccess(memory: SandboxMemory, bwrap: string): boolean {
  try {
    const saved = JSON.parse(memory.read() ?? "null") as { works?: unknown } | null;
    return typeof saved?.works === "string" && saved.works === fingerprint(bwrap);
  } catch {
    return false;
  }
}

/** Keeps a success for `bwrap` in `memory`. */
export function rememberSuccess(memory: SandboxMemory, bwrap: string): void {
  const works = fingerprint(bwrap);
  if (works) memory.write(`${JSON.stringify({ works })}\n`);
}
