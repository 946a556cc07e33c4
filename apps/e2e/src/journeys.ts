import { type ChildProcess, execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { envFor, ffmpegPaths, spawnTool } from '../../server/src/lib/media/ffmpeg';

/** Every demo account's password (apps/server/src/seed/demo.ts). */
export const DEMO_PASSWORD = 'marquee-demo-2026';

/** Signs a demo account in through the /auth/login page and waits for the signed-in header. */
export async function logIn(page: Page, username: string) {
  await page.goto('/auth/login');
  await page.getByLabel('Email or username').fill(username);
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.getByRole('button', { name: 'Account menu' }).waitFor();
}

/** Runs the ffmpeg the server runs (PATH, else the npm package's) with `args` writing to a temporary `file.<ext>` and returns its bytes. */
export function ffmpegFile(ext: string, args: string[]): Buffer {
  const dir = mkdtempSync(path.join(tmpdir(), 'e2e-media-'));
  const out = path.join(dir, `file.${ext}`);
  try {
    const { ffmpeg } = ffmpegPaths();
    execFileSync(ffmpeg, ['-hide_banner', '-loglevel', 'error', '-y', ...args, out], { env: envFor(ffmpeg) });
    return readFileSync(out);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * What OBS does: ffmpeg (the npm package's, as the server runs) pushes a live test picture and tone
 * over RTMP to `rtmpUrl` with the stream key, until killed. The static build cannot resolve
 * host names, so `localhost` in the studio's URL becomes 127.0.0.1.
 */
export function pushRtmp(rtmpUrl: string, streamKey: string): ChildProcess {
  const target = `${rtmpUrl.replace('//localhost:', '//127.0.0.1:')}/${streamKey}`;
  return spawnTool(ffmpegPaths().ffmpeg, [
    ...['-hide_banner', '-loglevel', 'error', '-re', '-f', 'lavfi', '-i', 'testsrc=size=640x360:rate=25'],
    ...['-re', '-f', 'lavfi', '-i', 'sine=frequency=440', '-c:v', 'libx264', '-preset', 'ultrafast'],
    ...['-tune', 'zerolatency', '-g', '25', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-f', 'flv', target],
  ]);
}

/** A real file made by ffmpeg: a 2-second MP4 clip, or a still JPEG of the given size. */
export function makeMediaFile(kind: 'mp4' | 'jpg', jpegSize = '900x1100'): Buffer {
  if (kind === 'jpg') return ffmpegFile('jpg', ['-f', 'lavfi', '-i', `testsrc=size=${jpegSize}`, '-frames:v', '1']);
  return ffmpegFile('mp4', [
    ...['-f', 'lavfi', '-i', 'testsrc=size=320x240:rate=25:duration=2'],
    ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p'],
  ]);
}

/**
 * Approves a demo creator's identity through the admin API. Sasha's verification is pending in
 * the demo data, and only verified creators can be paid (issue 17, performers/earning-policy.ts):
 * journeys that pay her approve her first, as an admin would.
 */
export async function verifyCreator(baseUrl: string, username: string): Promise<void> {
  const login = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: DEMO_PASSWORD }),
  });
  const { token } = (await login.json()) as { token: string };
  const auth = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const profile = (await (await fetch(`${baseUrl}/api/performers/${username}`)).json()) as { _id: string };
  const res = await fetch(`${baseUrl}/api/performers/${profile._id}/verification`, {
    method: 'PUT',
    headers: auth,
    body: JSON.stringify({ status: 'verified' }),
  });
  if (!res.ok) throw new Error(`verifying ${username}: ${res.status} ${await res.text()}`);
}
