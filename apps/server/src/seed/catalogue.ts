import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ContentType, ContentWrite } from '@marquee/shared';
import { inArray } from 'drizzle-orm';
import type { Ctx } from '../context';
import { newId } from '../db/ids';
import { type MediaVariant, users } from '../db/schema';
import { ffmpegPaths } from '../lib/media/ffmpeg';
import { processImage } from '../lib/media/image';
import { storageFor } from '../lib/storage';
import { KINDS } from '../modules/content/content.kinds';
import { insertCategory } from '../modules/content/content.repo';
import { createItem } from '../modules/content/content.service';
import { enqueueProcessing } from '../modules/media/media.jobs';
import { insertMedia } from '../modules/media/media.repo';
import { insertPhotos, refreshGallery } from '../modules/photos/photos.repo';
import { sceneClip, sceneJpeg, type Theme } from './art';

const THEMES: Theme[] = [
  'sunrise',
  'mountains',
  'sea',
  'forest',
  'city',
  'desert',
  'aurora',
  'bokeh',
  'neon',
  'studio',
];
/** Each demo creator's look, so their pictures belong together. */
export const CREATOR_THEMES: Record<string, Theme[]> = {
  luna: ['sunrise', 'sea', 'studio'],
  kai: ['mountains', 'aurora', 'city'],
  sasha: ['neon', 'studio', 'bokeh'],
};

function picture(label: string, i: number, theme?: Theme) {
  return sceneJpeg(theme ?? THEMES[i % THEMES.length], `${label}:${i}`, 960, 720);
}

/** A generated photo stored through the image pipeline, as an upload would be. */
export async function seedPhoto(ctx: Ctx, ownerId: string, label: string, i: number, theme?: Theme): Promise<string> {
  const id = newId();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'marquee-cat-'));
  try {
    const src = path.join(dir, 'src.jpg');
    fs.writeFileSync(src, await picture(label, i, theme));
    const img = await processImage(src, path.join(dir, 'out'));
    const variants: Record<string, MediaVariant> = {};
    for (const [name, o] of Object.entries({ full: img.full, blur: img.blur, ...img.thumbs })) {
      const key = `${ownerId}/${id}/${name}${path.extname(o.file)}`;
      await storageFor(ctx.config).putFile(key, o.file, o.mime);
      variants[name] = { key, mime: o.mime, size: o.size, width: o.width, height: o.height };
    }
    await insertMedia(ctx.db, [
      {
        id,
        ownerId,
        kind: 'photo',
        originalName: `${label}.jpg`,
        mimeType: 'image/jpeg',
        size: fs.statSync(src).size,
        width: img.width,
        height: img.height,
        status: 'ready',
        progress: 100,
        variants,
      },
    ]);
    return id;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** A short generated clip (a camera move over a generated scene), queued through the real video pipeline (MP4, posters, teaser). */
export async function seedVideo(
  ctx: Ctx,
  ownerId: string,
  label: string,
  seconds: number,
  dimensions = '640x360',
  theme: Theme = 'mountains',
  viewerMark = false,
): Promise<string | null> {
  const id = newId();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'marquee-cat-'));
  try {
    const out = path.join(dir, 'clip.mp4');
    const text = label.replace(/[^A-Za-z0-9 ]/g, '');
    const [w, h] = dimensions.split('x').map(Number);
    await sceneClip(
      ffmpegPaths(ctx.config.FFMPEG_PATH).ffmpeg,
      theme,
      label,
      seconds,
      h > w,
      out,
      path.join(dir, 'still.png'),
    );
    const key = `${ownerId}/${id}/original.mp4`;
    const size = fs.statSync(out).size; // putFile moves the file away
    await storageFor(ctx.config).putFile(key, out, 'video/mp4');
    await insertMedia(ctx.db, [
      {
        id,
        ownerId,
        kind: 'video',
        originalName: `${text}.mp4`,
        mimeType: 'video/mp4',
        size,
        status: 'processing',
        progress: 0,
        // Paid demo videos carry the per-viewer mark (A/B segments; docs/security.md).
        options: { teaser: true, viewerMark },
        variants: { original: { key, mime: 'video/mp4', size } },
      },
    ]);
    await enqueueProcessing(ctx, id);
    return id;
  } catch (err) {
    ctx.log.warn({ err }, 'demo video not generated (is ffmpeg available?)');
    return null;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

export type Plan = Partial<ContentWrite> & {
  title: string;
  photos?: string[];
  videoSeconds?: number;
  vertical?: boolean;
};

const CATEGORIES = ['Travel', 'Fitness', 'Cosplay', 'Behind the scenes', 'Romance', 'Comedy'];

export const PLANS: Record<string, Partial<Record<ContentType, Plan[]>>> = {
  luna: {
    gallery: [
      {
        title: 'Beach yoga at sunrise',
        description: 'Five frames from Malibu at 6am.',
        tags: ['yoga', 'beach'],
        visibility: 'subscribers',
        photos: ['Sunrise', 'Warrior', 'Tree pose', 'Breathe', 'Shoreline'],
      },
      {
        title: 'Studio session',
        description: 'The full studio set, unedited.',
        tags: ['studio'],
        visibility: 'sale',
        price: 7.99,
        photos: ['Studio 1', 'Studio 2', 'Studio 3', 'Studio 4'],
      },
      { title: 'Free preview set', tags: ['free'], visibility: 'free', photos: ['Hello', 'Welcome'] },
    ],
    video: [
      {
        title: 'Full body HIIT, 30 minutes',
        description: 'No equipment needed.',
        tags: ['workout', 'hiit'],
        visibility: 'sale',
        price: 9.99,
        videoSeconds: 6,
      },
      { title: 'Morning stretch', tags: ['stretch'], visibility: 'free', videoSeconds: 4 },
    ],
    reel: [
      { title: 'Plank challenge', tags: ['challenge'], visibility: 'free', videoSeconds: 4, vertical: true },
      { title: 'Smoothie in 15 seconds', tags: ['food'], visibility: 'subscribers', videoSeconds: 4, vertical: true },
    ],
    product: [
      {
        title: 'Signed yoga mat',
        description: 'Eco cork mat, signed by me.',
        productType: 'physical',
        price: 49,
        stock: 12,
        shippingFee: 6.5,
        photos: ['Yoga mat'],
      },
      {
        title: '4-week training plan',
        description: 'Download and keep.',
        productType: 'digital',
        price: 14.99,
        photos: ['Training plan'],
      },
    ],
    scene: [
      {
        title: 'Yoga retreat vlog',
        description: 'A weekend in Tulum.',
        visibility: 'sale',
        price: 12,
        rentPrice: 3.99,
        rentDays: 2,
        videoSeconds: 6,
      },
    ],
  },
  kai: {
    gallery: [
      {
        title: 'Iceland in winter',
        tags: ['travel', 'iceland'],
        visibility: 'free',
        photos: ['Glacier', 'Black beach', 'Aurora', 'Reykjavik'],
      },
      {
        title: 'Lisbon, unseen',
        tags: ['travel', 'portugal'],
        visibility: 'sale',
        price: 5.99,
        photos: ['Alfama', 'Tram 28', 'Castle'],
      },
    ],
    video: [{ title: 'How I shoot the aurora', tags: ['tutorial'], visibility: 'subscribers', videoSeconds: 6 }],
    reel: [{ title: 'Drone over the fjord', tags: ['drone'], visibility: 'free', videoSeconds: 4, vertical: true }],
    scene: [
      {
        title: 'Lisbon nights',
        description: 'A night walk through the old town.',
        visibility: 'sale',
        price: 14.99,
        rentPrice: 3.99,
        rentDays: 2,
        videoSeconds: 6,
      },
    ],
    scenario: [
      {
        title: 'Road trip: the ring road',
        description: 'Eight days around Iceland, in chapters.',
        visibility: 'sale',
        price: 19.99,
        rentPrice: 4.99,
        rentDays: 3,
        videoSeconds: 6,
      },
    ],
    product: [
      {
        title: 'Fine-art print: Aurora',
        productType: 'physical',
        price: 35,
        stock: 25,
        shippingFee: 8,
        photos: ['Aurora print'],
      },
    ],
  },
  sasha: {
    gallery: [
      {
        title: 'Cosplay: Starfall',
        tags: ['cosplay'],
        visibility: 'subscribers',
        photos: ['Armor', 'Cape', 'Portrait'],
      },
    ],
    reel: [{ title: 'Makeup transformation', tags: ['makeup'], visibility: 'free', videoSeconds: 4, vertical: true }],
    // Sasha waits for identity verification: nothing of hers can be on sale yet (earning policy),
    // so her catalogue is for subscribers until an admin approves her.
    scenario: [
      {
        title: 'The heist',
        description: 'A cosplay mini-series.',
        visibility: 'subscribers',
        videoSeconds: 6,
      },
    ],
    video: [{ title: 'Building the Starfall armor', tags: ['craft'], visibility: 'subscribers', videoSeconds: 5 }],
  },
};

/** Catalogue demo data: every type for the demo creators, with generated pictures and clips. */
export async function seedCatalogue(ctx: Ctx, more: typeof PLANS = {}) {
  const allPlans = { ...PLANS, ...more };
  const cats = new Map<string, string>();
  for (const [i, name] of CATEGORIES.entries()) {
    const row = await insertCategory(ctx.db, {
      id: newId(),
      name,
      slug: name.toLowerCase().replace(/[^a-z0-9]+/g, '-'),
      position: i,
    });
    cats.set(name, row.id);
  }
  const rows = await ctx.db
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(inArray(users.username, Object.keys(allPlans)));
  let n = 0;
  // Creators in parallel: generating the clips (ffmpeg) is most of the seed's time.
  await Promise.all(
    rows.map(async (creator) => {
      const actor = { id: creator.id, role: 'performer' as const };
      const themes = CREATOR_THEMES[creator.username!] ?? THEMES;
      const theme = () => themes[n % themes.length];
      for (const [type, plans] of Object.entries(allPlans[creator.username!]) as Array<[ContentType, Plan[]]>) {
        for (const plan of plans) {
          const { photos, videoSeconds, vertical, ...input } = plan;
          const media: Partial<ContentWrite> = {};
          if (videoSeconds) {
            const video = await seedVideo(
              ctx,
              creator.id,
              plan.title,
              videoSeconds,
              vertical ? '360x640' : '640x360',
              theme(),
              type === 'video' && input.visibility === 'sale',
            );
            if (!video) continue;
            media.videoId = video;
            if (type !== 'reel') media.thumbnailId = await seedPhoto(ctx, creator.id, plan.title, n++, theme());
          }
          if (type === 'product' && photos) {
            media.imageIds = [await seedPhoto(ctx, creator.id, photos[0], n++, theme())];
            if (input.productType === 'digital')
              media.fileId = await seedPhoto(ctx, creator.id, `${plan.title} (file)`, n++, theme());
          }
          if (type === 'scene' || type === 'scenario') {
            media.categoryId = cats.get(
              creator.username === 'sasha' ? 'Cosplay' : creator.username === 'kai' ? 'Travel' : 'Fitness',
            );
          }
          const item = await createItem(ctx, KINDS[type], actor, { status: 'active', ...input, ...media });
          if (type === 'gallery' && photos) {
            const ids = [];
            for (const label of photos) ids.push(await seedPhoto(ctx, creator.id, label, n++, theme()));
            await insertPhotos(
              ctx.db,
              ids.map((mediaId, position) => ({
                id: newId(),
                galleryId: item._id,
                creatorId: creator.id,
                mediaId,
                position,
                title: photos[position],
              })),
            );
            await refreshGallery(ctx.db, item._id);
          }
        }
      }
    }),
  );
}
