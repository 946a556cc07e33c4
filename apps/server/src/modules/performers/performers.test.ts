import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { buildAdmin, buildPerformer, buildUser, TEST_PASSWORD } from '../../../test/factories';
import { multipartBody, PDF_BYTES, pngBytes } from '../../../test/factories.accounts';
import { makeClip } from '../../../test/factories.media';
import { useTestApp } from '../../../test/harness';
import { performers } from '../../db/schema';

const t = useTestApp({ env: { AUTH_RATE_LIMIT_MAX: '10000' } });

describe('fan profile', () => {
  it('PUT /users changes name and username; a new email waits for confirmation (users/email-change.test.ts); duplicates refused', async () => {
    const { app } = t();
    const fan = await buildUser(app);
    await buildUser(app, { username: 'occupied', email: 'occupied@example.test' });
    const put = (payload: object) => app.inject({ method: 'PUT', url: '/api/users', payload, headers: fan.auth });
    const ok = await put({
      name: 'Fan Name',
      username: 'fan.name',
      email: 'fan.name@example.test',
      currentPassword: TEST_PASSWORD,
    });
    expect(ok.json()).toMatchObject({
      name: 'Fan Name',
      username: 'fan.name',
      email: fan.user.email,
      pendingEmail: 'fan.name@example.test',
      emailVerified: true,
    });
    expect((await put({ username: 'OCCUPIED' })).statusCode).toBe(409);
    expect((await put({ email: 'occupied@example.test', currentPassword: TEST_PASSWORD })).statusCode).toBe(409);
    expect((await put({ username: 'admin' })).statusCode).toBe(400);
    expect((await app.inject({ method: 'PUT', url: '/api/users', payload: { name: 'x' } })).statusCode).toBe(401);
  });

  it('avatar upload: resized WebP served publicly and shown as the avatar', async () => {
    const { app } = t();
    const fan = await buildUser(app);
    const body = multipartBody({}, [
      { field: 'file', name: 'me.png', type: 'image/png', data: await pngBytes(900, 700) },
    ]);
    const res = await app.inject({
      method: 'POST',
      url: '/api/users/avatar/upload',
      ...body,
      headers: { ...body.headers, ...fan.auth },
    });
    expect(res.statusCode).toBe(200);
    const url = res.json().url as string;
    expect(url).toMatch(/^\/api\/profile-media\/profile\/avatars\/.+\.webp$/);
    const me = await app.inject({ url: '/api/users/me', headers: fan.auth });
    expect(me.json().avatar).toBe(url);
    const file = await app.inject({ url });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/webp');
    const meta = await sharp(file.rawPayload).metadata();
    expect([meta.width, meta.height]).toEqual([512, 512]);
  });

  it('refuses a file that is not an image, whatever its name says', async () => {
    const { app } = t();
    const fan = await buildUser(app);
    const body = multipartBody({}, [
      { field: 'file', name: 'fake.png', type: 'image/png', data: Buffer.from('not an image at all, just text') },
    ]);
    const res = await app.inject({
      method: 'POST',
      url: '/api/users/avatar/upload',
      ...body,
      headers: { ...body.headers, ...fan.auth },
    });
    expect(res.statusCode).toBe(415);
  });
});

describe('who sees what of an account', () => {
  it('view and search hide email from strangers, show it to admins', async () => {
    const { app } = t();
    const target = await buildUser(app, { username: 'findme', name: 'Find Me', email: 'findme@example.test' });
    const stranger = await buildUser(app);
    const admin = await buildAdmin(app);
    const asStranger = await app.inject({ url: '/api/users/view/findme', headers: stranger.auth });
    expect(asStranger.json()).toMatchObject({ _id: target.user.id, username: 'findme', name: 'Find Me' });
    expect(asStranger.json().email).toBeUndefined();
    const anon = await app.inject({ url: `/api/users/view/${target.user.id}` });
    expect(anon.json().email).toBeUndefined();
    const asAdmin = await app.inject({ url: `/api/users/view/${target.user.id}`, headers: admin.auth });
    expect(asAdmin.json().email).toBe('findme@example.test');
    const search = await app.inject({ url: '/api/users/search?q=find', headers: stranger.auth });
    expect(search.json().total).toBe(1);
    expect(search.json().data[0].email).toBeUndefined();
    const byEmail = await app.inject({ url: '/api/users/search?q=findme%40example', headers: stranger.auth });
    expect(byEmail.json().total).toBe(0);
    const adminSearch = await app.inject({ url: '/api/users/search?q=findme%40example', headers: admin.auth });
    expect(adminSearch.json().data[0].email).toBe('findme@example.test');
    expect((await app.inject({ url: '/api/users/view/nobody-at-all' })).statusCode).toBe(404);
  });
});

describe('creator profile', () => {
  it('GET /performers/me is for creators; fans get 403', async () => {
    const { app } = t();
    const creator = await buildPerformer(app);
    const fan = await buildUser(app);
    expect((await app.inject({ url: '/api/performers/me', headers: fan.auth })).statusCode).toBe(403);
    const me = await app.inject({ url: '/api/performers/me', headers: creator.auth });
    expect(me.json()).toMatchObject({
      _id: creator.user.id,
      isPerformer: true,
      verificationStatus: 'verified',
      monthlyPrice: 9.99,
    });
  });

  it('the creator updates every field; prices stay within site limits; options from the lists; 18+', async () => {
    const { app } = t();
    const creator = await buildPerformer(app);
    const put = (payload: object) =>
      app.inject({ method: 'PUT', url: `/api/performers/${creator.user.id}`, payload, headers: creator.auth });
    const ok = await put({
      displayName: 'Stage Name',
      bio: 'Hello there',
      gender: 'female',
      sexualOrientation: 'bisexual',
      country: 'fr',
      city: 'Paris',
      languages: ['fr', 'en'],
      dateOfBirth: '1990-01-31',
      age: '30_34',
      bodyType: 'fit',
      eyes: 'green',
      hair: 'red',
      height: '170 cm',
      socialLinks: { instagram: 'https://instagram.com/stage', twitter: '' },
      monthlyPrice: 12.5,
      yearlyPrice: 99,
      freeSubscriptionEnabled: true,
      freeSubscriptionDays: 1,
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({
      displayName: 'Stage Name',
      country: 'FR',
      languages: ['fr', 'en'],
      monthlyPrice: 12.5,
      yearlyPrice: 99,
      socialLinks: { instagram: 'https://instagram.com/stage' },
      freeSubscriptionEnabled: true,
    });
    const [row] = await app.ctx.db.select().from(performers).where(eq(performers.userId, creator.user.id));
    expect(row.monthlyPrice).toBe(1250);
    expect((await put({ monthlyPrice: 1 })).json().code).toBe('PRICE_OUT_OF_RANGE');
    expect((await put({ yearlyPrice: 301 })).json().code).toBe('PRICE_OUT_OF_RANGE');
    expect((await put({ eyes: 'purple' })).json().code).toBe('INVALID_OPTION');
    expect((await put({ dateOfBirth: '2020-01-01' })).json().code).toBe('UNDERAGE');
    expect((await put({ socialLinks: { instagram: 'javascript:alert(1)' } })).statusCode).toBe(400);
    await app.ctx.settings.update({ freeSubscriptionEnabled: false }, null);
    expect((await put({ freeSubscriptionEnabled: true })).json().code).toBe('FREE_SUBSCRIPTION_DISABLED');
  });

  it('only the creator itself or an admin may change a creator profile', async () => {
    const { app } = t();
    const creator = await buildPerformer(app);
    const other = await buildPerformer(app);
    const fan = await buildUser(app);
    const admin = await buildAdmin(app);
    const url = `/api/performers/${creator.user.id}`;
    expect((await app.inject({ method: 'PUT', url, payload: { bio: 'x' }, headers: other.auth })).statusCode).toBe(403);
    expect((await app.inject({ method: 'PUT', url, payload: { bio: 'x' }, headers: fan.auth })).statusCode).toBe(403);
    expect((await app.inject({ method: 'PUT', url, payload: { bio: 'x' } })).statusCode).toBe(401);
    const byAdmin = await app.inject({ method: 'PUT', url, payload: { bio: 'set by admin' }, headers: admin.auth });
    expect(byAdmin.json().bio).toBe('set by admin');
    const bank = { firstName: 'A', lastName: 'B', bankName: 'Bank', accountNumber: '12345678' };
    expect(
      (await app.inject({ method: 'PUT', url: `${url}/banking-settings`, payload: bank, headers: other.auth }))
        .statusCode,
    ).toBe(403);
    const saved = await app.inject({
      method: 'PUT',
      url: `${url}/banking-settings`,
      payload: bank,
      headers: creator.auth,
    });
    // sealed at rest, shown masked (modules/payouts)
    expect(saved.json().bankingSettings).toMatchObject({ ...bank, accountNumber: '•••• 5678' });
    const missing = await app.inject({
      method: 'PUT',
      url: `${url}/banking-settings`,
      payload: { firstName: 'A' },
      headers: creator.auth,
    });
    expect(missing.statusCode).toBe(400);
    const pp = await app.inject({
      method: 'PUT',
      url: `${url}/payment-gateway-settings`,
      payload: { key: 'paypal', value: { email: 'Pay@Example.test' } },
      headers: creator.auth,
    });
    expect(pp.json().paymentGatewaySettings).toEqual({ paypalEmail: 'p•••@example.test' });
  });

  it('identity documents are private: owner and admins only; uploading puts verification in review', async () => {
    const { app } = t();
    const creator = await buildPerformer(app, {}, { verificationStatus: 'unverified' });
    const other = await buildPerformer(app);
    const admin = await buildAdmin(app);
    const body = multipartBody({}, [
      { field: 'idFront', name: 'front.png', type: 'image/png', data: await pngBytes() },
      { field: 'documents', name: 'proof.pdf', type: 'application/pdf', data: PDF_BYTES },
    ]);
    const up = await app.inject({
      method: 'POST',
      url: '/api/performers/documents/upload',
      ...body,
      headers: { ...body.headers, ...creator.auth },
    });
    expect(up.statusCode).toBe(200);
    expect(up.json().verificationStatus).toBe('pending');
    const docs = up.json().documents as Array<{ url: string; kind: string }>;
    expect(docs.map((d) => d.kind).sort()).toEqual(['id_front', 'other']);
    const url = docs.find((d) => d.kind === 'other')!.url;
    expect((await app.inject({ url })).statusCode).toBe(401);
    expect((await app.inject({ url, headers: other.auth })).statusCode).toBe(404);
    const own = await app.inject({ url, headers: creator.auth });
    expect(own.statusCode).toBe(200);
    expect(own.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect((await app.inject({ url, headers: admin.auth })).statusCode).toBe(200);
    // Not reachable through the public profile-media route either.
    expect((await app.inject({ url: '/api/profile-media/private/identity/x/y.pdf' })).statusCode).toBe(404);
  });

  it('a creator registers with documents (multipart) and lands in review', async () => {
    const { app } = t();
    const body = multipartBody(
      {
        username: 'doc_creator',
        email: 'doc@example.test',
        password: 'a-long-and-unusual-pass',
        name: 'Doc Creator',
        dateOfBirth: '1992-02-02',
      },
      [{ field: 'idFront', name: 'id.png', type: 'image/png', data: await pngBytes() }],
    );
    const res = await app.inject({ method: 'POST', url: '/api/auth/performers/register', ...body });
    expect(res.statusCode).toBe(200);
    const me = await app.inject({
      url: '/api/performers/me',
      headers: { authorization: `Bearer ${res.json().token}` },
    });
    expect(me.json()).toMatchObject({ username: 'doc_creator', verificationStatus: 'pending' });
    expect(me.json().documents).toHaveLength(1);
    const bad = multipartBody({ username: 'doc2', email: 'doc2@example.test', password: 'short', name: 'X' }, []);
    expect((await app.inject({ method: 'POST', url: '/api/auth/performers/register', ...bad })).statusCode).toBe(400);
  });

  it('cover and welcome video uploads', async () => {
    const { app } = t();
    const creator = await buildPerformer(app);
    const cover = multipartBody({}, [
      { field: 'file', name: 'c.png', type: 'image/png', data: await pngBytes(2000, 900) },
    ]);
    const res = await app.inject({
      method: 'POST',
      url: '/api/performers/cover/upload',
      ...cover,
      headers: { ...cover.headers, ...creator.auth },
    });
    expect(res.statusCode).toBe(200);
    expect((await app.inject({ url: '/api/users/me', headers: creator.auth })).json().cover).toBe(res.json().url);
    const fan = await buildUser(app);
    const vid = multipartBody({}, [{ field: 'file', name: 'v.mp4', type: 'video/mp4', data: Buffer.alloc(10) }]);
    const denied = await app.inject({
      method: 'POST',
      url: '/api/performers/welcome-video/upload',
      ...vid,
      headers: { ...vid.headers, ...fan.auth },
    });
    expect(denied.statusCode).toBe(403);
  });

  it('welcome video goes through the media pipeline: processed, public on the profile, old one replaced', async () => {
    const { app } = t();
    const creator = await buildPerformer(app);
    const upload = async () => {
      const vid = multipartBody({}, [
        { field: 'file', name: 'hello.mov', type: 'video/quicktime', data: makeClip('mov', 1) },
      ]);
      return app.inject({
        method: 'POST',
        url: '/api/performers/welcome-video/upload',
        ...vid,
        headers: { ...vid.headers, ...creator.auth },
      });
    };
    const res = await upload();
    expect(res.statusCode).toBe(200);
    const mediaId = res.json().media._id;
    expect(res.json().url).toBe(`/api/profile-media/media/${mediaId}`);
    let status = 'processing';
    for (let i = 0; i < 120 && status === 'processing'; i++) {
      await new Promise((r) => setTimeout(r, 250));
      status = (await app.inject({ url: `/api/media/${mediaId}/status`, headers: creator.auth })).json().status;
    }
    expect(status).toBe('ready');
    const profile = await app.inject({ url: `/api/performers/${creator.user.username}` });
    expect(profile.json().welcomeVideo).toBe(`/api/profile-media/media/${mediaId}`);
    const redirect = await app.inject({ url: `/api/profile-media/media/${mediaId}` });
    expect(redirect.statusCode).toBe(302);
    const file = await app.inject({ url: redirect.headers.location as string });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('video/mp4');
    const poster = await app.inject({ url: `/api/profile-media/media/${mediaId}?variant=poster` });
    expect(poster.statusCode).toBe(302);

    const second = await upload();
    expect(second.statusCode).toBe(200);
    expect((await app.inject({ url: `/api/profile-media/media/${mediaId}` })).statusCode).toBe(404);
  });
});
