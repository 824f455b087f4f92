/**
 * The key values North knows (every provider's key variable present in the environment or
 * `.env`), masked wherever North writes text out: the log, its own stderr lines, the session
 * file. Process-wide: set once the keys are known (`setSecretValues`), then every writer calls
 * `maskSecrets`.
 *
 * Values shorter than {@link MIN_SECRET_LENGTH} characters are not masked: such a "key" (a
 * placeholder like `none` or `test`) would mangle ordinary text and protects nothing.
 */

export const MIN_SECRET_LENGTH = 8;
export const MASK = "[redacted]";

let values: string[] = [];

/** Replaces the set of values to mask (duplicates and short values are dropped). */
export function setSecretValues(list: Iterable<string | undefined>): void {
  const kept = new Set<string>();
  for (const raw of list) {
    const value = raw?.trim();
    if (!value || value.length < MIN_SECRET_LENGTH) continue;
    kept.add(value);
    // As it appears inside JSON text (the log, the session file), when escaping changes it.
    kept.add(JSON.stringify(value).slice(1, -1));
  }
  // Longest first, so a key that contains another is masked whole.
  values = [...kept].sort((a, b) => b.length - a.length);
}

/** `text` with every known key value replaced by `[redacted]`. */
export function maskSecrets(text: string): string {
  let out = text;
  for (const value of values) if (out.includes(value)) out = out.split(value).join(MASK);
  return out;
}
