import { ERROR_TEXTS, fromCents, type Message } from '@marquee/shared';
import type { Ctx } from '../../context';
import type { MediaRow, MessageRow } from '../../db/schema';
import { msg, renderText, type Text } from '../../lib/i18n';
import { accessMap, type Protectable } from '../entitlements';
import { presentMedia } from '../media';
import { presentUserBrief } from '../users';
import { isSender } from './messages.policy';
import type { MessageWithSender } from './messages.repo';

export const MESSAGE_OBJECT = 'message';

export const protectable = (m: MessageRow): Protectable => ({
  objectType: MESSAGE_OBJECT,
  objectId: m.id,
  creatorId: m.senderId,
  visibility: m.priceCents > 0 ? 'sale' : 'free',
});

/** A message's one-line summary: its text, or a word for what it holds (in the reader's language). */
export function previewText(m: Pick<MessageRow, 'text' | 'type' | 'priceCents' | 'isDeleted'>): Text {
  if (m.isDeleted) return msg('messagePreview.deleted');
  const text = m.text.trim().slice(0, 140);
  if (text) return text;
  if (m.priceCents > 0) return msg('messagePreview.paid');
  if (m.type === 'photo') return msg('messagePreview.photo');
  if (m.type === 'video') return msg('messagePreview.video');
  return '';
}

/** The conversation list's one-line summary of a message (stored once for every member: English). */
export const previewOf = (m: Pick<MessageRow, 'text' | 'type' | 'priceCents' | 'isDeleted'>): string =>
  renderText('en', previewText(m));

export interface PresentContext {
  viewerId: string;
  /** Messages whose files the viewer may see (own, free, bought). */
  unlocked: Set<string>;
  files: Map<string, MediaRow[]>;
}

/**
 * A message as one viewer sees it. A deleted message keeps its place and shows
 * 'Message deleted' with no files; a paid message's files are locked (blurred
 * preview only, never a URL to the media) until the viewer bought it.
 */
export function presentMessage(ctx: Pick<Ctx, 'config' | 'now'>, row: MessageWithSender, p: PresentContext): Message {
  const m = row.message;
  const isBought = m.senderId === p.viewerId || p.unlocked.has(m.id);
  return {
    _id: m.id,
    conversationId: m.conversationId,
    senderId: m.senderId,
    sender: row.sender ? presentUserBrief(row.sender) : null,
    type: m.type,
    text: m.isDeleted ? ERROR_TEXTS.messageDeleted : m.text,
    isDeleted: m.isDeleted,
    isSale: m.priceCents > 0,
    price: fromCents(m.priceCents),
    isBought,
    files: m.isDeleted
      ? []
      : (p.files.get(m.id) ?? []).map((f) => presentMedia(ctx, f, { unlocked: isBought, viewerId: p.viewerId })),
    massMessageId: m.massMessageId,
    createdAt: m.createdAt.toISOString(),
  };
}

/** A page of messages for one viewer: one query for the unlocks of the paid ones. */
export async function presentMessages(
  ctx: Pick<Ctx, 'config' | 'now' | 'db'>,
  viewer: { id: string; role: string },
  rows: MessageWithSender[],
  files: Map<string, MediaRow[]>,
): Promise<Message[]> {
  const paid = rows.map((r) => r.message).filter((m) => m.priceCents > 0 && !isSender(viewer, m));
  const unlocked = new Set<string>();
  if (paid.length > 0) {
    const access = await accessMap(
      ctx.db,
      { id: viewer.id, role: viewer.role as 'user' },
      paid.map(protectable),
      ctx.now(),
    );
    for (const [id, a] of access) if (a.canView) unlocked.add(id);
  }
  return rows.map((r) => presentMessage(ctx, r, { viewerId: viewer.id, unlocked, files }));
}
