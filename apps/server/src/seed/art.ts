import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { avataaars } from '@dicebear/collection';
import { createAvatar } from '@dicebear/core';
import sharp from 'sharp';

/**
 * Demo artwork generated at seed time, nothing downloaded and nothing committed:
 * illustrated avatars (DiceBear "Avataaars", rendered to WebP with sharp), procedural scenic
 * pictures (SVG landscapes, skylines, auroras, bokeh, rendered with sharp) and short clips
 * (a slow camera move over a generated scene, encoded by ffmpeg). See docs/demo-credits.md.
 */

/** A small deterministic PRNG (mulberry32) so the same seed draws the same picture. */
export function rng(seed: string) {
  let h = 1779033703 ^ seed.length;
  for (let i = 0; i < seed.length; i++) {
    h = Math.imul(h ^ seed.charCodeAt(i), 3432918353);
    h = (h << 13) | (h >>> 19);
  }
  let a = h >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export type Theme =
  | 'sunrise'
  | 'mountains'
  | 'aurora'
  | 'sea'
  | 'city'
  | 'neon'
  | 'forest'
  | 'desert'
  | 'bokeh'
  | 'studio';

const SKIES: Record<Theme, Array<[string, string, string]>> = {
  // top, horizon, sun/accent
  sunrise: [
    ['#3b2667', '#fbb47d', '#fff1c1'],
    ['#2e3a87', '#f9a26c', '#ffe9a8'],
    ['#5b3b8c', '#ff9a8b', '#fff3d6'],
  ],
  mountains: [
    ['#1e3c72', '#a8c0ff', '#fdfcdc'],
    ['#355c7d', '#f8b195', '#fff6e0'],
    ['#0f2027', '#6fb1c9', '#e8f7ff'],
  ],
  aurora: [
    ['#020617', '#0b3d4a', '#7fffd4'],
    ['#050a1f', '#1b2a4a', '#9dff9a'],
  ],
  sea: [
    ['#0f4c81', '#9bd7f0', '#fffbe6'],
    ['#2b5876', '#f6a98e', '#fff0d1'],
  ],
  city: [
    ['#141e30', '#f37335', '#ffd27f'],
    ['#0f0c29', '#8e54e9', '#ffb3ec'],
  ],
  neon: [
    ['#12002b', '#7b2ff7', '#ff4ecd'],
    ['#07001f', '#0f6bff', '#00f0ff'],
  ],
  forest: [
    ['#1d4350', '#c8e6c9', '#fff9c4'],
    ['#134e5e', '#e3f2c1', '#fffde7'],
  ],
  desert: [
    ['#614385', '#f6b26b', '#fff2cc'],
    ['#c0392b', '#f9d976', '#fff8e1'],
  ],
  bokeh: [
    ['#2c1a0e', '#8a4b2a', '#ffcf8a'],
    ['#1a1a2e', '#533483', '#ff9ecd'],
    ['#0b2027', '#40798c', '#cfe8ef'],
  ],
  studio: [
    ['#ffd6e0', '#c1e1ff', '#ffffff'],
    ['#fbe3c9', '#f7b2bd', '#ffffff'],
    ['#d4fc79', '#96e6a1', '#ffffff'],
  ],
};

function mix(a: string, b: string, t: number) {
  const p = (s: string) => [1, 3, 5].map((i) => Number.parseInt(s.slice(i, i + 2), 16));
  const [x, y] = [p(a), p(b)];
  return `#${x
    .map((v, i) =>
      Math.round(v + (y[i] - v) * t)
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}

/** A ridge line across the picture by midpoint displacement, closed to the bottom. */
function ridge(r: () => number, w: number, h: number, base: number, rough: number) {
  let pts = [base + (r() - 0.5) * rough, base + (r() - 0.5) * rough];
  let amp = rough;
  for (let level = 0; level < 6; level++) {
    const next: number[] = [];
    for (let i = 0; i < pts.length - 1; i++) next.push(pts[i], (pts[i] + pts[i + 1]) / 2 + (r() - 0.5) * amp);
    next.push(pts[pts.length - 1]);
    pts = next;
    amp *= 0.55;
  }
  const step = w / (pts.length - 1);
  return `M0 ${h} ${pts.map((y, i) => `L${(i * step).toFixed(1)} ${y.toFixed(1)}`).join(' ')} L${w} ${h} Z`;
}

/** A scenic picture as SVG: sky, sun or moon, then the theme's landscape. No text. */
export function sceneSvg(theme: Theme, seed: string, w: number, h: number): string {
  const r = rng(`${theme}:${seed}`);
  const [top, horizon, accent] = SKIES[theme][Math.floor(r() * SKIES[theme].length)];
  const hy = h * (0.55 + r() * 0.12);
  const parts: string[] = [];
  const defs: string[] = [
    `<linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${top}"/><stop offset="1" stop-color="${horizon}"/></linearGradient>`,
    `<radialGradient id="sun"><stop offset="0" stop-color="${accent}"/><stop offset="0.35" stop-color="${accent}" stop-opacity="0.9"/><stop offset="1" stop-color="${accent}" stop-opacity="0"/></radialGradient>`,
    `<filter id="soft" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="${Math.round(w / 60)}"/></filter>`,
  ];
  parts.push(`<rect width="${w}" height="${h}" fill="url(#sky)"/>`);
  const night = theme === 'aurora' || theme === 'neon' || theme === 'city';
  if (night) {
    for (let i = 0; i < 90; i++)
      parts.push(
        `<circle cx="${(r() * w).toFixed(0)}" cy="${(r() * hy * 0.8).toFixed(0)}" r="${(r() * 1.6 + 0.4).toFixed(1)}" fill="#fff" fill-opacity="${(0.3 + r() * 0.6).toFixed(2)}"/>`,
      );
  }
  const sunR = h * (0.05 + r() * 0.05);
  const sx = w * (0.2 + r() * 0.6);
  const sy = hy - sunR * (0.3 + r() * 1.6);
  if (theme === 'bokeh' || theme === 'studio') {
    for (let i = 0; i < 26; i++) {
      const c = mix(accent, i % 2 ? horizon : top, r() * 0.6);
      const o = (0.2 + r() * 0.5).toFixed(2);
      // Soft discs: a radial gradient fading at the rim (cheaper than an SVG blur).
      const edge = r() > 0.5 ? 0.55 : 0.9;
      defs.push(
        `<radialGradient id="b${i}"><stop offset="0" stop-color="${c}" stop-opacity="${o}"/><stop offset="${edge}" stop-color="${c}" stop-opacity="${o}"/><stop offset="1" stop-color="${c}" stop-opacity="0"/></radialGradient>`,
      );
      parts.push(
        `<circle cx="${(r() * w).toFixed(0)}" cy="${(r() * h).toFixed(0)}" r="${(h * (0.04 + r() * 0.16)).toFixed(0)}" fill="url(#b${i})"/>`,
      );
    }
    if (theme === 'studio') {
      // Soft geometric set pieces, like a photo studio backdrop with props.
      const c1 = mix(top, '#000000', 0.15);
      parts.push(
        `<ellipse cx="${w / 2}" cy="${h * 0.92}" rx="${w * 0.55}" ry="${h * 0.14}" fill="${c1}" fill-opacity="0.5"/>`,
      );
      parts.push(
        `<rect x="${w * 0.18}" y="${h * 0.45}" width="${w * 0.18}" height="${h * 0.42}" rx="${w * 0.02}" fill="${mix(horizon, '#ffffff', 0.3)}"/>`,
      );
      parts.push(`<circle cx="${w * 0.64}" cy="${h * 0.62}" r="${h * 0.22}" fill="${mix(accent, top, 0.5)}"/>`);
      parts.push(
        `<path d="M${w * 0.75} ${h * 0.87} L${w * 0.87} ${h * 0.5} L${w * 0.97} ${h * 0.87} Z" fill="${mix(horizon, '#000000', 0.12)}"/>`,
      );
    }
    return wrap(w, h, defs, parts);
  }
  parts.push(`<circle cx="${sx}" cy="${sy}" r="${sunR * 2.2}" fill="url(#sun)"/>`);
  if (theme === 'aurora') {
    defs.push(
      `<linearGradient id="au" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${accent}" stop-opacity="0"/><stop offset="0.6" stop-color="${accent}" stop-opacity="0.55"/><stop offset="1" stop-color="${accent}" stop-opacity="0"/></linearGradient>`,
    );
    const bands: string[] = [];
    for (let i = 0; i < 3; i++) {
      const y0 = h * (0.12 + i * 0.1);
      const d = `M0 ${y0} C${w * 0.3} ${y0 - h * 0.15 * r()} ${w * 0.6} ${y0 + h * 0.25 * r()} ${w} ${y0 - h * 0.05}`;
      bands.push(`<path d="${d}" stroke="url(#au)" stroke-width="${h * (0.12 + r() * 0.1)}" fill="none"/>`);
    }
    parts.push(`<g filter="url(#soft)" opacity="0.9">${bands.join('')}</g>`);
  }
  const layers = theme === 'sea' ? 1 : 4;
  for (let i = 0; i < layers; i++) {
    const t = (i + 1) / (layers + 1);
    const base = hy + (h - hy) * t * 0.5 - h * 0.18 * (1 - t);
    const far = mix(horizon, top, 0.35);
    const near =
      theme === 'forest'
        ? '#0b2e1f'
        : theme === 'desert'
          ? '#7a3b1d'
          : theme === 'city' || theme === 'neon'
            ? '#0a0618'
            : mix(top, '#000000', 0.55);
    const fill = mix(far, near, t);
    if ((theme === 'city' || theme === 'neon') && i >= 1) {
      // A skyline: blocks with lit windows.
      let x = -10;
      while (x < w) {
        const bw = w * (0.03 + r() * 0.06);
        const bh = h * (0.1 + r() * 0.3) * (1 - t * 0.3);
        const y = base + h * 0.12 - bh;
        parts.push(
          `<rect x="${x.toFixed(0)}" y="${y.toFixed(0)}" width="${bw.toFixed(0)}" height="${h}" fill="${fill}"/>`,
        );
        if (i === layers - 1)
          for (let k = 0; k < 8; k++)
            parts.push(
              `<rect x="${(x + r() * (bw - 8)).toFixed(0)}" y="${(y + r() * bh).toFixed(0)}" width="${(w / 260).toFixed(1)}" height="${(h / 140).toFixed(1)}" fill="${accent}" fill-opacity="${(0.4 + r() * 0.6).toFixed(2)}"/>`,
            );
        x += bw + r() * w * 0.01;
      }
      continue;
    }
    parts.push(
      `<path d="${ridge(r, w, h, base, h * (theme === 'desert' ? 0.08 : 0.28) * (1 - t * 0.5))}" fill="${fill}"/>`,
    );
    if (theme === 'forest' && i >= 2) {
      for (let k = 0; k < 40; k++) {
        const x = r() * w;
        const th = h * (0.06 + r() * 0.12);
        const y = base + h * 0.06 + r() * h * 0.1;
        parts.push(
          `<path d="M${x.toFixed(0)} ${(y - th).toFixed(0)} L${(x + th * 0.28).toFixed(0)} ${y.toFixed(0)} L${(x - th * 0.28).toFixed(0)} ${y.toFixed(0)} Z" fill="${mix(fill, '#000000', 0.2)}"/>`,
        );
      }
    }
  }
  if (theme === 'sea' || theme === 'sunrise' || theme === 'aurora') {
    const wy = hy + h * 0.06;
    defs.push(
      `<linearGradient id="water" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${mix(horizon, top, 0.2)}"/><stop offset="1" stop-color="${mix(top, '#000000', 0.3)}"/></linearGradient>`,
    );
    parts.push(`<rect x="0" y="${wy}" width="${w}" height="${h - wy}" fill="url(#water)"/>`);
    for (let k = 0; k < 36; k++) {
      const y = wy + (h - wy) * r() ** 1.6;
      const len = w * (0.02 + r() * 0.12) * (1 + (y - wy) / (h - wy));
      const x = sx + (r() - 0.5) * w * 0.35;
      parts.push(
        `<rect x="${(x - len / 2).toFixed(0)}" y="${y.toFixed(0)}" width="${len.toFixed(0)}" height="${Math.max(1, h / 400).toFixed(1)}" fill="${accent}" fill-opacity="${(0.25 + r() * 0.5).toFixed(2)}"/>`,
      );
    }
    if (theme === 'sunrise') {
      // A beach in the foreground.
      parts.push(`<path d="${ridge(r, w, h, h * 0.9, h * 0.05)}" fill="${mix('#e9c9a0', top, 0.25)}"/>`);
    }
  }
  return wrap(w, h, defs, parts);
}

function wrap(w: number, h: number, defs: string[], parts: string[]) {
  return `<svg width="${w}" height="${h}" viewBox="0 0 ${w} ${h}" xmlns="http://www.w3.org/2000/svg"><defs>${defs.join('')}</defs>${parts.join('')}</svg>`;
}

/** A scenic JPEG (for posts, galleries, products, stories, thumbnails). */
export function sceneJpeg(theme: Theme, seed: string, w = 1080, h = 1350): Promise<Buffer> {
  // Drawn at half size and scaled up: the scenes are soft shapes, and blurs cost the square of the size.
  const [dw, dh] = [Math.round(w / 2), Math.round(h / 2)];
  return sharp(Buffer.from(sceneSvg(theme, seed, dw, dh)))
    .resize(w, h)
    .jpeg({ quality: 80 })
    .toBuffer();
}

/** A profile cover (1600×600 WebP, the size profile uploads are stored at). */
export function coverWebp(theme: Theme, seed: string): Promise<Buffer> {
  return sharp(Buffer.from(sceneSvg(theme, `cover:${seed}`, 800, 300)))
    .resize(1600, 600)
    .webp({ quality: 78 })
    .toBuffer();
}

const SKIN = ['edb98a', 'd08b5b', 'ae5d29', '614335', 'ffdbb4', 'fd9841'];
const TOPS_F = [
  'bigHair',
  'bob',
  'bun',
  'curly',
  'curvy',
  'longButNotTooLong',
  'straight01',
  'straight02',
  'miaWallace',
];
const TOPS_M = ['shortFlat', 'shortWaved', 'theCaesar', 'dreads01', 'frizzle', 'shaggy', 'shortCurly', 'sides'];

/** An illustrated avatar (DiceBear Avataaars) as a 512×512 WebP. */
export function avatarWebp(seed: string, look: 'f' | 'm' = 'f'): Promise<Buffer> {
  const r = rng(`avatar:${seed}`);
  const tops = look === 'f' ? TOPS_F : TOPS_M;
  const svg = createAvatar(avataaars, {
    seed,
    size: 512,
    top: [tops[Math.floor(r() * tops.length)]] as never,
    skinColor: [SKIN[Math.floor(r() * SKIN.length)]],
    mouth: ['smile', 'twinkle', 'default'],
    eyes: ['default', 'happy', 'wink', 'squint'],
    eyebrows: ['default', 'defaultNatural', 'raisedExcitedNatural'],
    facialHairProbability: look === 'm' ? 35 : 0,
    accessoriesProbability: 15,
    backgroundColor: ['b6e3f4', 'c0aede', 'ffd5dc', 'ffdfbf', 'd1d4f9'],
    backgroundType: ['gradientLinear'],
  }).toString();
  return sharp(Buffer.from(svg)).webp({ quality: 85 }).toBuffer();
}

/**
 * A short clip that looks like content: a slow camera move (zoom and pan) over a generated
 * scene, with a soft fade in and out and quiet ambient noise. Works with any ffmpeg ≥ 4.
 */
export async function sceneClip(
  ffmpeg: string,
  theme: Theme,
  seed: string,
  seconds: number,
  vertical: boolean,
  out: string,
  stillFile: string,
): Promise<void> {
  const [w, h] = vertical ? [360, 640] : [640, 360];
  await sharp(Buffer.from(sceneSvg(theme, `clip:${seed}`, w, h)))
    .resize(w * 2, h * 2)
    .png({ compressionLevel: 1 })
    .toFile(stillFile);
  const fps = 25;
  const frames = seconds * fps;
  const zoomIn = rng(seed)() > 0.5;
  const z = zoomIn ? `1+0.25*on/${frames}` : `1.25-0.25*on/${frames}`;
  const vf = [
    `zoompan=z='${z}':x='iw/2-(iw/zoom/2)+on*${(w / frames / 2).toFixed(3)}':y='ih/2-(ih/zoom/2)':d=${frames}:s=${w}x${h}:fps=${fps}`,
    `fade=t=in:st=0:d=0.6`,
    `fade=t=out:st=${seconds - 0.6}:d=0.6`,
    'format=yuv420p',
  ].join(',');
  await promisify(execFile)(
    ffmpeg,
    [
      '-y',
      '-loglevel',
      'error',
      '-loop',
      '1',
      '-i',
      stillFile,
      '-f',
      'lavfi',
      '-i',
      `anoisesrc=color=brown:amplitude=0.04:duration=${seconds}`,
      '-vf',
      vf,
      '-t',
      String(seconds),
      '-c:v',
      'libx264',
      '-preset',
      'ultrafast',
      '-c:a',
      'aac',
      '-shortest',
      out,
    ],
    { timeout: 60_000 },
  );
}
