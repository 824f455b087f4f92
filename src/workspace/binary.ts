import { constants } from "node:fs";
import { open } from "node:fs/promises";

/** How much of a file is looked at to tell text from binary. */
export const BINARY_SNIFF_BYTES = 8192;

/** Share of undecodable UTF-8 (replacement characters) above which text is called binary. */
const MAX_INVALID_RATIO = 0.1;

const decoder = new TextDecoder("utf-8", { fatal: false });

/**
 * Whether a sample (the start of a file) looks binary: a NUL byte in the first 8 KB, or more than
 * 10% of it not decodable as UTF-8. An empty sample is text.
 */
export function isBinaryBuffer(buffer: Uint8Array): boolean {
  const sample = buffer.subarray(0, BINARY_SNIFF_BYTES);
  if (sample.indexOf(0) !== -1) return true;
  let asciiOnly = true;
  for (let i = 0; i < sample.length; i++) {
    if (sample[i]! >= 0x80) {
      asciiOnly = false;
      break;
    }
  }
  if (asciiOnly) return false;
  const text = decoder.decode(trimPartialSequence(sample));
  let invalid = 0;
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) === 0xfffd) invalid++;
  return invalid / Math.max(1, text.length) > MAX_INVALID_RATIO;
}

/**
 * Whether the file at `absolutePath` looks binary (see `isBinaryBuffer`); reads at most 8 KB.
 * @throws the fs error when the file cannot be opened or read.
 */
export async function isBinaryFile(absolutePath: string): Promise<boolean> {
  // Non-blocking: a FIFO swapped in after the caller's stat gives EAGAIN/EOF, never a wait.
  const handle = await open(absolutePath, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0));
  try {
    const buffer = Buffer.alloc(BINARY_SNIFF_BYTES);
    const { bytesRead } = await handle.read(buffer, 0, BINARY_SNIFF_BYTES, 0);
    return isBinaryBuffer(buffer.subarray(0, bytesRead));
  } finally {
    await handle.close();
  }
}

/** Drops a multi-byte UTF-8 sequence cut by the end of the sample, so it is not counted invalid. */
function trimPartialSequence(sample: Uint8Array): Uint8Array {
  const end = sample.length;
  for (let back = 1; back <= 3 && back <= end; back++) {
    const byte = sample[end - back]!;
    if ((byte & 0xc0) === 0x80) continue; // continuation byte: keep looking for the lead
    if (byte >= 0xc0) {
      const needed = byte >= 0xf0 ? 4 : byte >= 0xe0 ? 3 : 2;
      return needed > back ? sample.subarray(0, end - back) : sample;
    }
    return sample;
  }
  return sample;
}
