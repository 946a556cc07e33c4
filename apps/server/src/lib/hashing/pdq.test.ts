import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { hammingHex, PdqSet, pdqWords } from './hamming';
import { pdqFromPixels } from './pdq';
import { pdqOfImage } from './pdq-image';

const FIX = path.join(__dirname, '../../../test/fixtures/pdq');

/**
 * ThreatExchange `pdq/python/pdqhashing/tests/pdq_test.py` (commit baefb4ed): its expected
 * hashes and its tolerance, Hamming distance ≤ 16 (decoders differ by a few bits).
 */
const REFERENCE: Array<[string, string]> = [
  ['small.jpg', '0007001f003f003f007f00ff00ff00ff01ff01ff01ff03ff03ff03ff03ff03ff'],
  ['wee.jpg', '6227401f601ff4ccafcc9fad4b0d95d371a2eb7265a3285234d228ca94deeb2d'],
  ['q0003.jpg', '54a977c221d14c1c43ba5e6e21d4a13989a3553f1462611cbb85fda7be83b677'],
  ['q0004.jpg', '992d44af36d69e6ca6b812585928bac11def254ef5398c6d07466c9abcc65b92'],
  ['q0122.jpg', 'cfb2009ddd21c6dab0046a7745b5984757a8a4535b3377aea2591d32b33ff940'],
  ['q0291.jpg', 'a0fe94f1e5cc1cc8dd855948498dc9243f7ca27336f036d7f212b74bc103c9a7'],
  ['q0746.jpg', '1049d96239e24d4dca2c55512b8bdb77425f4dbcf575a0a95555aaab5554aaaa'],
  ['q1050.jpg', '489db672e9190276d452aeab41eba20f02375fe4092d88defdf491a5c55c5f70'],
  ['q2821.jpg', 'b150231ffae4710ffcf4f18bb574b109a576f14bb8543189f8743289f174b109'],
  ['bridge-1-original.jpg', 'd8f8f0cce0f4a84f0e370a22028f67f0b36e2ed596623e1d33e6b39c4e9c9b22'],
];
/** The C++ reference's hash of the same bridge photo (`pdq/cpp/bin/README.md`), quality 100. */
const BRIDGE_CPP = 'f8f8f0cce0f4e84d0e370a22028f67f0b36e2ed596623e1d33e6339c4e9c9b22';
const TOLERANCE = 16;
/** Meta's suggested match threshold (pdq/README.md). */
const MATCH = 31;

describe('PDQ', () => {
  it.each(REFERENCE)('%s is within %s of the ThreatExchange reference hash', async (file, expected) => {
    const { hash } = await pdqOfImage(path.join(FIX, file));
    expect(hammingHex(hash, expected), `${file}: ${hash}`).toBeLessThanOrEqual(TOLERANCE);
  });

  it('the bridge photo matches the C++ reference within its own stated distance (≤ 10 at quality ≥ 80)', async () => {
    const r = await pdqOfImage(path.join(FIX, 'bridge-1-original.jpg'));
    expect(r.quality).toBeGreaterThanOrEqual(80);
    expect(hammingHex(r.hash, BRIDGE_CPP)).toBeLessThanOrEqual(10);
  });

  it('a resized, re-encoded and recompressed copy is within the match threshold; other images are not', async () => {
    const original = path.join(FIX, 'bridge-1-original.jpg');
    const { hash } = await pdqOfImage(original);
    const copies = [
      await sharp(original).resize(300).jpeg({ quality: 40 }).toBuffer(),
      await sharp(original).resize(1600).png().toBuffer(),
      await sharp(original).webp({ quality: 30 }).toBuffer(),
      await sharp(original).modulate({ brightness: 1.1 }).jpeg({ quality: 70 }).toBuffer(),
    ];
    for (const c of copies) expect(hammingHex((await pdqOfImage(c)).hash, hash)).toBeLessThanOrEqual(MATCH);
    for (const [file] of REFERENCE.filter(([f]) => f !== 'bridge-1-original.jpg')) {
      expect(hammingHex((await pdqOfImage(path.join(FIX, file))).hash, hash)).toBeGreaterThan(MATCH);
    }
  });

  it('a flat image has quality 0; tiny images hash to zero', () => {
    const flat = new Uint8Array(100 * 100 * 3).fill(128);
    expect(pdqFromPixels(flat, 100, 100, 3).quality).toBe(0);
    expect(pdqFromPixels(new Uint8Array(4 * 4), 4, 4, 1)).toEqual({ hash: '0'.repeat(64), quality: 0 });
  });

  it('a linear scan of 100,000 packed hashes answers in milliseconds', () => {
    const rnd = () => Array.from({ length: 64 }, () => '0123456789abcdef'[Math.floor(Math.random() * 16)]).join('');
    const target = REFERENCE[9][1];
    const entries = Array.from({ length: 100_000 }, (_, i) => ({ hex: rnd(), tag: i, threshold: MATCH }));
    entries[4321] = { hex: BRIDGE_CPP, tag: 4321, threshold: MATCH };
    const set = new PdqSet(entries);
    const t0 = performance.now();
    const found = set.near(target);
    const ms = performance.now() - t0;
    expect(found.map((f) => f.tag)).toEqual([4321]);
    expect(found[0].distance).toBe(hammingHex(target, BRIDGE_CPP));
    expect(ms).toBeLessThan(200);
    expect(pdqWords(target)[0]).toBe(0xd8f8f0cc);
  });
});
