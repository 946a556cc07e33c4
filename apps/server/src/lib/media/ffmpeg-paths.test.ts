import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { describeFfmpeg, ffmpegPaths, probe, run } from './ffmpeg';

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

  it("the npm package's ffprobe reads MPEG-TS (its glibc's iconv crashed on the service name)", async () => {
    process.env.PATH = '/nonexistent';
    const bundled = ffmpegPaths();
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ts-probe-'));
    try {
      const ts = path.join(dir, 'live.ts');
      await run(bundled.ffmpeg, [
        ...['-v', 'error', '-f', 'lavfi', '-i', 'testsrc=size=160x120:rate=25:duration=1'],
        ...['-c:v', 'libx264', '-preset', 'ultrafast', '-f', 'mpegts', ts],
      ]);
      expect(await probe(bundled.ffprobe, ts)).toMatchObject({ hasVideo: true, width: 160, height: 120 });
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
