/**
 * PDQ, Meta's perceptual image hash (256 bits + a quality score), written from the
 * published description (ThreatExchange `pdq/README.md` and the hashing paper) and
 * checked against the reference test vectors (pdq.test.ts).
 *
 * Steps: RGB → luminance (0.299 R + 0.587 G + 0.114 B); a tent blur made of two
 * pairs of 1-D box passes (Jarosz) whose window is ⌈side / 128⌉, then decimation
 * to 64×64; a quality score from the 64×64 gradients; the 16×16 low-frequency
 * corner of the 2-D DCT (coefficients 1–16 in each direction, the DC term
 * left out); each coefficient above the median gives a 1 bit.
 *
 * Pure: takes pixels, knows nothing about files or decoders (`pdq-image.ts` does).
 */

const LUMA_R = 0.299;
const LUMA_G = 0.587;
const LUMA_B = 0.114;
/** Images smaller than this on either side get the all-zero hash and quality 0. */
const MIN_SIDE = 5;
const BOX_PASSES = 2;

export interface PdqResult {
  /** 64 hex characters, the ThreatExchange text form. */
  hash: string;
  /** 0–100; Meta advises discarding hashes with quality ≤ 49 (featureless images). */
  quality: number;
}

/** Row-major luminance of interleaved 8-bit pixels (`channels` 1–4; grey when 1 or 2). */
export function lumaOf(pixels: Uint8Array, width: number, height: number, channels: number): Float32Array {
  const n = width * height;
  const out = new Float32Array(n);
  if (channels <= 2) {
    for (let i = 0; i < n; i++) out[i] = pixels[i * channels];
    return out;
  }
  for (let i = 0, p = 0; i < n; i++, p += channels) {
    out[i] = LUMA_R * pixels[p] + LUMA_G * pixels[p + 1] + LUMA_B * pixels[p + 2];
  }
  return out;
}

/** DCT rows 1..16 of a 64-point DCT-II (scaled by √(2/64)); row i, column j at i*64+j. */
const DCT = (() => {
  const m = new Float32Array(16 * 64);
  const scale = Math.sqrt(2 / 64);
  for (let i = 0; i < 16; i++) {
    for (let j = 0; j < 64; j++) m[i * 64 + j] = scale * Math.cos((Math.PI / 2 / 64) * (i + 1) * (2 * j + 1));
  }
  return m;
})();

/** Half the downscale factor: two box passes of this width add up to one 64th of the side. */
const windowFor = (side: number) => Math.floor((side + 2 * 64 - 1) / (2 * 64));

/**
 * Mean of a sliding window over one line (length `len`, elements `stride` apart):
 * output k averages the inputs from k - (w - h) to k + h - 1, with h = ⌊(w + 2) / 2⌋,
 * clipped at both ends (the mean of what is there).
 */
function boxLine(src: Float32Array, dst: Float32Array, start: number, len: number, stride: number, w: number) {
  const ahead = Math.floor((w + 2) / 2) - 1;
  const behind = w - ahead - 1;
  let sum = 0;
  let count = 0;
  for (let k = 0; k < Math.min(ahead, len); k++) {
    sum += src[start + k * stride];
    count++;
  }
  for (let k = 0; k < len; k++) {
    const add = k + ahead;
    if (add < len) {
      sum += src[start + add * stride];
      count++;
    }
    const drop = k - behind - 1;
    if (drop >= 0) {
      sum -= src[start + drop * stride];
      count--;
    }
    dst[start + k * stride] = sum / count;
  }
}

/** Blur (Jarosz tent) and decimate a rows×cols luminance plane to 64×64. Overwrites `luma`. */
function downscale64(luma: Float32Array, rows: number, cols: number): Float32Array {
  const tmp = new Float32Array(luma.length);
  const wAlongRows = windowFor(cols);
  const wAlongCols = windowFor(rows);
  for (let pass = 0; pass < BOX_PASSES; pass++) {
    for (let i = 0; i < rows; i++) boxLine(luma, tmp, i * cols, cols, 1, wAlongRows);
    for (let j = 0; j < cols; j++) boxLine(tmp, luma, j, rows, cols, wAlongCols);
  }
  const out = new Float32Array(64 * 64);
  for (let oi = 0; oi < 64; oi++) {
    const ii = Math.floor(((oi + 0.5) * rows) / 64);
    for (let oj = 0; oj < 64; oj++) {
      const ij = Math.floor(((oj + 0.5) * cols) / 64);
      out[oi * 64 + oj] = luma[ii * cols + ij];
    }
  }
  return out;
}

/** Sum of quantised absolute neighbour differences (percent of full scale), / 90, capped at 100. */
function qualityOf(a: Float32Array): number {
  let sum = 0;
  for (let i = 0; i < 63; i++) {
    for (let j = 0; j < 64; j++) sum += Math.abs(Math.trunc(((a[i * 64 + j] - a[(i + 1) * 64 + j]) * 100) / 255));
  }
  for (let i = 0; i < 64; i++) {
    for (let j = 0; j < 63; j++) sum += Math.abs(Math.trunc(((a[i * 64 + j] - a[i * 64 + j + 1]) * 100) / 255));
  }
  return Math.min(100, Math.trunc(sum / 90));
}

/** B = D · A · Dᵀ, keeping only the 16×16 block PDQ uses. */
function dct16(a: Float32Array): Float32Array {
  const t = new Float32Array(16 * 64);
  for (let i = 0; i < 16; i++) {
    for (let j = 0; j < 64; j++) {
      let s = 0;
      for (let k = 0; k < 64; k++) s += DCT[i * 64 + k] * a[k * 64 + j];
      t[i * 64 + j] = s;
    }
  }
  const b = new Float32Array(256);
  for (let i = 0; i < 16; i++) {
    for (let j = 0; j < 16; j++) {
      let s = 0;
      for (let k = 0; k < 64; k++) s += t[i * 64 + k] * DCT[j * 64 + k];
      b[i * 16 + j] = s;
    }
  }
  return b;
}

/**
 * Bit k (k = row·16 + column of the DCT block) is set when that coefficient is above the
 * median (the 128th smallest of 256). The text form is the 256-bit number in hex, bit 0 last,
 * so bit k lives in byte 31 − ⌊k/8⌋.
 */
function bitsOf(dct: Float32Array): Uint8Array {
  const median = Float32Array.from(dct).sort()[127];
  const bytes = new Uint8Array(32);
  for (let k = 0; k < 256; k++) if (dct[k] > median) bytes[31 - (k >> 3)] |= 1 << (k & 7);
  return bytes;
}

/** PDQ of a luminance plane (rows × cols, row-major). The plane is used as scratch space. */
export function pdqFromLuma(luma: Float32Array, rows: number, cols: number): PdqResult {
  if (rows < MIN_SIDE || cols < MIN_SIDE) return { hash: '0'.repeat(64), quality: 0 };
  const small = rows === 64 && cols === 64 ? luma : downscale64(luma, rows, cols);
  const quality = qualityOf(small);
  return { hash: Buffer.from(bitsOf(dct16(small))).toString('hex'), quality };
}

/** PDQ of interleaved 8-bit pixels (grey, grey+alpha, RGB or RGBA). */
export function pdqFromPixels(pixels: Uint8Array, width: number, height: number, channels: number): PdqResult {
  return pdqFromLuma(lumaOf(pixels, width, height, channels), height, width);
}
