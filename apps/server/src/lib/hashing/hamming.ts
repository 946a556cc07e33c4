/** Hamming distance between 256-bit hashes and a packed in-memory set of them, for matching. */

/** Eight 32-bit words of a 64-hex-character hash. */
export function pdqWords(hex: string): Uint32Array {
  const w = new Uint32Array(8);
  for (let i = 0; i < 8; i++) w[i] = Number.parseInt(hex.slice(i * 8, i * 8 + 8), 16) >>> 0;
  return w;
}

export function popcount32(x: number): number {
  let v = x - ((x >>> 1) & 0x55555555);
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return (((v + (v >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

export function hammingHex(a: string, b: string): number {
  const x = pdqWords(a);
  const y = pdqWords(b);
  let d = 0;
  for (let i = 0; i < 8; i++) d += popcount32(x[i] ^ y[i]);
  return d;
}

/**
 * A set of PDQ hashes packed 8 words each, searched linearly with an early exit once a
 * candidate is past the threshold. Measured in hamming.test.ts / the bench: a scan of
 * 100,000 hashes takes a few milliseconds, so lists of the size an operator loads
 * (thousands to a few hundred thousand) need no multi-index structure.
 */
export class PdqSet<T> {
  private words = new Uint32Array(0);
  private tags: T[] = [];
  private thresholds: number[] = [];

  constructor(entries: Array<{ hex: string; tag: T; threshold: number }>) {
    this.words = new Uint32Array(entries.length * 8);
    entries.forEach((e, i) => {
      this.words.set(pdqWords(e.hex), i * 8);
      this.tags.push(e.tag);
      this.thresholds.push(e.threshold);
    });
  }

  get size() {
    return this.tags.length;
  }

  /** Every entry within its own threshold of `hex`, nearest first. */
  near(hex: string): Array<{ tag: T; distance: number }> {
    const q = pdqWords(hex);
    const out: Array<{ tag: T; distance: number }> = [];
    const w = this.words;
    for (let i = 0, n = this.tags.length; i < n; i++) {
      const limit = this.thresholds[i];
      const o = i * 8;
      let d = popcount32(q[0] ^ w[o]) + popcount32(q[1] ^ w[o + 1]) + popcount32(q[2] ^ w[o + 2]);
      if (d > limit) continue;
      d += popcount32(q[3] ^ w[o + 3]) + popcount32(q[4] ^ w[o + 4]) + popcount32(q[5] ^ w[o + 5]);
      if (d > limit) continue;
      d += popcount32(q[6] ^ w[o + 6]) + popcount32(q[7] ^ w[o + 7]);
      if (d <= limit) out.push({ tag: this.tags[i], distance: d });
    }
    return out.sort((a, b) => a.distance - b.distance);
  }
}
