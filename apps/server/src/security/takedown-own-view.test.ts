import { describe, expect, it } from 'vitest';
import { buildAdmin, buildPerformer, buildUser } from '../../test/factories';
import { buildFeed } from '../../test/factories.feeds';
import { useTestApp } from '../../test/harness';

const t = useTestApp();

describe('a post taken down by moderation (issue 17, item 5)', () => {
  it("is marked, with its reason, in the creator's own view of it and own list; not to others", async () => {
    const { app } = t();
    const admin = await buildAdmin(app);
    const creator = await buildPerformer(app);
    const fan = await buildUser(app);
    const post = await buildFeed(app, creator.user.id, { text: 'Beach day' });
    const down = await app.inject({
      method: 'POST',
      url: `/api/admin/content/feed/${post.id}/takedown`,
      headers: admin.auth,
      payload: { reason: 'Copyrighted music' },
    });
    expect(down.statusCode, down.body).toBe(200);

    const own = await app.inject({ url: `/api/performer/feeds/${post.id}`, headers: creator.auth });
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json()).toMatchObject({ takenDown: true, takedownReason: 'Copyrighted music' });
    const list = await app.inject({ url: '/api/performer/feeds', headers: creator.auth });
    expect(list.json().data.find((f: { _id: string }) => f._id === post.id)).toMatchObject({
      takenDown: true,
      takedownReason: 'Copyrighted music',
    });
    expect((await app.inject({ url: `/api/user/feeds/${post.id}`, headers: fan.auth })).statusCode).toBe(404);
  });
});
