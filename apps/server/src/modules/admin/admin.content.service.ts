import type { AdminContent, ModeratedType } from '@marquee/shared';
import { and, count, desc, eq, ilike, inArray, isNotNull, isNull, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { feeds, users } from '../../db/schema';
import type { Ctx } from '../../lib/context';
import { badRequest, notFound } from '../../lib/errors';
import { findItemsByIds, listItems, updateItem } from '../content/content.repo';
import { setFeedTakedown } from '../feeds/feeds.service';
import { notify } from '../notifications/notifications.service';
import { type AdminActor, inAdminTx } from './admin.common';

const excerpt = (s: string, n = 140) => (s.length > n ? `${s.slice(0, n - 1)}…` : s);

export interface ModerationTarget {
  id: string;
  title: string;
  text: string;
  creatorId: string | null;
  takenDown: boolean;
  link: string | null;
}

/** What the moderation screens need from each content type: load many at once, take down, restore. */
interface Moderator {
  load(db: Executor, ids: string[]): Promise<Map<string, ModerationTarget>>;
  setTakenDown(
    tx: Executor,
    id: string,
    takedown: { at: Date; reason: string } | null,
  ): Promise<ModerationTarget | null>;
}

const feedTarget = (f: typeof feeds.$inferSelect): ModerationTarget => ({
  id: f.id,
  title: excerpt(f.text || `${f.type} post`, 80),
  text: f.text,
  creatorId: f.performerId,
  takenDown: f.takenDownAt !== null,
  link: `/post/${f.id}`,
});

const feedModerator: Moderator = {
  async load(db, ids) {
    if (ids.length === 0) return new Map();
    const rows = await db.select().from(feeds).where(inArray(feeds.id, ids));
    return new Map(rows.map((r) => [r.id, feedTarget(r)]));
  },
  async setTakenDown(tx, id, takedown) {
    const res = await setFeedTakedown(tx, id, takedown);
    return res && feedTarget(res.after);
  },
};

type Item = Awaited<ReturnType<typeof findItemsByIds>>[number];
const itemTarget = (i: Item): ModerationTarget => ({
  id: i.id,
  title: i.title,
  text: excerpt(i.description, 400),
  creatorId: i.creatorId,
  takenDown: i.status === 'inactive',
  link: `/${i.type}/${i.slug}`,
});

/** Catalogue items have no separate moderation flag: a takedown makes them inactive (off every public list). */
const itemModerator: Moderator = {
  async load(db, ids) {
    const rows = await findItemsByIds(db, ids);
    return new Map(rows.map((r) => [r.id, itemTarget(r)]));
  },
  async setTakenDown(tx, id, takedown) {
    const [row] = await findItemsByIds(tx, [id]);
    if (!row) return null;
    return itemTarget(await updateItem(tx, id, { status: takedown ? 'inactive' : 'active' }));
  },
};

export function moderatorFor(type: string): Moderator | null {
  if (type === 'feed') return feedModerator;
  if (['video', 'gallery', 'product', 'reel', 'scene', 'scenario'].includes(type)) return itemModerator;
  return null;
}

/** Every post or catalogue item across creators, for the moderation screen. */
export async function searchContent(
  ctx: Pick<Ctx, 'db'>,
  q: {
    type: ModeratedType;
    page: number;
    pageSize: number;
    q?: string;
    creatorId?: string;
    moderation?: 'live' | 'taken_down';
  },
): Promise<{ data: AdminContent[]; total: number }> {
  if (q.type === 'feed') {
    const conds: SQL[] = [];
    if (q.creatorId) conds.push(eq(feeds.performerId, q.creatorId));
    if (q.moderation === 'live') conds.push(isNull(feeds.takenDownAt));
    if (q.moderation === 'taken_down') conds.push(isNotNull(feeds.takenDownAt));
    if (q.q) conds.push(ilike(feeds.text, `%${q.q.replace(/[%_\\]/g, (c) => `\\${c}`)}%`));
    const where = conds.length ? and(...conds) : undefined;
    const [rows, [{ total }]] = await Promise.all([
      ctx.db
        .select({ feed: feeds, username: users.username, name: users.name })
        .from(feeds)
        .leftJoin(users, eq(users.id, feeds.performerId))
        .where(where)
        .orderBy(desc(feeds.createdAt), desc(feeds.id))
        .limit(q.pageSize)
        .offset((q.page - 1) * q.pageSize),
      ctx.db.select({ total: count() }).from(feeds).where(where),
    ]);
    return {
      data: rows.map(({ feed: f, username, name }) => ({
        _id: f.id,
        type: 'feed' as const,
        title: feedTarget(f).title,
        creator: { _id: f.performerId, username, name: name ?? '' },
        visibility: f.visibility,
        status: f.status,
        takenDown: f.takenDownAt !== null,
        takedownReason: f.takedownReason,
        createdAt: f.createdAt.toISOString(),
      })),
      total: Number(total),
    };
  }
  const status = q.moderation === 'taken_down' ? 'inactive' : q.moderation === 'live' ? 'active' : undefined;
  const { rows, total } = await listItems(
    ctx.db,
    { type: q.type, creatorId: q.creatorId, status, q: q.q },
    { page: q.page, pageSize: q.pageSize, sortBy: 'createdAt' as never, sort: 'desc' },
  );
  return {
    data: rows.map((i) => ({
      _id: i.id,
      type: q.type,
      title: i.title,
      creator: i.performer ? { _id: i.performer.id, username: i.performer.username, name: i.performer.name } : null,
      visibility: i.visibility,
      status: i.status,
      takenDown: i.status === 'inactive',
      takedownReason: null,
      createdAt: i.createdAt.toISOString(),
    })),
    total,
  };
}

/** Takes an item down (or restores it) inside an admin transaction; the creator is told why after commit. */
export async function moderate(
  ctx: Ctx,
  actor: AdminActor,
  type: string,
  id: string,
  takedown: boolean,
  reason: string | undefined,
  tx?: Executor,
  record?: (e: {
    action: string;
    targetType: string;
    targetId: string;
    before: unknown;
    after: unknown;
    reason: string | null;
  }) => Promise<unknown>,
): Promise<ModerationTarget> {
  const moderator = moderatorFor(type);
  if (!moderator) throw badRequest(`A ${type} cannot be taken down from here`, 'NOT_MODERATABLE');
  if (takedown && !reason) throw badRequest('Say why the item is taken down: the creator is told', 'REASON_REQUIRED');
  const run = async (t: Executor, rec: NonNullable<typeof record>) => {
    const before = (await moderator.load(t, [id])).get(id);
    if (!before) throw notFound('Item');
    const after = await moderator.setTakenDown(t, id, takedown ? { at: ctx.now(), reason: reason! } : null);
    await rec({
      action: takedown ? 'content.takedown' : 'content.restore',
      targetType: type,
      targetId: id,
      before: { takenDown: before.takenDown },
      after: { takenDown: after!.takenDown },
      reason: reason ?? null,
    });
    return after!;
  };
  return tx && record ? run(tx, record) : inAdminTx(ctx, actor, (_c, t, rec) => run(t, rec));
}

export async function tellCreatorAboutModeration(
  ctx: Ctx,
  actorId: string,
  target: ModerationTarget,
  takedown: boolean,
  reason?: string,
) {
  if (!target.creatorId) return;
  await notify(ctx, target.creatorId, {
    kind: 'moderation',
    title: takedown
      ? `Your content “${target.title}” was taken down`
      : `Your content “${target.title}” is visible again`,
    body: takedown ? `Reason: ${reason}` : reason,
    link: target.link ?? undefined,
    actorId,
  }).catch((err) => ctx.log.error({ err }, 'moderation notice failed'));
}
