import { mkdirSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";

/**
 * Writes one of North's own small files (a cache in `$XDG_CACHE_HOME/north`): its folder made
 * 0700, the file 0600, written whole beside it and renamed over it, so a reader sees the old
 * file or the new one. Never throws: a cache that cannot be written is asked for again later.
 */
export function writePrivateFile(file: string, text: string): void {
  const temp = `${file}.${process.pid}.tmp`;
  try {
    mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
    writeFileSync(temp, text, { mode: 0o600 });
    renameSync(temp, file);
  } catch {
    try {
      rmSync(temp, { force: true });
    } catch {
      // The folder itself is unusable: there is nothing to remove.
    }
  }
}
