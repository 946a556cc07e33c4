import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { type Actor, buildAdmin, buildPerformer, buildUser } from '../../../test/factories';
import { mediaFor } from '../../../test/factories.catalogue';
import { buildMedia } from '../../../test/factories.media';
import { buildConversation } from '../../../test/factories.messages';
import { fundWallet } from '../../../test/factories.money';
import { type TestContext, useTestApp } from '../../../test/harness';
import { performers } from '../../db/schema';
import { en } from '../../lib/i18n/en';
import { socialLogin } from '../social/social.service';

const t = useTestApp({ jobs: true });

interface SellAttempt {
  what: string;
  run: (
    creator: Actor,
  ) => Promise<{ statusCode: number; body: string; json: () => { code?: string; message?: string } }>;
}

/** Every way a creator puts something on sale (issue 23 item 19), through the real routes. */
function sellAttempts(app: TestContext['app']): SellAttempt[] {
  const post = (creator: Actor, url: string, payload: object, method: 'POST' | 'PUT' = 'POST') =>
    app.inject({ method, url: `/api${url}`, headers: creator.auth, payload });
  const content = (type: 'gallery' | 'video' | 'scene' | 'scenario' | 'product', url: string, extra: object = {}) => ({
    what: `a ${type} for sale`,
    run: async (creator: Actor) =>
      post(creator, url, {
        title: `For sale ${type}`,
        visibility: 'sale',
        price: 5,
        // videos stay drafts (no clip to publish; building one needs ffmpeg): a draft for sale is put on sale too
        ...(type === 'gallery' || type === 'product'
          ? await mediaFor(app, creator.user.id, type)
          : { status: 'draft' }),
        ...extra,
      }),
  });
  return [
    {
      what: 'a pay-per-view post',
      run: (c) => post(c, '/performer/feeds', { text: 'Unlock me', visibility: 'sale', price: 5 }),
    },
    content('gallery', '/performer/performer-assets/galleries'),
    content('video', '/performer/performer-assets/videos/upload'),
    content('scene', '/performer/scene', { rentPrice: 2, rentDays: 3 }),
    content('scenario', '/performer/scenario'),
    content('product', '/performer/performer-assets/products'),
    {
      what: 'a free gallery put on sale',
      run: async (c) => {
        const free = await post(c, '/performer/performer-assets/galleries', { title: 'Free', visibility: 'free' });
        expect(free.statusCode, free.body).toBe(200);
        return post(
          c,
          `/performer/performer-assets/galleries/${free.json()._id}`,
          { visibility: 'sale', price: 4 },
          'PUT',
        );
      },
    },
    {
      what: 'a paid message',
      run: async (c) => {
        const fan = await buildUser(app);
        const conv = await buildConversation(app, fan.user.id, c.user.id);
        const photo = await buildMedia(app, c.user.id);
        return post(c, `/messages/conversations/${conv.id}`, { fileIds: [photo.id], price: 5 });
      },
    },
    {
      what: 'a paid mass message',
      run: async (c) => {
        const photo = await buildMedia(app, c.user.id);
        return post(c, '/mass-messages', { audience: 'all', text: 'New set', fileIds: [photo.id], price: 5 });
      },
    },
    { what: 'a paid live session', run: (c) => post(c, '/streaming/live', { title: 'Paid', type: 'group', price: 5 }) },
    { what: 'a private show price', run: (c) => post(c, '/streaming/update', { privateCallPrice: 3 }, 'PUT') },
  ];
}

describe('one rule for putting anything on sale (issue 23 item 19)', () => {
  it('an unverified creator is refused on every path with the same code and text; a verified one succeeds', async () => {
    const { app } = t();
    for (const attempt of sellAttempts(app)) {
      const pending = await buildPerformer(app, {}, { verificationStatus: 'pending' });
      const refused = await attempt.run(pending);
      expect(refused.statusCode, `${attempt.what}: ${refused.body}`).toBe(403);
      expect(refused.json(), attempt.what).toMatchObject({
        code: 'CREATOR_NOT_VERIFIED',
        message: en['error.identityNotVerified'],
      });

      const verified = await buildPerformer(app);
      const ok = await attempt.run(verified);
      expect(ok.statusCode, `${attempt.what}: ${ok.body}`).toBeLessThan(300);
    }
  });

  it('an item already on sale can still be edited or taken off sale only by a creator who may sell', async () => {
    const { app } = t();
    const creator = await buildPerformer(app);
    const url = '/api/performer/performer-assets/galleries';
    const sale = await app.inject({
      method: 'POST',
      url,
      headers: creator.auth,
      payload: { title: 'Set', visibility: 'sale', price: 5 },
    });
    expect(sale.statusCode, sale.body).toBe(200);
    await app.ctx.db
      .update(performers)
      .set({ verificationStatus: 'pending' })
      .where(eq(performers.userId, creator.user.id));
    const put = (payload: object) =>
      app.inject({ method: 'PUT', url: `${url}/${sale.json()._id}`, headers: creator.auth, payload });
    // a new price is putting it on sale again
    expect((await put({ price: 9 })).json().code).toBe('CREATOR_NOT_VERIFIED');
    // a title is not, and taking it off sale never is
    expect((await put({ title: 'Renamed' })).statusCode).toBe(200);
    expect((await put({ visibility: 'subscribers' })).statusCode).toBe(200);
  });
});

describe('a creator needs a date of birth of age (issue 23 item 12)', () => {
  const register = (app: TestContext['app'], payload: Record<string, unknown>) =>
    app.inject({ method: 'POST', url: '/api/auth/performers/register', payload });
  const base = (u: string) => ({ username: u, email: `${u}@example.test`, password: 'a-long-enough-pass', name: u });

  it('registration without a date of birth, or under age, is a 400 naming the field and creates nobody', async () => {
    const { app } = t();
    const missing = await register(app, base('nodob_creator'));
    expect(missing.statusCode, missing.body).toBe(400);
    expect(JSON.stringify(missing.json())).toContain('dateOfBirth');

    const at = app.ctx.now();
    const seventeen = `${at.getUTCFullYear() - 17}-01-01`;
    const young = await register(app, { ...base('young_creator'), dateOfBirth: seventeen });
    expect(young.statusCode, young.body).toBe(400);
    expect(young.json()).toMatchObject({ code: 'UNDERAGE', message: 'You must be 18 or older to join as a creator' });
    expect(young.json().details).toEqual([{ field: 'body.dateOfBirth', message: 'must be 18 or older' }]);

    const adult = await register(app, { ...base('adult_creator'), dateOfBirth: '1990-05-01' });
    expect(adult.statusCode, adult.body).toBe(200);
  });

  it('a creator from Google sign-up has no date of birth: no going live, selling or earning until they give one', async () => {
    const { app } = t();
    const signedIn = await socialLogin(
      app.ctx,
      {
        provider: 'google',
        providerUserId: 'g-creator-1',
        email: 'gcreator@example.test',
        emailVerified: true,
        handle: 'gcreator',
        name: 'G Creator',
      },
      { role: 'performer', remember: false },
    );
    if (!('token' in signedIn)) throw new Error('no 2FA on a new account');
    const auth = { authorization: `Bearer ${signedIn.token}` };
    const me = await app.inject({ url: '/api/users/me', headers: auth });
    const id = (me.json()._id ?? me.json().id) as string;
    // an admin verified the document; the date of birth is still missing
    await app.ctx.db.update(performers).set({ verificationStatus: 'verified' }).where(eq(performers.userId, id));
    const creator = { auth } as Actor;
    const dobRequired = {
      code: 'DATE_OF_BIRTH_REQUIRED',
      message: 'Add your date of birth before you go live, sell or earn: creators must be 18 or older',
    };

    const live = await app.inject({
      method: 'POST',
      url: '/api/streaming/live',
      headers: auth,
      payload: { title: 'Hi' },
    });
    const admin0 = await buildAdmin(app);
    const before = await app.inject({ url: `/api/admin/users/${id}`, headers: admin0.auth });
    expect(before.json().performer).toMatchObject({ dateOfBirth: null, age: null, ofAge: false });
    expect(live.statusCode, live.body).toBe(403);
    expect(live.json()).toMatchObject(dobRequired);
    const sale = await app.inject({
      method: 'POST',
      url: '/api/performer/performer-assets/galleries',
      headers: creator.auth,
      payload: { title: 'Set', visibility: 'sale', price: 5 },
    });
    expect(sale.statusCode, sale.body).toBe(403);
    expect(sale.json()).toMatchObject(dobRequired);
    const fan = await buildUser(app);
    await fundWallet(app, fan.user.id, 10_000);
    const tip = await app.inject({
      method: 'POST',
      url: `/api/wallet/charges/tip/${id}`,
      headers: fan.auth,
      payload: { amount: 20 },
    });
    expect(tip.statusCode, tip.body).toBe(403);
    expect(tip.json().code).toBe('CREATOR_NOT_VERIFIED');

    // under age is refused where the date is set; an adult date unlocks everything
    const young = `${app.ctx.now().getUTCFullYear() - 16}-06-01`;
    const setYoung = await app.inject({
      method: 'PUT',
      url: `/api/performers/${id}`,
      headers: auth,
      payload: { dateOfBirth: young },
    });
    expect(setYoung.statusCode, setYoung.body).toBe(400);
    expect(setYoung.json().code).toBe('UNDERAGE');
    const setDob = await app.inject({
      method: 'PUT',
      url: `/api/performers/${id}`,
      headers: auth,
      payload: { dateOfBirth: '1992-03-04' },
    });
    expect(setDob.statusCode, setDob.body).toBe(200);
    // the verification review shows the date of birth and the age beside the documents
    const admin = await buildAdmin(app);
    const review = await app.inject({ url: `/api/admin/users/${id}`, headers: admin.auth });
    expect(review.statusCode, review.body).toBe(200);
    expect(review.json().performer).toMatchObject({ dateOfBirth: '1992-03-04', ofAge: true });
    expect(review.json().performer.age).toBeGreaterThanOrEqual(18);
    const again = await app.inject({
      method: 'POST',
      url: '/api/performer/performer-assets/galleries',
      headers: creator.auth,
      payload: { title: 'Set', visibility: 'sale', price: 5 },
    });
    expect(again.statusCode, again.body).toBe(200);
    expect(
      (await app.inject({ method: 'POST', url: '/api/streaming/live', headers: auth, payload: { title: 'Hi' } }))
        .statusCode,
    ).toBe(201);
  });

  it('a stored date of birth under age (set before the rule) does not earn and is not listed', async () => {
    const { app } = t();
    const at = app.ctx.now();
    const young = await buildPerformer(app, {}, { dateOfBirth: `${at.getUTCFullYear() - 17}-01-01` });
    const res = await app.inject({ url: '/api/performers/top' });
    const ids = (res.json().data as Array<{ _id: string }>).map((c) => c._id);
    expect(ids).not.toContain(young.user.id);
    const sale = await app.inject({
      method: 'POST',
      url: '/api/performer/performer-assets/galleries',
      headers: young.auth,
      payload: { title: 'Set', visibility: 'sale', price: 5 },
    });
    expect(sale.json().code).toBe('DATE_OF_BIRTH_REQUIRED');
  });
});
