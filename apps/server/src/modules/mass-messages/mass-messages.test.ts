import { and, count, eq, isNotNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildPerformer, buildSubscriptionEntitlement, buildUser } from '../../../test/factories';
import { buildMedia } from '../../../test/factories.media';
import { fundWallet } from '../../../test/factories.money';
import { buildFollow, buildUserBlock } from '../../../test/factories.profiles';
import { useTestApp } from '../../../test/harness';
import { newId } from '../../db/ids';
import { conversationMembers, entitlements, messages, users } from '../../db/schema';

const t = useTestApp({ jobs: true });

async function waitFor<T>(fn: () => Promise<T>, ok: (v: T) => boolean, ms = 60_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (ok(v)) return v;
    if (Date.now() > end) throw new Error(`timed out; last value ${JSON.stringify(v)}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** Many fans at once, straight into the tables (no password hashing or sessions), subscribed to the creator. */
async function manySubscribers(app: ReturnType<typeof t>['app'], creatorId: string, n: number) {
  const ids = Array.from({ length: n }, () => newId());
  await app.ctx.db.insert(users).values(
    ids.map((id, i) => ({
      id,
      username: `bulk_${i}_${id.slice(-6)}`,
      email: `bulk_${id}@example.test`,
      name: `Bulk ${i}`,
      referralCode: id.replace(/-/g, '').slice(-12),
    })),
  );
  await app.ctx.db.insert(entitlements).values(
    ids.map((id) => ({
      id: newId(),
      userId: id,
      objectType: 'performer',
      objectId: creatorId,
      creatorId,
      source: 'subscription' as const,
      expiresAt: new Date(Date.now() + 30 * 86_400_000),
    })),
  );
  return ids;
}

describe('mass messages', () => {
  it('reaches 1,000 subscribers without blocking the request, with exact counters and a report', async () => {
    const { app } = t();
    const creator = await buildPerformer(app);
    const ids = await manySubscribers(app, creator.user.id, 1000);
    const photo = await buildMedia(app, creator.user.id);

    const started = Date.now();
    const res = await app.inject({
      method: 'POST',
      url: '/api/mass-messages',
      headers: creator.auth,
      payload: { audience: 'subscribers', text: 'New set out now', fileIds: [photo.id], price: 5 },
    });
    const took = Date.now() - started;
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json()).toMatchObject({ status: 'scheduled', deliveredCount: 0, isSale: true, price: 5 });
    expect(took).toBeLessThan(2000);

    const id = res.json()._id;
    const done = await waitFor(
      async () => (await app.inject({ method: 'GET', url: `/api/mass-messages/${id}`, headers: creator.auth })).json(),
      (m) => m.status === 'sent' || m.status === 'failed',
    );
    expect(done).toMatchObject({ status: 'sent', recipientCount: 1000, deliveredCount: 1000, unlockedCount: 0 });
    const [{ n }] = await app.ctx.db.select({ n: count() }).from(messages).where(eq(messages.massMessageId, id));
    expect(n).toBe(1000);
    const [{ unread }] = await app.ctx.db
      .select({ unread: count() })
      .from(conversationMembers)
      .where(
        and(
          eq(conversationMembers.unreadCount, 1),
          isNotNull(conversationMembers.peerId),
          eq(conversationMembers.peerId, creator.user.id),
        ),
      );
    expect(unread).toBe(1000);
    const creatorList = (
      await app.inject({ method: 'GET', url: '/api/conversations?pageSize=1', headers: creator.auth })
    ).json();
    expect(creatorList.total).toBe(1000);
    expect(ids).toHaveLength(1000);
  });

  it('reports unlocks, skips blocked fans, reuses existing conversations, and can be cancelled while scheduled', async () => {
    const { app } = t();
    const creator = await buildPerformer(app);
    const fan = await buildUser(app);
    const follower = await buildUser(app);
    const blocked = await buildUser(app);
    await buildSubscriptionEntitlement(app, fan.user.id, creator.user.id, new Date(Date.now() + 86_400_000));
    await buildFollow(app, follower.user.id, creator.user.id);
    await buildFollow(app, blocked.user.id, creator.user.id);
    await buildFollow(app, fan.user.id, creator.user.id);
    await buildUserBlock(app, creator.user.id, blocked.user.id);
    const existing = await app.inject({
      method: 'POST',
      url: '/api/conversations',
      headers: fan.auth,
      payload: { sourceId: creator.user.id },
    });

    const photo = await buildMedia(app, creator.user.id);
    const res = await app.inject({
      method: 'POST',
      url: '/api/mass-messages',
      headers: creator.auth,
      payload: { audience: 'all', text: 'Hi all', fileIds: [photo.id], price: 4 },
    });
    const id = res.json()._id;
    await waitFor(
      async () => (await app.inject({ method: 'GET', url: `/api/mass-messages/${id}`, headers: creator.auth })).json(),
      (m) => m.status === 'sent',
    );
    const fanConvs = (await app.inject({ method: 'GET', url: '/api/conversations', headers: fan.auth })).json();
    expect(fanConvs.data.map((c: { _id: string }) => c._id)).toEqual([existing.json()._id]);
    expect(fanConvs.data[0]).toMatchObject({ totalNotSeenMessages: 1, lastMessage: 'Hi all' });
    const blockedConvs = (await app.inject({ method: 'GET', url: '/api/conversations', headers: blocked.auth })).json();
    expect(blockedConvs.total).toBe(0);

    const msg = (
      await app.inject({ method: 'GET', url: `/api/messages/conversations/${existing.json()._id}`, headers: fan.auth })
    ).json().data[0];
    expect(msg).toMatchObject({ isSale: true, isBought: false, massMessageId: id });
    await fundWallet(app, fan.user.id, 1000);
    const buy = await app.inject({
      method: 'POST',
      url: `/api/wallet/charges/message/${msg._id}`,
      headers: fan.auth,
      payload: {},
    });
    expect(buy.statusCode, buy.body).toBeLessThan(300);
    const report = (await app.inject({ method: 'GET', url: '/api/mass-messages', headers: creator.auth })).json();
    expect(report, JSON.stringify(report)).toHaveProperty('data');
    expect(report.data[0]).toMatchObject({
      _id: id,
      recipientCount: 2,
      deliveredCount: 2,
      unlockedCount: 1,
      revenue: 4,
    });

    const later = await app.inject({
      method: 'POST',
      url: '/api/mass-messages',
      headers: creator.auth,
      payload: {
        audience: 'followers',
        text: 'Tomorrow',
        scheduledAt: new Date(Date.now() + 86_400_000).toISOString(),
      },
    });
    expect(later.statusCode).toBe(202);
    const cancel = await app.inject({
      method: 'DELETE',
      url: `/api/mass-messages/${later.json()._id}`,
      headers: creator.auth,
    });
    expect(cancel.json().status).toBe('cancelled');
    expect(
      (await app.inject({ method: 'DELETE', url: `/api/mass-messages/${id}`, headers: creator.auth })).statusCode,
    ).toBe(409);
  });

  it('is for creators only and checks its content', async () => {
    const { app } = t();
    const fan = await buildUser(app);
    const creator = await buildPerformer(app);
    const other = await buildPerformer(app);
    const fanTry = await app.inject({
      method: 'POST',
      url: '/api/mass-messages',
      headers: fan.auth,
      payload: { audience: 'followers', text: 'x' },
    });
    expect(fanTry.statusCode).toBe(403);
    const empty = await app.inject({
      method: 'POST',
      url: '/api/mass-messages',
      headers: creator.auth,
      payload: { audience: 'followers' },
    });
    expect(empty.json().code).toBe('MESSAGE_EMPTY');
    const list = await app.inject({
      method: 'POST',
      url: '/api/mass-messages',
      headers: creator.auth,
      payload: { audience: 'list', text: 'x' },
    });
    expect(list.json().code).toBe('MASS_LIST_EMPTY');
    const mine = await app.inject({
      method: 'POST',
      url: '/api/mass-messages',
      headers: creator.auth,
      payload: { audience: 'list', userIds: [fan.user.id], text: 'x' },
    });
    expect(
      (await app.inject({ method: 'GET', url: `/api/mass-messages/${mine.json()._id}`, headers: other.auth }))
        .statusCode,
    ).toBe(404);
  });
});
