import { execFileSync } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import { describeFfmpeg, ffmpegPaths } from './ffmpeg';

describe('ffmpeg binaries', () => {
  const savedPath = process.env.PATH;
  afterEach(() => {
    process.env.PATH = savedPath;
  });

  it('uses the binaries inside the npm packages when none is on PATH, and they run', () => {
    process.env.PATH = '/nonexistent';
    const fresh = ffmpegPaths();
    expect(fresh.source).toBe('npm package');
    expect(fresh.ffmpeg).toMatch(/@ffmpeg-installer/);
    expect(fresh.ffprobe).toMatch(/@ffprobe-installer/);
    expect(execFileSync(fresh.ffmpeg, ['-hide_banner', '-version']).toString()).toMatch(/ffmpeg version/);
    expect(execFileSync(fresh.ffprobe, ['-hide_banner', '-version']).toString()).toMatch(/ffprobe version/);
    expect(describeFfmpeg()).toMatch(/bundled npm package/);
  });

  it('prefers ffmpeg on PATH', () => {
    const p = ffmpegPaths();
    if (p.source === 'npm package') return; // this machine has none on PATH: the test above covers it
    expect(p.source).toBe('PATH');
    expect(describeFfmpeg()).toMatch(/on PATH/);
  });
});
