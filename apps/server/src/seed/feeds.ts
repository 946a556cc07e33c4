import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, inArray } from 'drizzle-orm';
import type { Ctx } from '../context';
import { newId } from '../db/ids';
import { feeds, type MediaVariant, users } from '../db/schema';
import { processImage } from '../lib/media/image';
import { storageFor } from '../lib/storage';
import { createComment } from '../modules/comments/comments.service';
import { createFeed, createPoll } from '../modules/feeds/feeds.service';
import { insertMedia } from '../modules/media/media.repo';
import { react } from '../modules/reactions/reactions.service';
import { createStory } from '../modules/stories/stories.service';
import { sceneJpeg, type Theme } from './art';

const PALETTES: Record<string, [string, string]> = {
  dawn: ['#ff9a8b', '#ff6a88'],
  ocean: ['#2193b0', '#6dd5ed'],
  forest: ['#134e5e', '#71b280'],
  dusk: ['#41295a', '#2f0743'],
  citrus: ['#f7971e', '#ffd200'],
  neon: ['#8e2de2', '#4a00e0'],
  mint: ['#00b09b', '#96c93d'],
  rose: ['#ee9ca7', '#ffdde1'],
};

const SCENE_OF: Record<keyof typeof PALETTES, Theme> = {
  dawn: 'sunrise',
  ocean: 'sea',
  forest: 'forest',
  dusk: 'city',
  citrus: 'desert',
  neon: 'neon',
  mint: 'mountains',
  rose: 'studio',
};

/** A 1080×1350 demo picture: a generated scene in the palette's mood (seed/art.ts). */
function demoImage(label: string, palette: keyof typeof PALETTES | Theme) {
  return sceneJpeg(SCENE_OF[palette], label, 864, 1080);
}

/** Stores a generated picture through the media pipeline's image processing, as an upload would. */
export async function seedPhoto(ctx: Ctx, ownerId: string, label: string, palette: keyof typeof PALETTES | Theme) {
  const id = newId();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'marquee-seed-'));
  try {
    const src = path.join(dir, 'src.jpg');
    fs.writeFileSync(
      src,
      await (palette in PALETTES
        ? demoImage(label, palette as keyof typeof PALETTES)
        : sceneJpeg(palette as Theme, label, 864, 1080)),
    );
    const img = await processImage(src, path.join(dir, 'out'));
    const storage = storageFor(ctx.config);
    const variants: Record<string, MediaVariant> = {};
    for (const [name, o] of Object.entries({ full: img.full, blur: img.blur, ...img.thumbs })) {
      const key = `${ownerId}/${id}/${name}${path.extname(o.file)}`;
      await storage.putFile(key, o.file, o.mime);
      variants[name] = { key, mime: o.mime, size: o.size, width: o.width, height: o.height };
    }
    const [row] = await insertMedia(ctx.db, [
      {
        id,
        ownerId,
        kind: 'photo',
        visibility: 'protected',
        originalName: `${label.toLowerCase().replace(/\W+/g, '-')}.jpg`,
        mimeType: 'image/jpeg',
        size: fs.statSync(src).size,
        width: img.width,
        height: img.height,
        status: 'ready',
        progress: 100,
        variants,
      },
    ]);
    return row.id;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** Demo posts (free, subscribers-only, pay-per-view, a poll), stories, comments and likes for luna, kai and sasha. */
export async function seedFeeds(ctx: Ctx) {
  const rows = await ctx.db
    .select({ id: users.id, username: users.username, role: users.role })
    .from(users)
    .where(inArray(users.username, ['luna', 'kai', 'sasha', 'alex', 'jamie']));
  const u = Object.fromEntries(rows.map((r) => [r.username!, r]));
  if (!u.luna || !u.kai || !u.sasha) return;
  const hour = 3_600_000;
  const ago = (h: number) => new Date(ctx.now().getTime() - h * hour);
  const post = async (who: string, hoursAgo: number, input: Parameters<typeof createFeed>[2]) => {
    const feed = await createFeed(ctx, u[who].id, input);
    // Spread the demo posts over the last days so the timeline reads naturally.
    await ctx.db
      .update(feeds)
      .set({ publishedAt: ago(hoursAgo), createdAt: ago(hoursAgo) })
      .where(eq(feeds.id, feed.id));
    return feed;
  };

  const lunaFree = await post('luna', 2, {
    text: 'Morning flow done ☀️ 20 minutes of sun salutations before coffee. Who is joining tomorrow?',
    fileIds: [
      await seedPhoto(ctx, u.luna.id, 'Morning flow', 'dawn'),
      await seedPhoto(ctx, u.luna.id, 'Sun salutation', 'citrus'),
    ],
    tags: ['yoga', 'morning'],
  });
  await post('luna', 20, {
    text: 'Full core workout, step by step, for my subscribers 💪',
    fileIds: [await seedPhoto(ctx, u.luna.id, 'Core workout', 'rose')],
    visibility: 'subscribers',
    tags: ['workout'],
  });
  await post('luna', 30, {
    text: 'My complete 4-week training plan (PDF-style photo set). Unlock once, keep forever.',
    fileIds: [await seedPhoto(ctx, u.luna.id, 'Week 1', 'mint'), await seedPhoto(ctx, u.luna.id, 'Week 2', 'ocean')],
    visibility: 'sale',
    price: 4.99,
  });
  const { poll } = await createPoll(ctx, u.luna.id, {
    question: "What should Friday's live Q&A be about?",
    options: ['Nutrition', 'Mobility', 'Strength', 'Mindset'],
    endDate: new Date(ctx.now().getTime() + 5 * 24 * hour),
  });
  await post('luna', 5, { text: 'Help me plan Friday! 🗳️', pollId: poll.id });
  await post('luna', 60, {
    text: 'Welcome to my page! New workouts every Monday, live Q&A every Friday. 📌',
    isPinned: true,
  });

  await post('kai', 4, {
    text: 'Golden hour over Lisbon. Swipe for the view from the castle.',
    fileIds: [
      await seedPhoto(ctx, u.kai.id, 'Lisbon', 'citrus'),
      await seedPhoto(ctx, u.kai.id, 'Castle view', 'dusk'),
    ],
    tags: ['travel', 'portugal'],
  });
  await post('kai', 26, {
    text: 'Subscribers: the full Iceland set, 12 frames, with camera settings.',
    fileIds: [await seedPhoto(ctx, u.kai.id, 'Iceland', 'ocean')],
    visibility: 'subscribers',
  });
  await post('kai', 50, {
    text: 'Print-quality Kyoto collection. Pay once to unlock.',
    fileIds: [await seedPhoto(ctx, u.kai.id, 'Kyoto', 'forest')],
    visibility: 'sale',
    price: 7.5,
  });

  await post('sasha', 8, {
    text: 'New cosplay drop this weekend! Here is a sneak peek ✨',
    fileIds: [await seedPhoto(ctx, u.sasha.id, 'Sneak peek', 'neon')],
    tags: ['cosplay'],
  });
  const sashaPoll = await createPoll(ctx, u.sasha.id, {
    question: 'Next look?',
    options: ['Elf queen', 'Cyberpunk', 'Witch'],
  });
  await post('sasha', 12, { text: 'Vote for my next look!', pollId: sashaPoll.poll.id });

  // Stories (24 hours): two or three live ones per creator, and one highlight each.
  await createStory(ctx, u.luna.id, {
    mediaId: await seedPhoto(ctx, u.luna.id, 'Beach run', 'ocean'),
    text: 'Beach run 🏃‍♀️',
  });
  await createStory(ctx, u.luna.id, {
    text: 'Subscribers: live in 10 minutes!',
    backgroundColor: '#8e2de2',
    visibility: 'subscribers',
  });
  await createStory(ctx, u.luna.id, {
    mediaId: await seedPhoto(ctx, u.luna.id, 'Best of May', 'rose'),
    text: 'Best of May',
    isHighlight: true,
    highlightTitle: 'May',
  });
  await createStory(ctx, u.kai.id, {
    mediaId: await seedPhoto(ctx, u.kai.id, 'Airport', 'dusk'),
    text: 'Off to Japan ✈️',
  });
  await createStory(ctx, u.kai.id, {
    mediaId: await seedPhoto(ctx, u.kai.id, 'Tokyo night', 'neon'),
    text: 'Landed in Tokyo 🌃',
  });
  await createStory(ctx, u.kai.id, {
    mediaId: await seedPhoto(ctx, u.kai.id, 'Lisbon tram', 'citrus'),
    text: 'Lisbon, one year ago',
    isHighlight: true,
    highlightTitle: 'Lisbon',
  });
  await createStory(ctx, u.sasha.id, { text: 'Streaming tonight at 8!', backgroundColor: '#ff6a88' });
  await createStory(ctx, u.sasha.id, {
    mediaId: await seedPhoto(ctx, u.sasha.id, 'Wig fitting', 'rose'),
    text: 'Wig fitting for the elf queen 🧝‍♀️',
  });
  await createStory(ctx, u.sasha.id, {
    mediaId: await seedPhoto(ctx, u.sasha.id, 'Convention', 'dusk'),
    text: 'Con weekend recap',
    isHighlight: true,
    highlightTitle: 'Cons',
  });

  // Comments and likes on Luna's free post.
  if (u.alex && u.jamie) {
    const alex = { id: u.alex.id, role: 'user' as const };
    const jamie = { id: u.jamie.id, role: 'user' as const };
    const first = await createComment(ctx, alex, {
      objectType: 'feed',
      objectId: lunaFree.id,
      text: 'Count me in for tomorrow!',
    });
    await createComment(
      ctx,
      { id: u.luna.id, role: 'performer' },
      { objectType: 'feed', objectId: lunaFree.id, text: 'See you at 7 🙌', parentId: first.id },
    );
    await createComment(ctx, jamie, {
      objectType: 'feed',
      objectId: lunaFree.id,
      text: 'Love the colours in the second one',
    });
    for (const fan of [alex, jamie]) {
      await react(ctx, fan, { objectType: 'feed', objectId: lunaFree.id, action: 'like' }).catch((err) =>
        ctx.log.warn({ err }, 'demo like skipped'),
      );
    }
  }
}
