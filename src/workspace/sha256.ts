/**
 * SHA-256 (FIPS 180-4) of a string's UTF-8 bytes, as 64 hex digits — the same digest as
 * `createHash("sha256").update(text).digest("hex")`. For the short keys North derives at start-up
 * (a repository's folder names in North's data directory): `node:crypto` costs every run ~1.4 ms
 * and ~0.8 MiB to load, and nothing else on a plain run needs it. Hash file contents with
 * `node:crypto`.
 */
export function sha256Hex(text: string): string {
  const data = new TextEncoder().encode(text);
  // The message, a 1 bit, zeros, and its length in bits as a 64-bit big-endian number.
  const padded = new Uint8Array(Math.ceil((data.length + 9) / 64) * 64);
  padded.set(data);
  padded[data.length] = 0x80;
  const view = new DataView(padded.buffer);
  const bits = data.length * 8;
  view.setUint32(padded.length - 8, Math.floor(bits / 2 ** 32));
  view.setUint32(padded.length - 4, bits >>> 0);
  const hash = Uint32Array.from(INITIAL);
  const w = new Uint32Array(64);
  for (let block = 0; block < padded.length; block += 64) {
    for (let i = 0; i < 16; i++) w[i] = view.getUint32(block + i * 4);
    for (let i = 16; i < 64; i++) {
      const x = w[i - 15]!;
      const y = w[i - 2]!;
      const s0 = rotr(x, 7) ^ rotr(x, 18) ^ (x >>> 3);
      const s1 = rotr(y, 17) ^ rotr(y, 19) ^ (y >>> 10);
      w[i] = w[i - 16]! + s0 + w[i - 7]! + s1;
    }
    let [a, b, c, d, e, f, g, h] = hash as unknown as number[];
    for (let i = 0; i < 64; i++) {
      const t1 =
        h! + (rotr(e!, 6) ^ rotr(e!, 11) ^ rotr(e!, 25)) + ((e! & f!) ^ (~e! & g!)) + K[i]! + w[i]!;
      const t2 = (rotr(a!, 2) ^ rotr(a!, 13) ^ rotr(a!, 22)) + ((a! & b!) ^ (a! & c!) ^ (b! & c!));
      h = g;
      g = f;
      f = e;
      e = (d! + t1) | 0;
      d = c;
      c = b;
      b = a;
      a = (t1 + t2) | 0;
    }
    const words = [a, b, c, d, e, f, g, h];
    for (let i = 0; i < 8; i++) hash[i] = hash[i]! + words[i]!;
  }
  return Array.from(hash, (word) => word.toString(16).padStart(8, "0")).join("");
}

const rotr = (x: number, n: number) => (x >>> n) | (x << (32 - n));

/** The first `count` primes. */
function primes(count: number): number[] {
  const found: number[] = [];
  for (let n = 2; found.length < count; n++) if (found.every((p) => n % p !== 0)) found.push(n);
  return found;
}

/** The first 32 bits of the fractional part of a number (FIPS 180-4 §4.2.2, §5.3.3). */
const fraction32 = (x: number) => Math.floor((x - Math.floor(x)) * 2 ** 32);

// The round constants (cube roots of the first 64 primes) and the initial hash (square roots of
// the first 8), computed rather than written out.
const K = Uint32Array.from(primes(64), (p) => fraction32(Math.cbrt(p)));
const INITIAL = Uint32Array.from(primes(8), (p) => fraction32(Math.sqrt(p)));
