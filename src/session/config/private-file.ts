import { renameSync, rmSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import { ensurePrivateDir } from "./paths.js";

/**
 * Writes one of North's own small files (a cache in `$XDG_CACHE_HOME/north`, a repository's
 * standing permissions): its folder 0700, the file 0600, written whole beside it (a new file,
 * never one that was there) and renamed over it, so a reader sees the old file or the new one.
 * Synchronous: a few hundred bytes, some of them before a run's first request. Never throws;
 * false when it could not be written.
 */
export function writePrivateFile(file: string, text: string): boolean {
  const temp = `${file}.${process.pid}.${Date.now()}.tmp`;
  try {
    ensurePrivateDir(dirname(file));
    writeFileSync(temp, text, { mode: 0o600, flag: "wx" });
    renameSync(temp, file);
    return true;
  } catch {
    try {
      rmSync(temp, { force: true });
    } catch {
      // The folder itself is unusable: there is nothing to remove.
    }
    return false;
  }
}
