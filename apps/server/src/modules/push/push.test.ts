import fs from 'node:fs';
import path from 'node:path';
import { pushPayloadSchema } from '@marquee/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildPerformer, buildUser } from '../../../test/factories';
import { buildFollow } from '../../../test/factories.feeds';
import { buildConversation, sendMessage } from '../../../test/factories.messages';
import { fundWallet } from '../../../test/factories.money';
import { subscribeVia } from '../../../test/factories.subscriptions';
import { useTestApp } from '../../../test/harness';
import { type PushPeer, startPushPeer, verifyVapid } from '../../../test/push-peer';
import { expectErrorShape, expectRequiresAuth } from '../../../test/route-checks';
import { pushSubscriptions } from '../../db/schema';
import { msg } from '../../lib/i18n';
import { notify } from '../notifications/notifications.service';
import { enqueuePush } from './push.service';

const t = useTestApp({ jobs: true, env: { PUSH_SERVICE_HOSTS: '127.0.0.1' } });
let peer: PushPeer;
beforeAll(async () => {
  peer = await startPushPeer();
});
afterAll(() => peer.close());

async function subscribe(
  auth: { authorization: string },
  device: ReturnType<PushPeer['device']>,
  categories: string[],
) {
  const res = await t().app.inject({
    method: 'POST',
    url: '/api/push/subscriptions',
    headers: auth,
    payload: { endpoint: device.endpoint, keys: device.keys, categories, deviceName: 'Test phone' },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { _id: string };
}

const idOf = (endpoint: string) => endpoint.split('/push/')[1];

describe('Web Push through a local push service (RFC 8030/8291/8292)', () => {
  it('a message to someone away reaches their device: VAPID-signed, aes128gcm, decrypting to the notification', async () => {
    const { app } = t();
    const fan = await buildUser(app, { name: 'Fan Person' });
    const creator = await buildPerformer(app, { name: 'Luna Star' });
    const device = peer.device();
    await subscribe(fan.auth, device, ['messages']);
    const config = (await app.inject({ method: 'GET', url: '/api/push/config' })).json();

    const conversation = await buildConversation(app, fan.user.id, creator.user.id);
    await sendMessage(app, creator, conversation.id, { text: 'See you on the live show tonight!' });

    const pushed = await peer.next(idOf(device.endpoint));
    expect(pushed.headers['content-encoding']).toBe('aes128gcm');
    expect(Number(pushed.headers.ttl)).toBeGreaterThan(0);
    expect(pushed.headers.urgency).toBe('high');
    const vapid = await verifyVapid(pushed.headers.authorization, device.endpoint);
    expect(vapid.publicKey).toBe(config.publicKey);
    expect(vapid.claims.sub).toBe('mailto:admin@marquee.local');
    // The key pair was made once and kept under DATA_DIR, so subscriptions survive restarts.
    const stored = JSON.parse(fs.readFileSync(path.join(t().dataDir, 'vapid.json'), 'utf8'));
    expect(stored.publicKey).toBe(config.publicKey);
    const payload = pushPayloadSchema.parse(JSON.parse(device.decrypt(pushed.body)));
    expect(payload).toEqual({
      title: 'New message from Luna Star',
      body: 'See you on the live show tonight!',
      link: `/messages/${conversation.id}`,
      kind: 'message',
      tag: `message:${conversation.id}`,
    });
    // The push service's 201 reaches the server after the peer has the message: success is recorded then.
    await expect
      .poll(async () => {
        const [row] = await app.ctx.db
          .select()
          .from(pushSubscriptions)
          .where(eq(pushSubscriptions.endpoint, device.endpoint));
        return row.lastSuccessAt;
      })
      .not.toBeNull();
  });

  it('only the categories a device chose: a tip goes to the creator device that wants sales, not to one that wants messages only', async () => {
    const { app } = t();
    const fan = await buildUser(app);
    const creator = await buildPerformer(app);
    const salesPhone = peer.device();
    const messagesLaptop = peer.device();
    await subscribe(creator.auth, salesPhone, ['sales', 'payouts']);
    await subscribe(creator.auth, messagesLaptop, ['messages']);
    await fundWallet(app, fan.user.id, 5000);
    const tip = await app.inject({
      method: 'POST',
      url: `/api/wallet/charges/tip/${creator.user.id}`,
      headers: { ...fan.auth, 'idempotency-key': 'tip-push-1' },
      payload: { amount: 12, message: 'Loved it' },
    });
    expect(tip.statusCode, tip.body).toBe(200);
    const pushed = await peer.next(idOf(salesPhone.endpoint));
    const payload = JSON.parse(salesPhone.decrypt(pushed.body));
    expect(payload).toMatchObject({ kind: 'tip', title: 'You received a 12.00 tip', body: 'Loved it' });
    // The laptop chose messages only: a message now is the first thing it receives.
    await notify(app.ctx, creator.user.id, { kind: 'message', title: 'Ping' });
    const first = await peer.next(idOf(messagesLaptop.endpoint));
    expect(JSON.parse(messagesLaptop.decrypt(first.body)).title).toBe('Ping');
  });

  it('each device hears the notice in its account’s language: one job per language', async () => {
    const { app } = t();
    const german = await buildUser(app, { locale: 'de' });
    const brazilian = await buildUser(app, { locale: 'pt-BR' });
    const english = await buildUser(app);
    const devices = [peer.device(), peer.device(), peer.device()];
    await subscribe(german.auth, devices[0], ['messages']);
    await subscribe(brazilian.auth, devices[1], ['messages']);
    await subscribe(english.auth, devices[2], ['messages']);
    await notify(app.ctx, [german.user.id, brazilian.user.id, english.user.id], {
      kind: 'message',
      title: msg('notify.message', { who: 'Luna' }),
      body: msg('messagePreview.photo'),
    });
    const heard: Array<{ title: string; body: string }> = [];
    for (const d of devices) heard.push(JSON.parse(d.decrypt((await peer.next(idOf(d.endpoint))).body)));
    expect(heard.map((p) => [p.title, p.body])).toEqual([
      ['Neue Nachricht von Luna', 'Foto'],
      ['Nova mensagem de Luna', 'Foto'],
      ['New message from Luna', 'Photo'],
    ]);
  });

  it('a new post reaches followers and subscribers who chose posts, in their language; paid text is not previewed', async () => {
    const { app } = t();
    const creator = await buildPerformer(app, { name: 'Luna Test' });
    const follower = await buildUser(app, { locale: 'de' });
    const subscriber = await buildUser(app);
    const messagesOnly = await buildUser(app);
    await buildFollow(app, follower.user.id, creator.user.id);
    await buildFollow(app, messagesOnly.user.id, creator.user.id);
    await fundWallet(app, subscriber.user.id, 100_000);
    const sub = await subscribeVia(app, subscriber, { performerId: creator.user.id, subscriptionType: 'monthly' });
    expect(sub.statusCode, sub.body).toBe(200);
    const followerPhone = peer.device();
    const subscriberPhone = peer.device();
    const messagesPhone = peer.device();
    await subscribe(follower.auth, followerPhone, ['posts']);
    await subscribe(subscriber.auth, subscriberPhone, ['posts', 'messages']);
    await subscribe(messagesOnly.auth, messagesPhone, ['messages']);

    const post = async (payload: object) => {
      const res = await app.inject({ method: 'POST', url: '/api/performer/feeds', headers: creator.auth, payload });
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as { _id: string };
    };
    const free = await post({ text: 'Sunrise session tomorrow at 7', visibility: 'free' });
    const decrypted = async (device: ReturnType<PushPeer['device']>) =>
      JSON.parse(device.decrypt((await peer.next(idOf(device.endpoint))).body));
    expect(await decrypted(followerPhone)).toMatchObject({
      kind: 'new_post',
      title: 'Luna Test hat etwas Neues gepostet',
      body: 'Sunrise session tomorrow at 7',
      link: `/post/${free._id}`,
    });
    expect(await decrypted(subscriberPhone)).toMatchObject({
      title: 'Luna Test posted something new',
      body: 'Sunrise session tomorrow at 7',
    });

    // A subscribers-only post: the notice says a post exists, not what it says.
    const locked = await post({ text: 'The secret setlist', visibility: 'subscribers' });
    const second = await decrypted(subscriberPhone);
    expect(second).toMatchObject({ kind: 'new_post', link: `/post/${locked._id}` });
    expect(JSON.stringify(second)).not.toContain('secret setlist');
    // The in-app notification is there too; the device that wants messages only got nothing.
    const list = await app.inject({ method: 'GET', url: '/api/notifications', headers: messagesOnly.auth });
    expect(list.json().data.map((n: { kind: string }) => n.kind)).toEqual(['new_post', 'new_post']);
    expect(peer.received.filter((r) => r.id === idOf(messagesPhone.endpoint))).toEqual([]);
  });

  it('an expired subscription (410 Gone, 404) is removed; kinds outside every category queue nothing', async () => {
    const { app } = t();
    const fan = await buildUser(app);
    const gone = peer.device();
    const missing = peer.device();
    peer.answer(idOf(gone.endpoint), 410);
    peer.answer(idOf(missing.endpoint), 404);
    await subscribe(fan.auth, gone, ['messages']);
    await subscribe(fan.auth, missing, ['messages']);
    // A like is in no category: nothing is queued even though the user has devices.
    expect(
      await enqueuePush(app.ctx, [
        { userIds: [fan.user.id], notice: { kind: 'like', title: 'Someone liked your post' } },
      ]),
    ).toBe(false);
    await notify(app.ctx, fan.user.id, { kind: 'message', title: 'Hello' });
    await peer.next(idOf(gone.endpoint));
    await peer.next(idOf(missing.endpoint));
    await expect
      .poll(
        async () =>
          (await app.ctx.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, fan.user.id))).length,
      )
      .toBe(0);
  });

  it('a device is managed by its owner only; the settings list, category change, test push and turning off', async () => {
    const { app } = t();
    const fan = await buildUser(app);
    const other = await buildUser(app);
    const device = peer.device();
    const { _id } = await subscribe(fan.auth, device, ['messages']);
    const list = await app.inject({ method: 'GET', url: '/api/push/subscriptions', headers: fan.auth });
    expect(list.json().data).toEqual([
      expect.objectContaining({ _id, deviceName: 'Test phone', categories: ['messages'] }),
    ]);
    expect(JSON.stringify(list.json())).not.toContain(device.keys.auth);
    expect(
      (await app.inject({ method: 'GET', url: '/api/push/subscriptions', headers: other.auth })).json().data,
    ).toEqual([]);

    for (const [method, url, payload] of [
      ['PUT', `/api/push/subscriptions/${_id}`, { categories: ['live'] }],
      ['POST', `/api/push/subscriptions/${_id}/test`, undefined],
      ['DELETE', `/api/push/subscriptions/${_id}`, undefined],
    ] as const) {
      expectErrorShape(await app.inject({ method, url, headers: other.auth, payload }), 404, `${method} ${url}`);
      await expectRequiresAuth(app, method, url, payload);
    }

    const put = await app.inject({
      method: 'PUT',
      url: `/api/push/subscriptions/${_id}`,
      headers: fan.auth,
      payload: { categories: ['live', 'posts', 'live'] },
    });
    expect(put.json().categories).toEqual(['live', 'posts']);
    const test = await app.inject({ method: 'POST', url: `/api/push/subscriptions/${_id}/test`, headers: fan.auth });
    expect(test.json()).toEqual({ delivered: true, removed: false });
    const pushed = await peer.next(idOf(device.endpoint));
    expect(JSON.parse(device.decrypt(pushed.body)).title).toBe('Marquee: notifications are on');
    const del = await app.inject({ method: 'DELETE', url: `/api/push/subscriptions/${_id}`, headers: fan.auth });
    expect(del.statusCode).toBe(200);
    expect(
      (await app.inject({ method: 'GET', url: '/api/push/subscriptions', headers: fan.auth })).json().data,
    ).toEqual([]);
  });

  it('refuses endpoints that are not push services, and bad keys, naming the field', async () => {
    const { app } = t();
    const fan = await buildUser(app);
    const device = peer.device();
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ endpoint: 'http://169.254.169.254/latest/meta-data' }, 'endpoint'],
      [{ endpoint: 'https://evil.example/push/1' }, 'endpoint'],
      [{ endpoint: 'not a url' }, 'endpoint'],
      [{ keys: { p256dh: 'short', auth: device.keys.auth } }, 'keys.p256dh'],
      [{ keys: { p256dh: device.keys.p256dh, auth: 'x'.repeat(40) } }, 'keys.auth'],
      [{ categories: ['everything'] }, 'categories.0'],
    ];
    for (const [override, field] of cases) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/push/subscriptions',
        headers: fan.auth,
        payload: { endpoint: device.endpoint, keys: device.keys, categories: ['messages'], ...override },
      });
      const err = expectErrorShape(res, 400, JSON.stringify(override));
      expect(JSON.stringify(err), JSON.stringify(override)).toContain(field);
    }
  });
});
