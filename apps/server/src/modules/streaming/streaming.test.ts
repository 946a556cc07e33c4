import { createRequire } from 'node:module';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildAdmin, buildPerformer, buildSubscriptionEntitlement, buildUser } from '../../../test/factories';
import { fundWallet } from '../../../test/factories.money';
import { buildStream } from '../../../test/factories.streaming';
import { useTestApp } from '../../../test/harness';
import { auditLog, entitlements, notifications, performers, streams, walletCharges } from '../../db/schema';
import { blockUser, setBlockedCountries } from '../blocks/blocks.service';
import { addFollow } from '../follows/follows.repo';
import { verifyLedger } from '../ledger/ledger.service';

const require = createRequire(import.meta.url);
const { AccessToken2, ServiceRtc, kRtcServiceType } = require('agora-token/src/AccessToken2.js');

const t = useTestApp();
const GB_IP = '81.2.69.142';

describe('going live', () => {
  it('goes live, lists the stream with its viewer count, updates, grows the duration and ends', async () => {
    const { app } = t();
    const creator = await buildPerformer(app);
    const fan = await buildUser(app);
    const follower = await buildUser(app);
    const subscriber = await buildUser(app);
    await addFollow(app.ctx.db, follower.user.id, creator.user.id);
    await buildSubscriptionEntitlement(app, subscriber.user.id, creator.user.id, new Date(Date.now() + 86_400_000));

    const live = await app.inject({
      method: 'POST',
      url: '/api/streaming/live',
      headers: creator.auth,
      payload: { title: 'Morning yoga', description: 'Stretch with me', type: 'public' },
    });
    expect(live.statusCode, live.body).toBe(201);
    const stream = live.json();
    expect(stream).toMatchObject({ title: 'Morning yoga', type: 'public', status: 'live', isFree: true, price: 0 });
    expect(stream.conversationId).toBeTruthy();

    // followers and subscribers were told (in-app)
    const told = await app.ctx.db.select().from(notifications).where(eq(notifications.kind, 'live'));
    expect(told.map((n) => n.userId).sort()).toEqual([follower.user.id, subscriber.user.id].sort());
    expect(told[0].link).toBe(`/live/${stream._id}`);

    // a second stream at once is refused
    const again = await app.inject({
      method: 'POST',
      url: '/api/streaming/live',
      headers: creator.auth,
      payload: { title: 'Second' },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('ALREADY_LIVE');

    const search = await app.inject({ method: 'GET', url: '/api/streaming/user/search' });
    expect(search.statusCode).toBe(200);
    expect(search.json()).toMatchObject({ total: 1, data: [{ _id: stream._id, viewerCount: 0 }] });

    const upd = await app.inject({
      method: 'PUT',
      url: '/api/streaming/update',
      headers: creator.auth,
      payload: { streamId: stream._id, title: 'Evening yoga', privateCallPrice: 2.5, groupCallPrice: 15 },
    });
    expect(upd.statusCode, upd.body).toBe(200);
    expect(upd.json()).toMatchObject({
      stream: { title: 'Evening yoga' },
      settings: { privateCallPrice: 2.5, groupCallPrice: 15 },
    });
    expect(upd.json().settings.streamKey).toMatch(/^live_/);

    const dur = (d: number) =>
      app.inject({
        method: 'PUT',
        url: '/api/streaming/set-duration',
        headers: creator.auth,
        payload: { streamId: stream._id, duration: d },
      });
    expect((await dur(120)).json().duration).toBe(120);
    expect((await dur(60)).json().duration).toBe(120); // only grows
    expect((await dur(-1)).statusCode).toBe(400);

    // someone else cannot end it
    const notYours = await app.inject({ method: 'PUT', url: `/api/streaming/live/${stream._id}`, headers: fan.auth });
    expect(notYours.statusCode).toBe(403);
    const end = await app.inject({ method: 'PUT', url: `/api/streaming/live/${stream._id}`, headers: creator.auth });
    expect(end.statusCode).toBe(200);
    expect(end.json()).toMatchObject({ status: 'ended', duration: 120 });
    expect((await app.inject({ method: 'GET', url: '/api/streaming/user/search' })).json().total).toBe(0);
  });

  it('validates input, needs a creator, and a price for group streams', async () => {
    const { app } = t();
    const creator = await buildPerformer(app);
    const fan = await buildUser(app);
    const noAuth = await app.inject({ method: 'POST', url: '/api/streaming/live', payload: { title: 'x' } });
    expect(noAuth.statusCode).toBe(401);
    const asFan = await app.inject({
      method: 'POST',
      url: '/api/streaming/live',
      headers: fan.auth,
      payload: { title: 'x' },
    });
    expect(asFan.statusCode).toBe(403);
    const noTitle = await app.inject({
      method: 'POST',
      url: '/api/streaming/live',
      headers: creator.auth,
      payload: {},
    });
    expect(noTitle.statusCode).toBe(400);
    expect(noTitle.body).toContain('title');
    const group = await app.inject({
      method: 'POST',
      url: '/api/streaming/live',
      headers: creator.auth,
      payload: { title: 'Group', type: 'group' },
    });
    expect(group.statusCode).toBe(400);
    expect(group.json().code).toBe('PRICE_REQUIRED');
    const badPrice = await app.inject({
      method: 'POST',
      url: '/api/streaming/live',
      headers: creator.auth,
      payload: { title: 'Group', type: 'group', price: 1.234 },
    });
    expect(badPrice.statusCode).toBe(400);
    expect(badPrice.body).toContain('price');
  });

  it('an unverified creator cannot sell a paid session', async () => {
    const { app } = t();
    const creator = await buildPerformer(app, {}, { verificationStatus: 'pending' });
    const res = await app.inject({
      method: 'POST',
      url: '/api/streaming/live',
      headers: creator.auth,
      payload: { title: 'Paid', type: 'group', price: 5 },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('CREATOR_NOT_VERIFIED');
    // a free public stream is fine
    const free = await app.inject({
      method: 'POST',
      url: '/api/streaming/live',
      headers: creator.auth,
      payload: { title: 'Free' },
    });
    expect(free.statusCode).toBe(201);
  });

  it('an admin can end any stream', async () => {
    const { app } = t();
    const creator = await buildPerformer(app);
    const admin = await buildAdmin(app);
    const s = await buildStream(app, creator.user.id);
    const res = await app.inject({ method: 'PUT', url: `/api/streaming/live/${s.id}`, headers: admin.auth });
    expect(res.statusCode).toBe(200);
    const [row] = await app.ctx.db.select().from(streams).where(eq(streams.id, s.id));
    expect(row).toMatchObject({ status: 'ended', endedBy: 'admin' });
  });
});

describe('around streams', () => {
  it('the live flag follows go-live and end; admins list and end live streams (audited); reports can target a stream', async () => {
    const { app } = t();
    const creator = await buildPerformer(app);
    const fan = await buildUser(app);
    const admin = await buildAdmin(app);
    const live = await app.inject({
      method: 'POST',
      url: '/api/streaming/live',
      headers: creator.auth,
      payload: { title: 'On air' },
    });
    const id = live.json()._id;
    const profile = () => app.inject({ method: 'GET', url: `/api/performers/${creator.user.username}` });
    expect((await profile()).json().isLive).toBe(true);

    expect((await app.inject({ method: 'GET', url: '/api/admin/streams', headers: fan.auth })).statusCode).toBe(403);
    const list = await app.inject({ method: 'GET', url: '/api/admin/streams', headers: admin.auth });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json()).toMatchObject({ total: 1, data: [{ _id: id, status: 'live' }] });

    const report = await app.inject({
      method: 'POST',
      url: '/api/reports',
      headers: fan.auth,
      payload: { targetType: 'stream', targetId: id, reason: 'spam', description: 'spam in chat' },
    });
    expect(report.statusCode, report.body).toBeLessThan(300);
    const missing = await app.inject({
      method: 'POST',
      url: '/api/reports',
      headers: fan.auth,
      payload: { targetType: 'stream', targetId: '0190b3c4-0000-7000-8000-000000000000', reason: 'spam' },
    });
    expect(missing.statusCode).toBe(404);

    const end = await app.inject({ method: 'PUT', url: `/api/admin/streams/${id}/end`, headers: admin.auth });
    expect(end.statusCode, end.body).toBe(200);
    expect(end.json().status).toBe('ended');
    const logged = await app.ctx.db.select().from(auditLog).where(eq(auditLog.action, 'stream.end'));
    expect(logged).toHaveLength(1);
    expect((await profile()).json().isLive).toBe(false);
    const ended = await app.inject({ method: 'GET', url: '/api/admin/streams?status=ended', headers: admin.auth });
    expect(ended.json().total).toBe(1);
  });
});

describe('joining', () => {
  it('refuses: not live, blocked fan, blocked country, removed viewer, paid session not bought', async () => {
    const { app } = t();
    const creator = await buildPerformer(app);
    const fan = await buildUser(app);
    const blocked = await buildUser(app);
    const join = (id: string, headers = fan.auth, remoteAddress?: string) =>
      app.inject({ method: 'GET', url: `/api/streaming/join/${id}`, headers, remoteAddress });

    const ended = await buildStream(app, creator.user.id, { status: 'ended', endedAt: new Date() });
    expect((await join(ended.id)).statusCode).toBe(409);
    expect((await join(ended.id)).json().code).toBe('STREAM_NOT_LIVE');
    expect((await join('0190b3c4-0000-7000-8000-000000000000')).statusCode).toBe(404);

    const free = await buildStream(app, creator.user.id);
    const ok = await join(free.id);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ provider: 'webrtc', conversationId: free.conversationId, muted: false });
    expect(ok.json().hlsUrl).toMatch(new RegExp(`^/api/streaming/hls/${free.id}/[^/]+/index\\.m3u8$`));
    // anonymous viewers may watch a free public stream
    expect((await join(free.id, {} as never)).statusCode).toBe(200);

    await blockUser(app.ctx, creator.user.id, blocked.user.id, 'spam');
    const b = await join(free.id, blocked.auth);
    expect(b.statusCode).toBe(403);
    expect(b.json().code).toBe('BLOCKED');

    await setBlockedCountries(app.ctx, creator.user.id, ['GB']);
    const c = await join(free.id, fan.auth, GB_IP);
    expect(c.statusCode).toBe(403);
    expect(c.json().code).toBe('COUNTRY_BLOCKED');
    await setBlockedCountries(app.ctx, creator.user.id, []);

    const removed = await app.inject({
      method: 'DELETE',
      url: `/api/streaming/${free.id}/viewers/${fan.user.id}`,
      headers: creator.auth,
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await join(free.id)).json().code).toBe('REMOVED_FROM_STREAM');
  });

  it('a paid session is bought once through the wallet, pays the creator less commission, then joins', async () => {
    const { app } = t();
    const creator = await buildPerformer(app);
    const fan = await buildUser(app);
    const paid = await buildStream(app, creator.user.id, { type: 'group', priceCents: 500 });
    const join = () => app.inject({ method: 'GET', url: `/api/streaming/join/${paid.id}`, headers: fan.auth });

    const refused = await join();
    expect(refused.statusCode).toBe(402);
    expect(refused.json().code).toBe('STREAM_PAYMENT_REQUIRED');
    expect((await app.inject({ method: 'GET', url: `/api/streaming/join/${paid.id}` })).statusCode).toBe(401);

    const buy = () => app.inject({ method: 'POST', url: `/api/wallet/charges/stream/${paid.id}`, headers: fan.auth });
    expect((await buy()).statusCode).toBe(402); // empty wallet
    await fundWallet(app, fan.user.id, 2000);
    const first = await buy();
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ balance: 15, charge: { type: 'stream', paid: 5 } });
    const second = await buy();
    expect(second.statusCode).toBe(409);
    expect(second.json().code).toBe('ALREADY_BOUGHT');

    const charges = await app.ctx.db.select().from(walletCharges).where(eq(walletCharges.userId, fan.user.id));
    expect(charges).toHaveLength(1);
    expect(charges[0]).toMatchObject({ grossCents: 500, commissionCents: 100, netCents: 400 });
    const ok = await join();
    expect(ok.statusCode).toBe(200);
    expect(ok.json().stream.hasAccess).toBe(true);

    // the creator's earnings show the session
    const stats = await app.inject({ method: 'GET', url: '/api/performer/earning/stats', headers: creator.auth });
    expect(stats.statusCode, stats.body).toBe(200);
    expect(stats.json().bySource).toContainEqual(expect.objectContaining({ source: 'stream', gross: 5, net: 4 }));

    // an ended session cannot be bought
    await app.ctx.db.update(streams).set({ status: 'ended' }).where(eq(streams.id, paid.id));
    const other = await buildUser(app);
    await fundWallet(app, other.user.id, 2000);
    const late = await app.inject({
      method: 'POST',
      url: `/api/wallet/charges/stream/${paid.id}`,
      headers: other.auth,
    });
    expect(late.statusCode).toBe(404);
    expect((await verifyLedger(app.ctx.db)).ok).toBe(true);
  });

  it('a paid session of a creator whose verification was withdrawn cannot be bought', async () => {
    const { app } = t();
    const creator = await buildPerformer(app);
    const fan = await buildUser(app);
    await fundWallet(app, fan.user.id, 2000);
    const paid = await buildStream(app, creator.user.id, { type: 'group', priceCents: 500 });
    await app.ctx.db
      .update(performers)
      .set({ verificationStatus: 'pending' })
      .where(eq(performers.userId, creator.user.id));
    const res = await app.inject({ method: 'POST', url: `/api/wallet/charges/stream/${paid.id}`, headers: fan.auth });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('CREATOR_NOT_VERIFIED');
    const held = await app.ctx.db
      .select()
      .from(entitlements)
      .where(and(eq(entitlements.userId, fan.user.id), eq(entitlements.objectType, 'stream')));
    expect(held).toHaveLength(0);
  });
});

describe('agora tokens', () => {
  const APP_ID = '970ca35de60c44645bbae8a215061b33';
  const CERT = '5cfd2fd1755d40ecb72977518be15d3b';

  it('400 naming the missing setting when Agora is not configured', async () => {
    const { app } = t();
    const creator = await buildPerformer(app);
    const s = await buildStream(app, creator.user.id);
    const res = await app.inject({
      method: 'POST',
      url: '/api/streaming/agora/token',
      headers: creator.auth,
      payload: { channelName: s.id, role: 'publisher' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('AGORA_NOT_CONFIGURED');
    expect(res.json().message).toContain('agoraAppId');
    expect(res.json().message).toContain('agoraAppCertificate');
  });

  it('issues tokens bound to the user and channel, valid 1 hour, verifiable with the certificate', async () => {
    const { app } = t();
    await app.ctx.settings.update({ agoraAppId: APP_ID, agoraAppCertificate: CERT, streamingProvider: 'agora' }, null);
    const creator = await buildPerformer(app);
    const fan = await buildUser(app);
    const stranger = await buildUser(app);
    const s = await buildStream(app, creator.user.id, { type: 'group', priceCents: 300 });
    const ask = (who: { auth: { authorization: string } }, role: string) =>
      app.inject({
        method: 'POST',
        url: '/api/streaming/agora/token',
        headers: who.auth,
        payload: { channelName: s.id, role },
      });
    const res = await ask(creator, 'publisher');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ appId: APP_ID, channelName: s.id, uid: creator.user.id, role: 'publisher' });
    const ttl = (Date.parse(body.expiresAt) - Date.now()) / 1000;
    expect(ttl).toBeGreaterThan(3590);
    expect(ttl).toBeLessThanOrEqual(3600);

    const parsed = new AccessToken2();
    expect(parsed.from_string(body.token)).toBe(true);
    expect(parsed.verifySignature(CERT)).toBe(true);
    expect(parsed.verifySignature('00000000000000000000000000000000')).toBe(false);
    expect(parsed.appId.toString()).toBe(APP_ID);
    expect(parsed.expire).toBe(3600);
    const rtc = parsed.services.find((x: { __type: number }) => x.__type === kRtcServiceType);
    expect(rtc).toBeInstanceOf(ServiceRtc);
    expect(rtc.__channel_name.toString()).toBe(s.id);
    expect(rtc.__uid.toString()).toBe(creator.user.id);

    // a fan who has not paid the session gets no token; a stranger cannot publish
    expect((await ask(fan, 'subscriber')).statusCode).toBe(402);
    await fundWallet(app, stranger.user.id, 1000);
    await app.inject({ method: 'POST', url: `/api/wallet/charges/stream/${s.id}`, headers: stranger.auth });
    expect((await ask(stranger, 'subscriber')).statusCode).toBe(200);
    expect((await ask(stranger, 'publisher')).statusCode).toBe(403);

    const join = await app.inject({ method: 'GET', url: `/api/streaming/join/${s.id}`, headers: stranger.auth });
    expect(join.json()).toMatchObject({ provider: 'agora', agora: { appId: APP_ID, channel: s.id }, hlsUrl: null });
  });
});

describe('stream chat', () => {
  it('sends, lists, deletes (marked deleted), clears; mute and closed chat refuse; only creator/admin moderate', async () => {
    const { app } = t();
    const creator = await buildPerformer(app);
    const fan = await buildUser(app);
    const other = await buildUser(app);
    const admin = await buildAdmin(app);
    const s = await buildStream(app, creator.user.id);
    const send = (who: { auth: { authorization: string } }, text: string, id = s.conversationId!) =>
      app.inject({ method: 'POST', url: `/api/messages/stream/${id}`, headers: who.auth, payload: { text } });

    const m1 = await send(fan, 'hello <b>there</b>');
    expect(m1.statusCode, m1.body).toBe(201);
    expect(m1.json()).toMatchObject({ text: 'hello there', type: 'text', senderId: fan.user.id });
    expect((await send(other, 'hi', s.id)).statusCode).toBe(201); // the stream id works too
    expect((await send(fan, '   ')).statusCode).toBe(400);
    expect(
      (await app.inject({ method: 'POST', url: `/api/messages/stream/${s.id}`, payload: { text: 'x' } })).statusCode,
    ).toBe(401);

    const list = await app.inject({ method: 'GET', url: `/api/messages/stream/${s.conversationId}?offset=0&limit=25` });
    expect(list.statusCode).toBe(200);
    expect(list.json().total).toBe(2);
    expect(list.json().data[0].text).toBe('hi');
    const pub = await app.inject({ method: 'GET', url: `/api/messages/conversations/public/${s.conversationId}` });
    expect(pub.json().total).toBe(2);

    // the fan cannot delete someone else's message; the creator can
    const otherMsg = list.json().data[0]._id;
    expect(
      (await app.inject({ method: 'DELETE', url: `/api/messages/${otherMsg}`, headers: fan.auth })).statusCode,
    ).toBe(403);
    const del = await app.inject({ method: 'DELETE', url: `/api/messages/${otherMsg}`, headers: creator.auth });
    expect(del.statusCode, del.body).toBe(200);
    expect(del.json()).toMatchObject({ isDeleted: true, text: 'Message deleted' });

    // mute
    const mute = await app.inject({
      method: 'PUT',
      url: `/api/streaming/${s.id}/viewers/${fan.user.id}/mute`,
      headers: creator.auth,
      payload: { muted: true },
    });
    expect(mute.statusCode).toBe(200);
    const muted = await send(fan, 'still here?');
    expect(muted.statusCode).toBe(403);
    expect(muted.json().code).toBe('MUTED');
    expect(
      (
        await app.inject({
          method: 'PUT',
          url: `/api/streaming/${s.id}/viewers/${other.user.id}/mute`,
          headers: fan.auth,
          payload: { muted: true },
        })
      ).statusCode,
    ).toBe(403);

    // close the chat
    const close = await app.inject({
      method: 'PUT',
      url: `/api/conversations/stream/${s.conversationId}/update`,
      headers: creator.auth,
      payload: { isActive: false },
    });
    expect(close.statusCode, close.body).toBe(200);
    expect(close.json()).toMatchObject({ isActive: false, type: 'public', streamId: s.id });
    expect((await send(other, 'closed?')).json().code).toBe('CHAT_CLOSED');
    expect((await send(creator, 'I can still talk')).statusCode).toBe(201);
    const conv = await app.inject({ method: 'GET', url: `/api/conversations/stream/performer/${creator.user.id}` });
    expect(conv.json()).toMatchObject({ _id: s.conversationId, isActive: false });

    // clear all: fan no, admin yes
    const clearUrl = `/api/messages/stream/${s.conversationId}/remove-all-message`;
    expect((await app.inject({ method: 'DELETE', url: clearUrl, headers: fan.auth })).statusCode).toBe(403);
    const cleared = await app.inject({ method: 'DELETE', url: clearUrl, headers: admin.auth });
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json()).toEqual({ success: true, deleted: 2 });
    const after = await app.inject({ method: 'GET', url: `/api/messages/stream/${s.conversationId}` });
    expect(after.json().data.every((m: { isDeleted: boolean }) => m.isDeleted)).toBe(true);

    // a paid session's chat is for buyers only; an ended stream keeps its history readable but takes no messages
    const paid = await buildStream(app, (await buildPerformer(app)).user.id, { type: 'group', priceCents: 100 });
    expect(
      (await app.inject({ method: 'GET', url: `/api/messages/stream/${paid.id}`, headers: fan.auth })).statusCode,
    ).toBe(402);
    await app.ctx.db.update(streams).set({ status: 'ended' }).where(eq(streams.id, s.id));
    expect((await app.inject({ method: 'GET', url: `/api/messages/stream/${s.id}` })).statusCode).toBe(200);
    expect((await send(creator, 'after')).statusCode).toBe(409);
    expect(
      (await app.inject({ method: 'GET', url: `/api/conversations/stream/performer/${creator.user.id}` })).statusCode,
    ).toBe(404);
  });

  it('a tip inside a stream goes through the wallet and posts a tip notice in the chat', async () => {
    const { app } = t();
    const creator = await buildPerformer(app);
    const fan = await buildUser(app);
    const s = await buildStream(app, creator.user.id);
    await fundWallet(app, fan.user.id, 5000);
    const tip = await app.inject({
      method: 'POST',
      url: `/api/streaming/${s.id}/tip`,
      headers: { ...fan.auth, 'idempotency-key': 'tip-1' },
      payload: { amount: 12.5, message: 'great show' },
    });
    expect(tip.statusCode, tip.body).toBe(200);
    expect(tip.json()).toMatchObject({ balance: 37.5, charge: { type: 'tip', paid: 12.5 } });
    const replay = await app.inject({
      method: 'POST',
      url: `/api/streaming/${s.id}/tip`,
      headers: { ...fan.auth, 'idempotency-key': 'tip-1' },
      payload: { amount: 12.5, message: 'great show' },
    });
    expect(replay.json().replayed).toBe(true);
    const chat = await app.inject({ method: 'GET', url: `/api/messages/stream/${s.id}` });
    expect(chat.json().total).toBe(1);
    expect(chat.json().data[0]).toMatchObject({
      type: 'tip',
      text: 'Tipped 12.50 — great show',
      senderId: fan.user.id,
    });
    const tooSmall = await app.inject({
      method: 'POST',
      url: `/api/streaming/${s.id}/tip`,
      headers: fan.auth,
      payload: { amount: 1 },
    });
    expect(tooSmall.statusCode).toBe(400);
    expect((await verifyLedger(app.ctx.db)).ok).toBe(true);
  });
});
