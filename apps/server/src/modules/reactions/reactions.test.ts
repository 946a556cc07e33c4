import { describe, expect, it } from 'vitest';
import { buildPerformer, buildUser } from '../../../test/factories';
import { useTestApp } from '../../../test/harness';

const t = useTestApp();

describe('reactions', () => {
  it('bookmarks creators idempotently and lists them newest first', async () => {
    const { app } = t();
    const a = await buildPerformer(app, { username: 'first_c' });
    const b = await buildPerformer(app, { username: 'second_c' });
    const fan = await buildUser(app);
    const mark = (id: string) =>
      app.inject({
        method: 'POST',
        url: '/api/reactions',
        headers: fan.auth,
        payload: { objectType: 'performer', objectId: id, action: 'bookmark' },
      });
    expect((await mark(a.user.id)).json()).toMatchObject({ reacted: true });
    await mark(a.user.id);
    await mark(b.user.id);
    const list = await app.inject({ method: 'GET', url: '/api/reactions/performers/bookmark', headers: fan.auth });
    expect(list.json().total).toBe(2);
    expect(list.json().data.map((p: { username: string }) => p.username)).toEqual(['second_c', 'first_c']);
    const profile = await app.inject({ method: 'GET', url: '/api/performers/first_c', headers: fan.auth });
    expect(profile.json().isBookmarked).toBe(true);
    const un = await app.inject({
      method: 'DELETE',
      url: '/api/reactions',
      headers: fan.auth,
      payload: { objectType: 'performer', objectId: a.user.id, action: 'bookmark' },
    });
    expect(un.json()).toMatchObject({ reacted: false });
    const generic = await app.inject({ method: 'GET', url: '/api/reactions/performers/bookmark', headers: fan.auth });
    expect(generic.json().total).toBe(1);
  });

  it('rejects unknown object types and missing objects', async () => {
    const { app } = t();
    const fan = await buildUser(app);
    const unknown = await app.inject({
      method: 'POST',
      url: '/api/reactions',
      headers: fan.auth,
      payload: { objectType: 'spaceship', objectId: fan.user.id, action: 'like' },
    });
    expect(unknown.statusCode).toBe(400);
    const missing = await app.inject({
      method: 'POST',
      url: '/api/reactions',
      headers: fan.auth,
      payload: { objectType: 'performer', objectId: fan.user.id, action: 'bookmark' },
    });
    expect(missing.statusCode).toBe(404);
    expect(
      (await app.inject({ method: 'GET', url: '/api/reactions/spaceships/bookmark', headers: fan.auth })).statusCode,
    ).toBe(404);
    expect((await app.inject({ method: 'GET', url: '/api/reactions/performers/bookmark' })).statusCode).toBe(401);
  });
});
