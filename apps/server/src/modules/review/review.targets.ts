import { CONTENT_TYPES, type ReviewObjectType } from '@marquee/shared';
import { asc, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import {
  contentItems,
  contentPhotos,
  feedFiles,
  feeds,
  massMessages,
  messageFiles,
  messages,
  type ReviewItemRow,
  stories,
  users,
} from '../../db/schema';
import { publishApproved } from '../feeds';
import { queueDelivery } from '../mass-messages';
import { releaseHeldMessage } from '../messages';
import { deleteProfileMedia } from '../users';
import { type ReviewSubject, registerReviewTarget } from './review.registry';

/**
 * Every publishing path's table, registered with the queue (modules/review): posts, stories,
 * the six catalogue types, gallery photos, paid messages, mass messages with media, and a
 * creator's avatar and cover.
 */

const ids = (items: ReviewItemRow[]) => items.map((i) => i.objectId);

function byId<T extends { id: string }>(rows: T[]) {
  return new Map(rows.map((r) => [r.id, r]));
}

type Table =
  | typeof feeds
  | typeof stories
  | typeof contentItems
  | typeof contentPhotos
  | typeof messages
  | typeof massMessages;

async function setStateOf(tx: Executor, table: Table, id: string, state: ReviewItemRow['state']) {
  await tx
    .update(table)
    .set({ reviewState: state } as never)
    .where(eq(table.id, id));
}

async function grouped(
  db: Executor,
  table: typeof feedFiles | typeof messageFiles,
  ownerCol: 'feedId' | 'messageId',
  idList: string[],
) {
  const map = new Map<string, string[]>();
  if (idList.length === 0) return map;
  const col = table === feedFiles ? feedFiles.feedId : messageFiles.messageId;
  const rows = (await db
    .select()
    .from(table)
    .where(inArray(col, idList))
    .orderBy(asc(table.position))) as unknown as Array<{ mediaId: string } & Record<typeof ownerCol, string>>;
  for (const r of rows) map.set(r[ownerCol], [...(map.get(r[ownerCol]) ?? []), r.mediaId]);
  return map;
}

const compact = (xs: Array<string | null | undefined>) => xs.filter((x): x is string => !!x);

registerReviewTarget('feed', {
  setState: (tx, item, state) => setStateOf(tx, feeds, item.objectId, state),
  async load(db, items) {
    const rows = byId(
      await db
        .select()
        .from(feeds)
        .where(inArray(feeds.id, ids(items))),
    );
    const files = await grouped(db, feedFiles, 'feedId', ids(items));
    const out = new Map<string, ReviewSubject>();
    for (const [id, r] of rows)
      out.set(id, {
        title: r.scheduledAt ? `Post (scheduled ${r.scheduledAt.toISOString()})` : 'Post',
        text: r.text,
        priceCents: r.priceCents || null,
        mediaIds: compact([...(files.get(id) ?? []), r.teaserId, r.thumbnailId]),
      });
    return out;
  },
  onApproved: (ctx, item) => publishApproved(ctx, item.objectId),
  link: (item) => `/post/${item.objectId}`,
});

registerReviewTarget('story', {
  setState: (tx, item, state) => setStateOf(tx, stories, item.objectId, state),
  async load(db, items) {
    const rows = await db
      .select()
      .from(stories)
      .where(inArray(stories.id, ids(items)));
    return new Map(
      rows.map((r) => [
        r.id,
        {
          title: r.highlightTitle ? `Story (${r.highlightTitle})` : 'Story',
          text: r.text,
          priceCents: null,
          mediaIds: compact([r.mediaId]),
        },
      ]),
    );
  },
  link: () => '/creator/stories',
});

for (const type of CONTENT_TYPES) {
  registerReviewTarget(type, {
    setState: (tx, item, state) => setStateOf(tx, contentItems, item.objectId, state),
    async load(db, items) {
      const rows = await db
        .select()
        .from(contentItems)
        .where(inArray(contentItems.id, ids(items)));
      const galleryIds = rows.filter((r) => r.type === 'gallery').map((r) => r.id);
      const photos = galleryIds.length
        ? await db
            .select({ galleryId: contentPhotos.galleryId, mediaId: contentPhotos.mediaId })
            .from(contentPhotos)
            .where(inArray(contentPhotos.galleryId, galleryIds))
            .orderBy(asc(contentPhotos.position))
        : [];
      const out = new Map<string, ReviewSubject>();
      for (const r of rows) {
        const own = photos
          .filter((p) => p.galleryId === r.id)
          .map((p) => p.mediaId)
          .slice(0, 24);
        out.set(r.id, {
          title: r.title,
          text: r.description,
          priceCents: r.priceCents || null,
          mediaIds: compact([r.videoId, r.teaserId, r.thumbnailId, r.fileId, ...(r.imageIds ?? []), ...own]),
        });
      }
      return out;
    },
    link: (item) => `/${type}/${item.objectId}`,
  });
}

registerReviewTarget('photo', {
  setState: (tx, item, state) => setStateOf(tx, contentPhotos, item.objectId, state),
  async load(db, items) {
    const rows = await db
      .select({ photo: contentPhotos, gallery: contentItems.title })
      .from(contentPhotos)
      .innerJoin(contentItems, eq(contentItems.id, contentPhotos.galleryId))
      .where(inArray(contentPhotos.id, ids(items)));
    return new Map(
      rows.map(({ photo, gallery }) => [
        photo.id,
        {
          title: `Photo in “${gallery}”`,
          text: photo.description || photo.title,
          priceCents: null,
          mediaIds: [photo.mediaId],
        },
      ]),
    );
  },
  link: (item) => `/gallery/${item.objectId}`,
});

registerReviewTarget('message', {
  setState: (tx, item, state) => setStateOf(tx, messages, item.objectId, state),
  async load(db, items) {
    const rows = await db
      .select()
      .from(messages)
      .where(inArray(messages.id, ids(items)));
    const files = await grouped(db, messageFiles, 'messageId', ids(items));
    return new Map(
      rows.map((r) => [
        r.id,
        { title: 'Paid message', text: r.text, priceCents: r.priceCents, mediaIds: files.get(r.id) ?? [] },
      ]),
    );
  },
  onApproved: (ctx, item) => releaseHeldMessage(ctx, item.objectId),
  link: () => '/messages',
});

registerReviewTarget('mass_message', {
  async setState(tx, item, state) {
    await setStateOf(tx, massMessages, item.objectId, state);
    // A rejected mass message is never sent.
    if (state === 'rejected')
      await tx.update(massMessages).set({ status: 'cancelled' }).where(eq(massMessages.id, item.objectId));
  },
  async load(db, items) {
    const rows = await db
      .select()
      .from(massMessages)
      .where(inArray(massMessages.id, ids(items)));
    return new Map(
      rows.map((r) => [
        r.id,
        { title: `Mass message (${r.audience})`, text: r.text, priceCents: r.priceCents || null, mediaIds: r.fileIds },
      ]),
    );
  },
  async onApproved(ctx, item) {
    const [row] = await ctx.db.select().from(massMessages).where(eq(massMessages.id, item.objectId));
    if (row?.status === 'scheduled') await queueDelivery(ctx, row);
  },
  link: () => '/creator/mass-messages',
});

const keyOf = (item: ReviewItemRow) => (typeof item.payload.key === 'string' ? item.payload.key : null);

for (const type of ['avatar', 'cover'] as const satisfies ReviewObjectType[]) {
  const column = type === 'avatar' ? 'avatarPath' : 'coverPath';
  registerReviewTarget(type, {
    async setState(tx, item, state) {
      const key = keyOf(item);
      if (state === 'approved' && key) {
        const [before] = await tx.select({ old: users[column] }).from(users).where(eq(users.id, item.creatorId));
        await tx
          .update(users)
          .set({ [column]: key })
          .where(eq(users.id, item.creatorId));
        // The replaced image is deleted after commit (onApproved).
        item.payload = { ...item.payload, replaced: before?.old ?? null };
      }
    },
    async load(_db, items) {
      return new Map(
        items.map((i) => [
          i.objectId,
          {
            title: type === 'avatar' ? 'Profile picture' : 'Cover image',
            text: '',
            priceCents: null,
            mediaIds: [],
            imageKeys: compact([keyOf(i)]),
          },
        ]),
      );
    },
    async onApproved(ctx, item) {
      const replaced = item.payload.replaced;
      if (typeof replaced === 'string' && replaced !== keyOf(item)) await deleteProfileMedia(ctx, replaced);
    },
    async onRejected(ctx, item) {
      await deleteProfileMedia(ctx, keyOf(item));
    },
    link: () => '/creator/profile',
  });
}
