// A successful bubblewrap probe, remembered in North's cache folder so that later runs need not
// start bwrap (and load child_process) before their first request. Only a success is kept: a
// machine that cannot sandbox is probed again on every run, so fixing it takes effect at once.
// The answer holds for one bwrap executable (path, size, mtime) on one boot of one host (boot
// id, host name, user, and the kernel's user-namespace switches); anything else probes again.
// The cache folder is the person's (never the repository's), as are North's other caches.
import { mkdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { hostname } from "node:os";
import path from "node:path";

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

/** Whether `file` holds a success for this `bwrap` here and now. Never throws. */
export function rememberedSuccess(file: string, bwrap: string): boolean {
  try {
    const saved = JSON.parse(readFileSync(file, "utf8")) as { works?: unknown };
    return typeof saved.works === "string" && saved.works === fingerprint(bwrap);
  } catch {
    return false;
  }
}

/** Keeps a success for `bwrap` in `file` (written whole, then renamed). Failures are ignored. */
export function rememberSuccess(file: string, bwrap: string): void {
  const works = fingerprint(bwrap);
  if (!works) return;
  const temp = `${file}.${process.pid}.tmp`;
  try {
    mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
    writeFileSync(temp, `${JSON.stringify({ works })}\n`, { mode: 0o600 });
    renameSync(temp, file);
  } catch {
    // A cache that cannot be written: the next run probes again.
  }
}

/** Removes a remembered success. Never throws. */
export function forgetSuccess(file: string): void {
  try {
    rmSync(file, { force: true });
  } catch {
    // Already gone, or the folder is not ours to change: the fingerprint still guards it.
  }
}
