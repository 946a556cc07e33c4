import agora from 'agora-token';
import type { Ctx } from '../../context';
import { AppError, appError, forbidden, notFound } from '../../lib/errors';
import { msg } from '../../lib/i18n';
import type { ViewerLocation } from '../blocks';
import { findSession } from './private.repo';
import {
  assertMayJoin,
  isPrivateShowParty,
  isStreamCreator,
  isStreamStaff,
  type StreamViewerRef,
} from './streaming.policy';
import { findStream } from './streaming.repo';

const { RtcRole, RtcTokenBuilder } = agora;

/**
 * POST /streaming/agora/token: an RTC token from Agora's official AccessToken2
 * algorithm (agora-token), bound to the caller's user id (as Agora user account)
 * and the channel (a stream id or a private show id) — only for someone who may
 * be in that channel: the creator publishes their stream, viewers who may join
 * subscribe, and both parties of a private show publish.
 */
export async function agoraToken(
  ctx: Ctx,
  viewer: StreamViewerRef,
  body: { channelName: string; role: 'publisher' | 'subscriber'; expireSeconds: number },
  geo?: ViewerLocation,
) {
  const config = await ctx.settings.effectiveConfig();
  const missing = [!config.AGORA_APP_ID && 'agoraAppId', !config.AGORA_APP_CERTIFICATE && 'agoraAppCertificate'].filter(
    (x): x is string => Boolean(x),
  );
  if (missing.length > 0) {
    throw new AppError(
      400,
      `Agora is not configured: set ${missing.join(' and ')} in the admin settings`,
      'AGORA_NOT_CONFIGURED',
      missing.map((field) => ({ field, message: 'Not set' })),
    );
  }
  let role = body.role;
  const channel = body.channelName;
  const stream = /^[0-9a-f-]{36}$/i.test(channel) ? await findStream(ctx.db, channel) : null;
  if (stream) {
    if (isStreamStaff(stream, viewer) && isStreamCreator(viewer, stream)) role = body.role;
    else {
      await assertMayJoin(ctx, stream, viewer, geo);
      if (role === 'publisher') throw forbidden(msg('error.streaming.onlyCreatorPublishes'));
    }
  } else {
    const session = /^[0-9a-f-]{36}$/i.test(channel) ? await findSession(ctx.db, channel) : null;
    if (!session || !isPrivateShowParty(viewer, session)) throw notFound('Channel');
    if (session.status === 'ended') throw appError(409, 'SESSION_ENDED', msg('error.streaming.privateShowEnded'));
    role = 'publisher';
  }
  const issuedAt = Math.floor(ctx.now().getTime() / 1000);
  const token = RtcTokenBuilder.buildTokenWithUserAccount(
    config.AGORA_APP_ID!,
    config.AGORA_APP_CERTIFICATE!,
    channel,
    viewer.id,
    role === 'publisher' ? RtcRole.PUBLISHER : RtcRole.SUBSCRIBER,
    body.expireSeconds,
    body.expireSeconds,
  );
  return {
    token,
    appId: config.AGORA_APP_ID!,
    channelName: channel,
    uid: viewer.id,
    role,
    expiresAt: new Date((issuedAt + body.expireSeconds) * 1000).toISOString(),
  };
}
