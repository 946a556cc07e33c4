import { describe, expect, it } from 'vitest';
import { buildPerformer, buildSubscriptionEntitlement, buildUser } from '../../../test/factories';
import { buildFollow, buildStory } from '../../../test/factories.feeds';
import { buildMedia } from '../../../test/factories.media';
import { useTestApp } from '../../../test/harness';
import { expectErrorShape } from '../../../test/route-checks';
import { addDays, now, setClockOffset } from '../../lib/clock';
import { expireStories } from './stories.service';

const t = useTestApp();

describe('stories', () => {
  it('the bar shows followed creators’ stories, unseen first; opening marks seen', async () => {
    const { app } = t();
    const a = await buildPerformer(app);
    const b = await buildPerformer(app);
    const fan = await buildUser(app);
    await buildFollow(app, fan.user.id, a.user.id);
    await buildFollow(app, fan.user.id, b.user.id);
    const sa = await buildStory(app, a.user.id, { text: 'from a' });
    await buildStory(app, b.user.id, { text: 'from b' });
    const bar = async () =>
      (await app.inject({ method: 'GET', url: '/api/stories/users', headers: fan.auth })).json().data;
    expect((await bar()).map((g: { hasUnseen: boolean }) => g.hasUnseen)).toEqual([true, true]);
    const opened = await app.inject({ method: 'GET', url: `/api/stories/users/${sa.id}`, headers: fan.auth });
    expect(opened.json()).toMatchObject({ isSeen: true, totalView: 1 });
    await app.inject({ method: 'GET', url: `/api/stories/users/${sa.id}`, headers: fan.auth });
    const after = await bar();
    expect(
      after.map((g: { performer: { _id: string }; hasUnseen: boolean }) => [g.performer._id, g.hasUnseen]),
    ).toEqual([
      [b.user.id, true],
      [a.user.id, false],
    ]);
    expect(after[1].stories[0].totalView).toBe(1);
  });

  it('subscriber-only stories carry no media without a subscription', async () => {
    const { app } = t();
    const creator = await buildPerformer(app);
    const photo = await buildMedia(app, creator.user.id, { kind: 'photo' });
    const story = await buildStory(app, creator.user.id, {
      mediaId: photo.id,
      visibility: 'subscribers',
      text: 'secret',
    });
    const fan = await buildUser(app);
    const locked = (
      await app.inject({ method: 'GET', url: `/api/stories/users/${story.id}`, headers: fan.auth })
    ).json();
    expect(locked).toMatchObject({ locked: true, text: '' });
    expect(locked.media.url).toBeUndefined();
    await buildSubscriptionEntitlement(app, fan.user.id, creator.user.id, addDays(now(), 30));
    const open = (await app.inject({ method: 'GET', url: `/api/stories/users/${story.id}`, headers: fan.auth })).json();
    expect(open).toMatchObject({ locked: false, text: 'secret' });
    expect(open.media.url).toMatch(/^\/api\/media\//);
  });

  it('stories expire after 24 hours (reads at once, the job archives); highlights stay', async () => {
    const { app } = t();
    const creator = await buildPerformer(app);
    const plain = await buildStory(app, creator.user.id, { text: 'today only' });
    const kept = await buildStory(app, creator.user.id, {
      text: 'best of',
      isHighlight: true,
      highlightTitle: 'Travel',
    });
    setClockOffset(23 * 3_600_000);
    expect(await expireStories(app.ctx)).toBe(0);
    setClockOffset(24 * 3_600_000 + 1000);
    // Signed in after the trip (a non-remembered session lasts a day).
    const fan = await buildUser(app);
    await buildFollow(app, fan.user.id, creator.user.id);
    expect((await app.inject({ method: 'GET', url: '/api/stories/users', headers: fan.auth })).json().data).toEqual([]);
    expectErrorShape(
      await app.inject({ method: 'GET', url: `/api/stories/users/${plain.id}`, headers: fan.auth }),
      404,
    );
    expect(await expireStories(app.ctx)).toBe(2);
    const highlights = (
      await app.inject({
        method: 'GET',
        url: `/api/stories/users?performerId=${creator.user.id}&highlights=true`,
        headers: fan.auth,
      })
    ).json();
    expect(highlights.stories.map((s: { _id: string; isExpired: boolean }) => [s._id, s.isExpired])).toEqual([
      [kept.id, true],
    ]);
    expect(
      (await app.inject({ method: 'GET', url: `/api/stories/users/${kept.id}`, headers: fan.auth })).statusCode,
    ).toBe(200);
  });

  it('only the owner edits or deletes a story', async () => {
    const { app } = t();
    const creator = await buildPerformer(app);
    const other = await buildPerformer(app);
    const s = await buildStory(app, creator.user.id);
    expectErrorShape(
      await app.inject({
        method: 'PUT',
        url: `/api/stories/performers/${s.id}`,
        headers: other.auth,
        payload: { text: 'x' },
      }),
      404,
    );
    expectErrorShape(
      await app.inject({ method: 'DELETE', url: `/api/stories/performers/${s.id}`, headers: other.auth }),
      404,
    );
    const res = await app.inject({
      method: 'PUT',
      url: `/api/stories/performers/${s.id}`,
      headers: creator.auth,
      payload: { isHighlight: true, highlightTitle: 'Tour' },
    });
    // Only the sent fields change: the text and visibility stay.
    expect(res.json()).toMatchObject({
      isHighlight: true,
      highlightTitle: 'Tour',
      text: s.text,
      visibility: s.visibility,
    });
    const edited = await app.inject({
      method: 'PUT',
      url: `/api/stories/performers/${s.id}`,
      headers: creator.auth,
      payload: { text: 'new words' },
    });
    expect(edited.json()).toMatchObject({ isHighlight: true, highlightTitle: 'Tour', text: 'new words' });
    expect(
      (await app.inject({ method: 'DELETE', url: `/api/stories/performers/${s.id}`, headers: creator.auth }))
        .statusCode,
    ).toBe(200);
  });
});
