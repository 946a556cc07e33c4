import type { AdminContent, DecisionGround, ModeratedType } from '@marquee/shared';
import { and, type Column, count, desc, eq, inArray, isNotNull, isNull, type SQL } from 'drizzle-orm';
import type { Ctx } from '../../context';
import type { Executor } from '../../db/client';
import { isUuid } from '../../db/ids';
import { type DecisionRow, users } from '../../db/schema';
import { badRequest, notFound } from '../../lib/errors';
import { msg } from '../../lib/i18n';
import { rememberRemovedItem } from '../compliance-hashes';
import { announceDecision, type DecisionInput, liftDecisions, recordDecision } from '../decisions';
import { notify } from '../notifications';
import { type AdminActor, inAdminTx } from './admin.common';
import {
  ilikeOf,
  MODERATION_SOURCES,
  type ModerationSource,
  type ModerationTarget,
  toTarget,
} from './admin.moderation.sources';

export type { ModerationTarget } from './admin.moderation.sources';

type Row = Parameters<typeof toTarget>[1];
const withWhere = (src: ModerationSource, cond: SQL) => (src.where ? and(src.where, cond)! : cond);

/** What the moderation screens need from each content type: load many at once, take down, restore. */
interface Moderator {
  load(db: Executor, ids: string[]): Promise<Map<string, ModerationTarget>>;
  setTakenDown(
    tx: Executor,
    id: string,
    takedown: { at: Date; reason: string } | null,
  ): Promise<ModerationTarget | null>;
}

/** One shared pattern for every type: the row's takenDownAt/takedownReason (takedownColumns) set or cleared. */
function moderatorOf(src: ModerationSource): Moderator {
  return {
    async load(db, ids) {
      if (ids.length === 0) return new Map();
      const rows = (await db
        .select()
        .from(src.table)
        .where(withWhere(src, inArray(src.table.id, ids)))) as Row[];
      return new Map(rows.map((r) => [r.id, toTarget(src, r)]));
    },
    async setTakenDown(tx, id, takedown) {
      const rows = (await tx
        .update(src.table)
        .set({ takenDownAt: takedown?.at ?? null, takedownReason: takedown?.reason ?? null } as never)
        .where(withWhere(src, eq(src.table.id, id)))
        .returning()) as Row[];
      return rows[0] ? toTarget(src, rows[0]) : null;
    },
  };
}

export function moderatorFor(type: string): Moderator | null {
  const src = MODERATION_SOURCES[type as ModeratedType];
  return src ? moderatorOf(src) : null;
}

/** Every item of one type across creators, for the moderation screen (search, creator, moderation state). */
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
  const src = MODERATION_SOURCES[q.type];
  const t = src.table;
  const conds: SQL[] = src.where ? [src.where] : [];
  if (q.creatorId) conds.push(eq(src.creatorCol, q.creatorId));
  if (q.moderation === 'live') conds.push(isNull(t.takenDownAt));
  if (q.moderation === 'taken_down') conds.push(isNotNull(t.takenDownAt));
  if (q.q) conds.push(ilikeOf(src.textCol, q.q));
  const where = conds.length ? and(...conds) : undefined;
  const [rows, [{ total }]] = await Promise.all([
    ctx.db
      .select({ row: t, username: users.username, name: users.name })
      .from(t)
      .leftJoin(users, eq(users.id, src.creatorCol))
      .where(where)
      .orderBy(desc(t.createdAt), desc(t.id))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
    ctx.db.select({ total: count() }).from(t).where(where),
  ]);
  return {
    data: rows.map(({ row, username, name }) => {
      const target = toTarget(src, row as Row);
      return {
        _id: target.id,
        type: q.type,
        title: target.title,
        creator: target.creatorId ? { _id: target.creatorId, username, name: name ?? '' } : null,
        visibility: target.visibility,
        status: target.status,
        takenDown: target.takenDown,
        takedownReason: target.takedownReason,
        createdAt: target.createdAt.toISOString(),
      };
    }),
    total: Number(total),
  };
}

type Recorder = (e: {
  action: string;
  targetType: string;
  targetId: string;
  before: unknown;
  after: unknown;
  reason: string | null;
}) => Promise<unknown>;

export interface ModerateOptions {
  /** Run inside the caller's admin transaction. */
  tx?: Executor;
  record?: Recorder;
  /** The statement's ground (law or terms clause); default the terms' acceptable-use clause. */
  ground?: DecisionGround;
  /** The notice (report) that led to it: its notifier is told the outcome. */
  notice?: DecisionInput['notice'];
}

export type Moderated = ModerationTarget & { decision: DecisionRow | null };

/**
 * Takes an item down (or restores it) inside an admin transaction. A takedown records the
 * moderation decision (statement of reasons, modules/decisions); a restore lifts it. The creator
 * is told after commit (`tellCreatorAboutModeration`).
 */
export async function moderate(
  ctx: Ctx,
  actor: AdminActor,
  type: string,
  id: string,
  takedown: boolean,
  reason: string | undefined,
  opts: ModerateOptions = {},
): Promise<Moderated> {
  const moderator = moderatorFor(type);
  if (!moderator) throw badRequest(`A ${type} cannot be taken down from here`, 'NOT_MODERATABLE');
  if (takedown && !reason) throw badRequest(msg('error.admin.reasonRequired'), 'REASON_REQUIRED');
  const run = async (t: Executor, rec: Recorder): Promise<Moderated> => {
    const before = (await moderator.load(t, [id])).get(id);
    if (!before) throw notFound('Item');
    const after = await moderator.setTakenDown(t, id, takedown ? { at: ctx.now(), reason: reason! } : null);
    // Its files join the site's own hash list, so a re-upload is caught (docs/compliance.md).
    if (takedown) await rememberRemovedItem(t, ctx.now(), type, id);
    await rec({
      action: takedown ? 'content.takedown' : 'content.restore',
      targetType: type,
      targetId: id,
      before: { takenDown: before.takenDown },
      after: { takenDown: after!.takenDown },
      reason: reason ?? null,
    });
    if (!takedown) {
      await liftDecisions(ctx, t, { kinds: ['removal'], targetType: type, targetId: id });
      return { ...after!, decision: null };
    }
    const decision = await recordDecision(ctx, t, {
      userId: after!.creatorId,
      kind: 'removal',
      targetType: type,
      targetId: id,
      title: after!.title,
      facts: reason!,
      ground: opts.ground ?? 'other_terms',
      notice: opts.notice,
      decidedById: actor.user.id,
    });
    return { ...after!, decision };
  };
  return opts.tx && opts.record ? run(opts.tx, opts.record) : inAdminTx(ctx, actor, (_c, t, rec) => run(t, rec));
}

/**
 * After commit: a takedown's statement of reasons (when a decision was recorded), else the plain
 * notice (a restore).
 */
export async function tellCreatorAboutModeration(
  ctx: Ctx,
  actorId: string,
  target: ModerationTarget & { decision?: DecisionRow | null },
  takedown: boolean,
  reason?: string,
) {
  if (target.decision) return announceDecision(ctx, target.decision);
  if (!target.creatorId) return;
  await notify(ctx, target.creatorId, {
    kind: 'moderation',
    title: msg(takedown ? 'notify.moderation.takenDown' : 'notify.moderation.visible', { title: target.title }),
    body: takedown ? msg('notify.reason', { reason: reason ?? '' }) : reason,
    link: target.link ?? undefined,
    actorId,
  }).catch((err) => ctx.log.error({ err }, 'moderation notice failed'));
}

/**
 * The item a link of this site names (`/post/<id>`, `/video/<slug-or-id>` …), for complaints that
 * arrive as URLs. Content items are found by id or slug within their type.
 */
export async function findModerationTarget(
  db: Executor,
  type: ModeratedType,
  key: string,
): Promise<ModerationTarget | null> {
  const src = MODERATION_SOURCES[type];
  const table = src.table as typeof src.table & { slug?: Column };
  const byKey = isUuid(key) ? eq(table.id, key) : table.slug ? eq(table.slug, key) : null;
  if (!byKey) return null;
  const rows = (await db.select().from(src.table).where(withWhere(src, byKey)).limit(1)) as Row[];
  return rows[0] ? toTarget(src, rows[0]) : null;
}
