import {
  type Conversation,
  type CreateMassMessageInput,
  createMassMessageSchema,
  fromCents,
  type MassMessage,
} from '@marquee/shared';
import type { Ctx } from '../../context';
import { newId } from '../../db/ids';
import type { MassMessageRow } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../lib/errors';
import { msg } from '../../lib/i18n';
import type { Viewer } from '../conversations';
import { accountFacts, unreadTotals } from '../conversations';
import { checkContent, mediaByIds, messageTypeOf, presentMessage, previewOf } from '../messages';
import { gateNewItem } from '../review';
import { presentUserBrief } from '../users';
import { canManageMassMessage } from './mass-messages.policy';
import {
  audienceIds,
  deliverChunk,
  findMassMessage,
  insertMassMessage,
  listWithReport,
  unlockCount,
  updateMassMessage,
} from './mass-messages.repo';

export const MASS_MESSAGE_JOB = 'mass-messages.deliver';
/** Recipients per transaction: big enough to be fast, small enough not to hold locks long. */
export const CHUNK = 500;

export function presentMassMessage(row: MassMessageRow, unlocked: number): MassMessage {
  return {
    _id: row.id,
    audience: row.audience,
    text: row.text,
    price: fromCents(row.priceCents),
    isSale: row.priceCents > 0,
    fileCount: row.fileIds.length,
    status: row.status,
    scheduledAt: row.scheduledAt?.toISOString() ?? null,
    sentAt: row.sentAt?.toISOString() ?? null,
    recipientCount: row.recipientCount,
    deliveredCount: row.deliveredCount,
    unlockedCount: unlocked,
    revenue: fromCents(unlocked * row.priceCents),
    error: row.error,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * POST /mass-messages: checks the content like a private message, stores the
 * mass message and queues its delivery (at `scheduledAt`, or now). The request
 * never waits for delivery.
 */
export async function createMassMessage(ctx: Ctx, creator: Viewer, raw: CreateMassMessageInput) {
  const input = createMassMessageSchema.parse(raw);
  const content = await checkContent(ctx, creator, { text: input.text, fileIds: input.fileIds, price: input.price });
  if (input.audience === 'list' && input.userIds.length === 0)
    throw badRequest(msg('error.massMessages.listEmpty'), 'MASS_LIST_EMPTY', [
      { field: 'userIds', message: 'Required' },
    ]);
  if (input.scheduledAt && input.scheduledAt.getTime() <= ctx.now().getTime() - 60_000)
    throw badRequest(msg('error.massMessages.schedulePast'), 'MASS_SCHEDULE_PAST', [
      { field: 'scheduledAt', message: 'In the past' },
    ]);
  // A mass message with media waits for review before it is delivered (modules/review).
  const gate =
    content.files.length > 0
      ? await gateNewItem(ctx, {
          objectType: 'mass_message',
          creatorId: creator.id,
          mediaIds: content.files.map((f) => f.id),
        })
      : null;
  const row = await insertMassMessage(ctx.db, {
    id: newId(),
    performerId: creator.id,
    audience: input.audience,
    userIds: input.audience === 'list' ? [...new Set(input.userIds)] : [],
    text: content.text,
    fileIds: content.files.map((f) => f.id),
    priceCents: content.priceCents,
    status: 'scheduled',
    scheduledAt: input.scheduledAt ?? null,
    reviewState: gate?.reviewState ?? 'approved',
  });
  if (gate?.reviewState === 'pending') {
    await ctx.db.transaction((tx) => gate.submit(tx, row.id));
    return presentMassMessage(row, 0);
  }
  await queueDelivery(ctx, row);
  return presentMassMessage(row, 0);
}

/** Queues the delivery job at the scheduled time (or now); also called when a reviewer approves it. */
export async function queueDelivery(ctx: Ctx, row: { id: string; scheduledAt: Date | null }) {
  await ctx.jobs.send(
    MASS_MESSAGE_JOB,
    { id: row.id },
    { startAfter: row.scheduledAt ?? undefined, singletonKey: row.id },
  );
}

export async function listMassMessages(ctx: Ctx, creator: Viewer, q: { page: number; pageSize: number }) {
  const { rows, total } = await listWithReport(ctx.db, creator.id, q.pageSize, (q.page - 1) * q.pageSize);
  return { data: rows.map((r) => presentMassMessage(r.row, r.unlocked)), total };
}

async function own(ctx: Ctx, creator: Viewer, id: string) {
  const row = await findMassMessage(ctx.db, id);
  if (!row || !canManageMassMessage(creator, row)) throw notFound('Mass message');
  return row;
}

export async function getMassMessage(ctx: Ctx, creator: Viewer, id: string) {
  const row = await own(ctx, creator, id);
  return presentMassMessage(row, await unlockCount(ctx.db, id));
}

/** Cancels a mass message that has not started sending. */
export async function cancelMassMessage(ctx: Ctx, creator: Viewer, id: string) {
  await own(ctx, creator, id);
  const row = await updateMassMessage(ctx.db, id, { status: 'cancelled' }, 'scheduled');
  if (!row) throw conflict(msg('error.massMessages.alreadySent'), 'MASS_ALREADY_SENT');
  return presentMassMessage(row, 0);
}

/**
 * The job: claims the mass message (scheduled → sending, so a retry or a second
 * worker never sends twice), resolves the audience, and delivers it in chunks,
 * each one transaction, pushing each recipient's message and unread total after
 * the chunk commits. Mass messages do not send notifications or mail: the
 * unread badge shows them.
 */
export async function deliverMassMessage(ctx: Ctx, id: string) {
  // Only an approved mass message is ever delivered (one waiting for review stays scheduled).
  const current = await findMassMessage(ctx.db, id);
  if (current?.reviewState !== 'approved') return;
  const mm = await updateMassMessage(ctx.db, id, { status: 'sending' }, 'scheduled');
  if (!mm) return;
  try {
    const at = ctx.now();
    const recipients = await audienceIds(ctx.db, mm, at);
    await updateMassMessage(ctx.db, id, { recipientCount: recipients.length });
    const creator = await accountFacts(ctx.db, mm.performerId);
    if (!creator) throw new Error('The creator no longer exists');
    const files = await mediaByIds(ctx.db, mm.fileIds);
    const ordered = mm.fileIds.map((fid) => files.find((f) => f.id === fid)).filter((f) => f !== undefined);
    const type = messageTypeOf(ordered);
    const preview = previewOf({ text: mm.text, type, priceCents: mm.priceCents, isDeleted: false });
    const sender = presentUserBrief(creator);
    let delivered = 0;
    for (let i = 0; i < recipients.length; i += CHUNK) {
      const chunk = recipients.slice(i, i + CHUNK);
      const rows = await ctx.db.transaction((tx) => deliverChunk(tx, mm, chunk, { type, text: mm.text, preview }, at));
      delivered += chunk.length;
      await updateMassMessage(ctx.db, id, { deliveredCount: delivered });
      const totals = await unreadTotals(ctx.db, chunk);
      const fileMap = new Map<string, typeof ordered>();
      for (const r of rows) {
        fileMap.set(r.messageId, ordered);
        const message = presentMessage(
          ctx,
          {
            message: {
              id: r.messageId,
              conversationId: r.conversationId,
              senderId: mm.performerId,
              type,
              text: mm.text,
              priceCents: mm.priceCents,
              isDeleted: false,
              deletedAt: null,
              massMessageId: mm.id,
              createdAt: at,
              reviewState: 'approved',
            },
            sender: creator,
          },
          { viewerId: r.userId, unlocked: new Set(), files: fileMap },
        );
        const conversation: Conversation = {
          _id: r.conversationId,
          type: 'private',
          streamId: null,
          recipient: sender,
          lastMessage: preview,
          lastMessageSenderId: mm.performerId,
          lastMessageCreatedAt: at.toISOString(),
          totalNotSeenMessages: r.unreadCount,
          isActive: true,
          inactiveReason: null,
          createdAt: at.toISOString(),
          updatedAt: at.toISOString(),
        };
        ctx.realtime.toUser(r.userId, 'message/created', { conversationId: r.conversationId, message, conversation });
        ctx.realtime.toUser(r.userId, 'message/unread-total', { total: totals.get(r.userId) ?? 0 });
      }
    }
    await updateMassMessage(ctx.db, id, { status: 'sent', sentAt: ctx.now(), deliveredCount: delivered });
  } catch (err) {
    ctx.log.error({ err, massMessageId: id }, 'mass message delivery failed');
    await updateMassMessage(ctx.db, id, { status: 'failed', error: (err as Error).message.slice(0, 500) });
  }
}

export function registerMassMessageJobs(ctx: Ctx) {
  ctx.jobs.work<{ id: string }>(MASS_MESSAGE_JOB, (data) => deliverMassMessage(ctx, data.id));
}
