/**
 * The project card's languages from a list of the repository's files (`listRepoFiles`), at a
 * bounded cost whatever the repository's size: every path is classified by name, but only a
 * sample of each language's files is measured (`SAMPLE_PER_LANGUAGE`, spread over the list),
 * and its bytes are estimated as files × the sample's mean size.
 */
import { lstat } from "node:fs/promises";
import { join, posix } from "node:path";
import { languageOf } from "../../tools/detect-languages/languages.js";

/** Files measured per language at most. */
const SAMPLE_PER_LANGUAGE = 64;
const STAT_CONCURRENCY = 16;
/** Languages the card keeps, and the smallest share kept (percent of code bytes). */
const KEPT = 6;
const MIN_PERCENT = 1;

export interface CardLanguage {
  name: string;
  percent: number;
}

/** Code languages by estimated share of code bytes, biggest first (at most six, each ≥ 1%). */
export async function cardLanguages(
  root: string,
  paths: readonly string[],
  signal?: AbortSignal,
): Promise<CardLanguage[]> {
  const byLanguage = new Map<string, string[]>();
  for (const path of paths) {
    const language = languageOf(posix.basename(path));
    if (language?.kind !== "code") continue;
    let files = byLanguage.get(language.name);
    if (!files) byLanguage.set(language.name, (files = []));
    files.push(path);
  }
  const estimates: { name: string; bytes: number }[] = [];
  for (const [name, files] of byLanguage) {
    signal?.throwIfAborted();
    const step = Math.max(1, Math.floor(files.length / SAMPLE_PER_LANGUAGE));
    const sample: string[] = [];
    for (let i = 0; i < files.length && sample.length < SAMPLE_PER_LANGUAGE; i += step) {
      sample.push(files[i]!);
    }
    const sizes = await sizesOf(root, sample);
    const mean = sizes.reduce((n, s) => n + s, 0) / Math.max(1, sizes.length);
    estimates.push({ name, bytes: mean * files.length });
  }
  const total = estimates.reduce((n, e) => n + e.bytes, 0);
  if (total === 0) return [];
  return estimates
    .map((e) => ({ name: e.name, percent: Math.round((1000 * e.bytes) / total) / 10 }))
    .filter((l) => l.percent >= MIN_PERCENT)
    .sort((a, b) => b.percent - a.percent || (a.name < b.name ? -1 : 1))
    .slice(0, KEPT);
}

/** Sizes of the files that could be measured (a file gone since the listing is left out). */
async function sizesOf(root: string, files: readonly string[]): Promise<number[]> {
  const sizes: number[] = [];
  let next = 0;
  const worker = async () => {
    while (next < files.length) {
      const file = files[next++]!;
      try {
        // lstat: a tracked symlink is not measured by what it points to (maybe outside).
        const info = await lstat(join(root, file));
        if (info.isFile()) sizes.push(info.size);
      } catch {
        // gone, or unreadable
      }
    }
  };
  await Promise.all(Array.from({ length: STAT_CONCURRENCY }, worker));
  return sizes;
}
