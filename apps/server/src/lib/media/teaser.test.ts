import { describe, expect, it } from 'vitest';
import { teaserArgs, teaserSeconds } from './ffmpeg';

describe('teaser length (issue 17, item 2)', () => {
  it('is the shorter of 6 s and 20 % of the duration; too short a clip gets none (still/blur only)', () => {
    expect(teaserSeconds(600)).toBe(6);
    expect(teaserSeconds(30)).toBe(6);
    expect(teaserSeconds(20)).toBe(4);
    expect(teaserSeconds(3)).toBe(0.6);
    expect(teaserSeconds(2)).toBeNull();
    expect(teaserSeconds(0)).toBeNull();
    expect(teaserSeconds(Number.NaN)).toBeNull();
    for (const d of [2.5, 3, 5, 10, 29, 31, 3600]) expect(teaserSeconds(d)!).toBeLessThanOrEqual(d * 0.2);
  });

  it('cuts the teaser to that length', () => {
    const args = teaserArgs('in.mp4', 'out.mp4', 0.6);
    expect(args[args.indexOf('-t') + 1]).toBe('0.6');
  });
});
