/**
 * Queries per request on the hot paths, pinned (docs/performance.md): a change that adds a query to
 * one of these pages fails here and has to say so. The figures come from the `x-query-count` header
 * the app sets outside production (db/query-count.ts). Repeat requests are the steady state: the
 * session and the site settings are then served from their caches.
 */
import { describe, expect, it } from 'vitest';
import { addDays, now } from '../src/lib/clock';
import { buildPerformer, buildSubscriptionEntitlement, buildUser } from './factories';
import { buildFeed, buildFollow } from './factories.feeds';
import { buildMedia } from './factories.media';
import { buildConversation, sendMessage } from './factories.messages';
import { useTestApp } from './harness';

const t = useTestApp();

async function setup() {
  const { app } = t();
  const creators = [await buildPerformer(app), await buildPerformer(app), await buildPerformer(app)];
  const fan = await buildUser(app);
  let post = '';
  for (const c of creators) {
    await buildFollow(app, fan.user.id, c.user.id);
    await buildSubscriptionEntitlement(app, fan.user.id, c.user.id, addDays(now(), 30));
    for (let i = 0; i < 4; i++) {
      const photo = await buildMedia(app, c.user.id, { kind: 'photo' });
      const feed = await buildFeed(app, c.user.id, {
        text: `post ${i}`,
        fileIds: [photo.id],
        visibility: i % 2 ? 'subscribers' : 'free',
      });
      post = feed.id;
    }
  }
  const conversation = await buildConversation(app, fan.user.id, creators[0].user.id);
  for (let i = 0; i < 5; i++) await sendMessage(app, i % 2 ? fan : creators[0], conversation.id, { text: `m${i}` });
  return { app, creators, fan, post, conversation };
}

/** Queries of a request in its steady state (asked twice: the first warms the caches). */
async function queriesOf(app: ReturnType<typeof t>['app'], url: string, headers: Record<string, string> = {}) {
  await app.inject({ method: 'GET', url, headers });
  const res = await app.inject({ method: 'GET', url, headers });
  expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
  return Number(res.headers['x-query-count']);
}

describe('queries per request on the hot paths', () => {
  it('stay at their pinned counts', async () => {
    const { app, creators, fan, post, conversation } = await setup();
    const creator = creators[0].user.username!;
    const counts = {
      'profile, anonymous': await queriesOf(app, `/api/performers/${creator}`),
      'profile, subscribed fan': await queriesOf(app, `/api/performers/${creator}`, fan.auth),
      'explore search': await queriesOf(app, '/api/performers/user/search?q=creator', fan.auth),
      'home timeline': await queriesOf(app, '/api/user/feeds?pageSize=12', fan.auth),
      'creator posts': await queriesOf(app, `/api/user/feeds/search/${creator}`, fan.auth),
      'post detail': await queriesOf(app, `/api/user/feeds/${post}`, fan.auth),
      'conversation list': await queriesOf(app, '/api/conversations', fan.auth),
      'conversation page': await queriesOf(app, `/api/messages/conversations/${conversation.id}`, fan.auth),
      'unread messages': await queriesOf(app, '/api/messages/total-unread-messages', fan.auth),
      'unread notifications': await queriesOf(app, '/api/notifications/unread-count', fan.auth),
      'my account': await queriesOf(app, '/api/users/me', fan.auth),
      'public settings': await queriesOf(app, '/api/settings/public'),
    };
    expect(counts).toEqual({
      'profile, anonymous': 1,
      'profile, subscribed fan': 2,
      'explore search': 1,
      'home timeline': 7,
      'creator posts': 9,
      'post detail': 7,
      'conversation list': 2,
      'conversation page': 5,
      'unread messages': 1,
      'unread notifications': 1,
      'my account': 1,
      'public settings': 0,
    });
  });
});
