import {
  fromCents,
  type IceServer,
  type PrivateRequest,
  type PrivateSession,
  type Stream,
  type StreamCreator,
  type StreamSettings,
} from '@marquee/shared';
import type { CreatorStreamSettingsRow, PrivateRequestRow, PrivateSessionRow, StreamRow } from '../../db/schema';
import { avatarUrl } from '../users';
import type { CreatorBrief } from './streaming.repo';

export function presentCreator(c: CreatorBrief | null | undefined): StreamCreator | null {
  if (!c) return null;
  return { _id: c.id, username: c.username, name: c.name, avatar: avatarUrl(c) };
}

/** A stream as a viewer sees it; `hasAccess` is decided by the caller (policy). */
export function presentStream(s: StreamRow, creator: CreatorBrief | null, hasAccess: boolean): Stream {
  return {
    _id: s.id,
    performerId: s.performerId,
    performer: presentCreator(creator),
    title: s.title,
    description: s.description,
    type: s.type,
    price: fromCents(s.priceCents),
    isFree: s.priceCents === 0,
    status: s.status,
    startedAt: s.startedAt.toISOString(),
    endedAt: s.endedAt?.toISOString() ?? null,
    duration: s.durationSeconds,
    viewerCount: s.status === 'live' ? s.viewerCount : 0,
    conversationId: s.conversationId,
    hasAccess,
    createdAt: s.createdAt.toISOString(),
  };
}

export function presentSettings(
  row: CreatorStreamSettingsRow,
  rtmpUrl: string,
  provider: StreamSettings['provider'],
): StreamSettings {
  return {
    privateCallPrice: fromCents(row.privatePriceCents),
    groupCallPrice: fromCents(row.groupPriceCents),
    rtmpUrl,
    streamKey: row.streamKey,
    provider,
    nextStreamId: row.nextStreamId ?? '',
  };
}

export function presentRequest(r: PrivateRequestRow, people: Map<string, CreatorBrief>): PrivateRequest {
  return {
    _id: r.id,
    performerId: r.performerId,
    performer: presentCreator(people.get(r.performerId)),
    userId: r.userId,
    user: presentCreator(people.get(r.userId)),
    status: r.status,
    scheduledAt: r.scheduledAt?.toISOString() ?? null,
    message: r.message,
    pricePerMinute: fromCents(r.priceCents),
    sessionId: r.sessionId,
    conversationId: r.conversationId,
    createdAt: r.createdAt.toISOString(),
  };
}

export function presentSession(
  s: PrivateSessionRow,
  people: Map<string, CreatorBrief>,
  iceServers: IceServer[],
  minuteMs: number,
): PrivateSession {
  const next =
    s.status === 'live' && s.startedAt
      ? new Date(s.startedAt.getTime() + s.minutesBilled * minuteMs).toISOString()
      : null;
  return {
    _id: s.id,
    requestId: s.requestId,
    performerId: s.performerId,
    performer: presentCreator(people.get(s.performerId)),
    userId: s.userId,
    user: presentCreator(people.get(s.userId)),
    status: s.status,
    pricePerMinute: fromCents(s.priceCents),
    minutesBilled: s.minutesBilled,
    totalCharged: fromCents(s.totalChargedCents),
    startedAt: s.startedAt?.toISOString() ?? null,
    endedAt: s.endedAt?.toISOString() ?? null,
    endReason: s.endReason,
    nextChargeAt: next,
    fanJoined: Boolean(s.fanJoinedAt),
    creatorJoined: Boolean(s.creatorJoinedAt),
    conversationId: s.conversationId,
    iceServers,
    createdAt: s.createdAt.toISOString(),
  };
}
