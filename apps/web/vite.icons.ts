import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import type { Plugin } from 'vite';

/** Every PNG size the manifest lists (Android launchers, Windows tiles, splash screens). */
export const ICON_SIZES = [48, 72, 96, 128, 144, 152, 192, 256, 384, 512] as const;
export const MASKABLE_SIZES = [192, 512] as const;
export const APPLE_TOUCH_SIZE = 180;

/**
 * The maskable variant: the same mark on a full-bleed background, drawn inside the 80 % safe
 * zone so launchers may cut it to a circle or a squircle without clipping the "M".
 */
function maskableSvg(source: string): string {
  const stops = source.match(/<linearGradient[\s\S]*?<\/linearGradient>/)?.[0] ?? '';
  return `<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64"><defs>${stops}</defs><rect width="64" height="64" fill="url(#g)"/><path d="M21 41V23l11 11 11-11v18" fill="none" stroke="#fff" stroke-width="4.5" stroke-linecap="round" stroke-linejoin="round"/></svg>`;
}

/** An ICO file holding one PNG image (every browser since 2007 reads PNG inside ICO). */
function icoOf(png: Buffer, size: number): Buffer {
  const head = Buffer.alloc(22);
  head.writeUInt16LE(0, 0); // reserved
  head.writeUInt16LE(1, 2); // type: icon
  head.writeUInt16LE(1, 4); // one image
  head.writeUInt8(size, 6);
  head.writeUInt8(size, 7);
  head.writeUInt16LE(1, 10); // colour planes
  head.writeUInt16LE(32, 12); // bits per pixel
  head.writeUInt32LE(png.length, 14);
  head.writeUInt32LE(22, 18); // the image follows the directory
  return Buffer.concat([head, png]);
}

/**
 * Renders the app icons from one source SVG (`public/favicon.svg`) at build time with sharp, so
 * no PNG is committed and a new logo is one file. In dev the icons are rendered on request.
 */
export function appIcons(sourceFile: string): Plugin {
  const source = () => fs.readFileSync(sourceFile, 'utf8');
  const render = async (svg: string, size: number) =>
    sharp(Buffer.from(svg), { density: Math.ceil((72 * size) / 64) })
      .resize(size, size)
      .png({ compressionLevel: 9 })
      .toBuffer();
  const files = (): Array<{ name: string; make: () => Promise<Buffer> }> => [
    ...ICON_SIZES.map((s) => ({ name: `icons/icon-${s}.png`, make: () => render(source(), s) })),
    ...MASKABLE_SIZES.map((s) => ({ name: `icons/maskable-${s}.png`, make: () => render(maskableSvg(source()), s) })),
    { name: 'icons/apple-touch-icon.png', make: () => render(maskableSvg(source()), APPLE_TOUCH_SIZE) },
    // What browsers and crawlers ask for without reading the page (issue 31: it was a 404).
    { name: 'favicon.ico', make: async () => icoOf(await render(source(), 32), 32) },
  ];
  return {
    name: 'marquee-app-icons',
    async generateBundle() {
      for (const f of files()) this.emitFile({ type: 'asset', fileName: f.name, source: await f.make() });
    },
    configureServer(server) {
      server.middlewares.use(async (req, res, next) => {
        const name = req.url?.split('?')[0].replace(/^\//, '');
        const file = files().find((f) => f.name === name);
        if (!file) return next();
        res.setHeader('content-type', 'image/png');
        res.end(await file.make());
      });
    },
  };
}

export const iconSource = (root: string) => path.join(root, 'public/favicon.svg');
