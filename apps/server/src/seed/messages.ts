import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { inArray } from 'drizzle-orm';
import type { Ctx } from '../context';
import { newId } from '../db/ids';
import { type MediaVariant, users } from '../db/schema';
import { processImage } from '../lib/media/image';
import { storageFor } from '../lib/storage';
import { findOrCreatePrivate, markRead, recordMessage } from '../modules/conversations/conversations.repo';
import { clearing, transfer, wallet } from '../modules/ledger/ledger.service';
import { insertMedia } from '../modules/media/media.repo';
import { previewOf } from '../modules/messages/messages.presenter';
import { insertMessages } from '../modules/messages/messages.repo';
import { sceneJpeg } from './art';

/** A generated photo for a paid demo message, through the real image pipeline. */
async function demoPhoto(ctx: Ctx, ownerId: string, label: string) {
  const id = newId();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'marquee-seed-msg-'));
  try {
    const src = path.join(dir, 'src.jpg');
    fs.writeFileSync(src, await sceneJpeg('bokeh', label, 720, 960));
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
        originalName: 'exclusive.jpg',
        mimeType: 'image/jpeg',
        size: fs.statSync(src).size,
        width: img.width,
        height: img.height,
        status: 'ready',
        progress: 100,
        variants,
      },
    ]);
    return row;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

type Line = { from: string; text: string; minutesAgo: number; photo?: string; price?: number };

/** Demo conversations: alex ↔ luna (with a paid photo), alex ↔ kai, jamie ↔ kai, jamie ↔ luna (unread). */
export async function seedMessages(ctx: Ctx) {
  const rows = await ctx.db
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(inArray(users.username, ['luna', 'kai', 'alex', 'jamie']));
  const u = Object.fromEntries(rows.map((r) => [r.username!, r.id]));
  if (!u.luna || !u.kai || !u.alex || !u.jamie) return;
  // Demo fans start with tokens (a sandbox top-up through the ledger) so paid messages can be unlocked.
  for (const fan of ['alex', 'jamie']) {
    await ctx.db.transaction((tx) =>
      transfer(tx, {
        from: clearing('sandbox'),
        to: wallet(u[fan]),
        amountCents: 5000,
        kind: 'topup',
        reference: `demo:messages:${fan}`,
      }),
    );
  }
  const now = ctx.now().getTime();
  const at = (m: number) => new Date(now - m * 60_000);

  const talk = async (fan: string, creator: string, lines: Line[], readUpTo?: number) => {
    const { conversation } = await ctx.db.transaction((tx) =>
      findOrCreatePrivate(tx, u[fan], u[creator], at(lines[0].minutesAgo + 1)),
    );
    for (const l of lines) {
      const media = l.photo ? [await demoPhoto(ctx, u[l.from], l.photo)] : [];
      await ctx.db.transaction(async (tx) => {
        const [m] = await insertMessages(
          tx,
          [
            {
              id: newId(),
              conversationId: conversation.id,
              senderId: u[l.from],
              type: media.length ? 'photo' : 'text',
              text: l.text,
              priceCents: l.price ? Math.round(l.price * 100) : 0,
              createdAt: at(l.minutesAgo),
            },
          ],
          media.map((x) => x.id),
        );
        await recordMessage(tx, { ...m, preview: previewOf(m) });
        if (readUpTo !== undefined && l.minutesAgo >= readUpTo) {
          for (const who of [u[fan], u[creator]]) await markRead(tx, conversation.id, who, at(l.minutesAgo));
        }
      });
    }
  };

  await talk(
    'alex',
    'luna',
    [
      { from: 'alex', text: 'Hi Luna! Loved the morning yoga flow 🧘', minutesAgo: 300 },
      { from: 'luna', text: 'Thank you Alex! Did you try the breathing part too?', minutesAgo: 290 },
      { from: 'alex', text: 'Yes, it really helps before work.', minutesAgo: 280 },
      {
        from: 'luna',
        text: 'Something special from today’s shoot, just for you ✨',
        minutesAgo: 45,
        photo: 'Exclusive',
        price: 4.99,
      },
    ],
    280,
  );
  await talk(
    'alex',
    'kai',
    [
      { from: 'kai', text: 'Welcome aboard! Next set is from Iceland.', minutesAgo: 1500 },
      { from: 'alex', text: 'Can’t wait, the northern lights ones?', minutesAgo: 1490 },
    ],
    0,
  );
  await talk(
    'jamie',
    'kai',
    [
      { from: 'jamie', text: 'Which camera do you use for the night shots?', minutesAgo: 600 },
      { from: 'kai', text: 'A full-frame mirrorless and a fast 24mm, f/1.4.', minutesAgo: 590 },
    ],
    590,
  );
  await talk('jamie', 'luna', [{ from: 'luna', text: 'Live Q&A this Friday, bring your questions!', minutesAgo: 120 }]);
}
