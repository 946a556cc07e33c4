import { Readable } from 'node:stream';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import yauzl from 'yauzl';
import {
  type Actor,
  buildAdmin,
  buildPerformer,
  buildSubscriptionEntitlement,
  buildUser,
} from '../../../test/factories';
import { buildContent } from '../../../test/factories.catalogue';
import { buildFeed, buildStory } from '../../../test/factories.feeds';
import { buildMedia, makeJpeg, multipartBody } from '../../../test/factories.media';
import { buildConversation, sendMessage } from '../../../test/factories.messages';
import { useTestApp } from '../../../test/harness';
import { newId } from '../../db/ids';
import {
  auditLog,
  contentItems,
  feeds,
  identityDocuments,
  identityVerifications,
  messages,
  moderationDecisions,
  notifications,
  records2257People,
  releases,
  reviewItems,
} from '../../db/schema';
import { setClockOffset } from '../../lib/clock';
import { storageFor } from '../../lib/storage';
import { publishDue } from '../feeds/feeds.service';
import { deliverMassMessage } from '../mass-messages/mass-messages.service';
import { purgeExpiredRecords } from './releases.retention';

const t = useTestApp();
type App = ReturnType<typeof t>['app'];

const SIGN = {
  legalName: 'Alexandra Doe',
  aliases: 'Alex D',
  dateOfBirth: '1995-04-12',
  signedDate: '2026-11-25',
  idDocumentType: 'passport',
  idDocumentNumber: 'X1234567',
  agree: true,
};

const get = (app: App, url: string, who?: Actor) => app.inject({ method: 'GET', url, headers: who?.auth ?? {} });
const post = (app: App, url: string, payload: unknown, who?: Actor) =>
  app.inject({ method: 'POST', url, headers: who?.auth ?? {}, payload: payload as never });

async function nameGuest(app: App, creator: Actor, subject: { type: string; id: string }, mediaIds: string[]) {
  const res = await post(
    app,
    '/api/releases',
    { subjectType: subject.type, subjectId: subject.id, title: 'Beach day', mediaIds, name: 'Alex' },
    creator,
  );
  expect(res.statusCode, res.body).toBe(201);
  const body = res.json();
  expect(body).toMatchObject({ status: 'invited', identityStatus: 'none' });
  const token = String(body.inviteUrl).split('/release/')[1];
  return { id: body._id as string, token };
}

async function uploadId(app: App, token: string) {
  const jpeg = await makeJpeg(320, 200);
  const { payload, headers } = multipartBody([
    { field: 'idDocument', filename: 'passport.jpg', content: jpeg, contentType: 'image/jpeg' },
    { field: 'selfie', filename: 'me.jpg', content: jpeg, contentType: 'image/jpeg' },
  ]);
  return app.inject({ method: 'POST', url: `/api/release-invites/${token}/identity`, headers, payload });
}

/** The whole outside-person path: sign, send the ID and selfie, an admin accepts them. */
async function consentAndVerify(app: App, admin: Actor, r: { id: string; token: string }) {
  const signed = await post(app, `/api/release-invites/${r.token}/sign`, SIGN);
  expect(signed.statusCode, signed.body).toBe(200);
  expect(signed.json()).toMatchObject({ status: 'signed', identityStatus: 'none' });
  const up = await uploadId(app, r.token);
  expect(up.statusCode, up.body).toBe(200);
  expect(up.json().identityStatus).toBe('pending');
  const ok = await post(app, `/api/admin/releases/${r.id}/identity`, { decision: 'verified' }, admin);
  expect(ok.statusCode, ok.body).toBe(200);
  expect(ok.json().status).toBe('complete');
}

async function openReview(app: App, objectId: string) {
  const [row] = await app.ctx.db
    .select()
    .from(reviewItems)
    .where(and(eq(reviewItems.objectId, objectId), eq(reviewItems.state, 'pending')));
  return row;
}

const decide = (app: App, admin: Actor, id: string, action = 'approve') =>
  post(app, `/api/admin/review/${id}/decision`, { action }, admin);

function unzip(buf: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    const out = new Map<string, Buffer>();
    yauzl.fromBuffer(buf, { lazyEntries: true }, (err, zip) => {
      if (err || !zip) return reject(err);
      zip.on('entry', (entry: yauzl.Entry) =>
        zip.openReadStream(entry, (e, s) => {
          if (e || !s) return reject(e);
          const chunks: Buffer[] = [];
          s.on('data', (c: Buffer) => chunks.push(c));
          s.on('end', () => {
            out.set(entry.fileName, Buffer.concat(chunks));
            zip.readEntry();
          });
        }),
      );
      zip.on('end', () => resolve(out));
      zip.readEntry();
    });
  });
}

describe('consent of everyone depicted: the publication gate', () => {
  it('posts and paid messages: an item with an unconsented person is held, cannot be approved, and publishes after consent', async () => {
    const { app } = t();
    const creator = await buildPerformer(app);
    const fan = await buildUser(app);
    const admin = await buildAdmin(app);
    const photo = await buildMedia(app, creator.user.id);
    // Review is off (site not marked adult): the post is out at once…
    const feed = await buildFeed(app, creator.user.id, { text: 'With Alex', fileIds: [photo.id] });
    expect(feed.reviewState).toBe('approved');
    expect((await get(app, `/api/user/feeds/${feed.id}`, fan)).statusCode).toBe(200);
    // …until the creator names someone in its file: then it waits for their consent.
    const r = await nameGuest(app, creator, { type: 'feed', id: feed.id }, [photo.id]);
    expect((await get(app, `/api/user/feeds/${feed.id}`, fan)).statusCode).toBe(404);
    const queued = await openReview(app, feed.id);
    expect(queued.payload).toMatchObject({ awaitingConsent: true });
    const refused = await decide(app, admin, queued.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('CONSENT_MISSING');

    // The same file in a paid message (or a free one) is held too, even with review off.
    const conv = await buildConversation(app, creator.user.id, fan.user.id);
    const paid = await sendMessage(app, creator, conv.id, { text: 'for you', fileIds: [photo.id], price: 5 });
    const free = await sendMessage(app, creator, conv.id, { text: 'free', fileIds: [photo.id] });
    for (const m of [paid, free]) {
      const [row] = await app.ctx.db.select().from(messages).where(eq(messages.id, m._id));
      expect(row.reviewState).toBe('pending');
      expect((await decide(app, admin, (await openReview(app, m._id)).id)).statusCode).toBe(409);
    }
    const fanView = await get(app, `/api/messages/conversations/${conv.id}`, fan);
    expect(fanView.json().data.map((m: { _id: string }) => m._id)).not.toContain(paid._id);

    // Signed but not verified yet: still refused.
    expect((await post(app, `/api/release-invites/${r.token}/sign`, SIGN)).statusCode).toBe(200);
    expect((await decide(app, admin, queued.id)).statusCode).toBe(409);
    expect((await uploadId(app, r.token)).statusCode).toBe(200);
    expect((await post(app, `/api/admin/releases/${r.id}/identity`, { decision: 'verified' }, admin)).statusCode).toBe(
      200,
    );
    const ok = await decide(app, admin, queued.id);
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await get(app, `/api/user/feeds/${feed.id}`, fan)).statusCode).toBe(200);
    expect((await decide(app, admin, (await openReview(app, paid._id)).id)).statusCode).toBe(200);
    const notes = await app.ctx.db.select().from(notifications).where(eq(notifications.userId, creator.user.id));
    expect(notes.map((n) => n.title)).toContain('Alexandra Doe consented and is verified for “Beach day”');
  });

  it('catalogue items: a draft with an unconsented person goes to the queue when published, not out', async () => {
    const { app } = t();
    const creator = await buildPerformer(app);
    const fan = await buildUser(app);
    const admin = await buildAdmin(app);
    const item = await buildContent(app, creator, 'video', { status: 'draft' });
    const [row] = await app.ctx.db.select().from(contentItems).where(eq(contentItems.id, item._id));
    const r = await nameGuest(app, creator, { type: 'video', id: item._id }, [row.videoId!]);
    const pub = await app.inject({
      method: 'PUT',
      url: `/api/performer/performer-assets/videos/edit/${item._id}`,
      headers: creator.auth,
      payload: { status: 'active' },
    });
    expect(pub.statusCode, pub.body).toBe(200);
    const [after] = await app.ctx.db.select().from(contentItems).where(eq(contentItems.id, item._id));
    expect(after.reviewState).toBe('pending');
    expect((await get(app, `/api/performer-assets/videos/${item._id}`, fan)).statusCode).toBe(404);
    const queued = await openReview(app, item._id);
    expect((await decide(app, admin, queued.id)).json().code).toBe('CONSENT_MISSING');
    await consentAndVerify(app, admin, r);
    expect((await decide(app, admin, queued.id)).statusCode).toBe(200);
    expect((await get(app, `/api/performer-assets/videos/${item._id}`, fan)).statusCode).toBe(200);
  });

  it('an existing verified creator confirms in the app; an unverified one cannot be named', async () => {
    const { app } = t();
    await app.ctx.settings.update({ adultSite: true }, null);
    const creator = await buildPerformer(app);
    const costar = await buildPerformer(app);
    const unverified = await buildPerformer(app, {}, { verificationStatus: 'pending' });
    const admin = await buildAdmin(app);
    const photo = await buildMedia(app, creator.user.id);
    const feed = await buildFeed(app, creator.user.id, { fileIds: [photo.id] });
    const base = { subjectType: 'feed', subjectId: feed.id, mediaIds: [photo.id] };
    const bad = await post(app, '/api/releases', { ...base, performer: unverified.user.username }, creator);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('RELEASE_PERFORMER');
    const notMine = await post(app, '/api/releases', { ...base, name: 'Alex' }, costar);
    expect(notMine.statusCode).toBe(400); // not their file
    const named = await post(app, '/api/releases', { ...base, performer: costar.user.username }, creator);
    expect(named.statusCode, named.body).toBe(201);
    expect(named.json()).toMatchObject({ inviteUrl: null, performer: { _id: costar.user.id } });
    const asked = await get(app, '/api/releases/requests', costar);
    expect(asked.json().data.map((x: { _id: string }) => x._id)).toEqual([named.json()._id]);
    const queued = await openReview(app, feed.id);
    expect((await decide(app, admin, queued.id)).statusCode).toBe(409);
    // Only the named creator signs it.
    expect((await post(app, `/api/releases/${named.json()._id}/sign`, SIGN, creator)).statusCode).toBe(404);
    const signed = await post(app, `/api/releases/${named.json()._id}/sign`, SIGN, costar);
    expect(signed.statusCode, signed.body).toBe(200);
    expect(signed.json()).toMatchObject({ status: 'complete', identityProvider: 'creator' });
    expect((await decide(app, admin, queued.id)).statusCode).toBe(200);
  });
});

describe('consent of everyone depicted: the invite link and withdrawal', () => {
  it('a forged or expired link is refused; a minor cannot sign; the link shows the release', async () => {
    const { app } = t();
    const creator = await buildPerformer(app);
    const item = await buildContent(app, creator, 'reel', { status: 'draft' });
    const [row] = await app.ctx.db.select().from(contentItems).where(eq(contentItems.id, item._id));
    const r = await nameGuest(app, creator, { type: 'reel', id: item._id }, [row.videoId!]);
    const info = await get(app, `/api/release-invites/${r.token}`);
    expect(info.statusCode, info.body).toBe(200);
    expect(info.json()).toMatchObject({ status: 'invited', provider: 'manual', title: 'Beach day' });
    expect(info.json().terms).toMatch(/at least 18 years old/);
    const forged = `${r.token.slice(0, -3)}abc`;
    expect((await get(app, `/api/release-invites/${forged}`)).json().code).toBe('RELEASE_INVITE_INVALID');
    const minor = await post(app, `/api/release-invites/${r.token}/sign`, { ...SIGN, dateOfBirth: '2012-01-01' });
    expect(minor.statusCode).toBe(400);
    const noTick = await post(app, `/api/release-invites/${r.token}/sign`, { ...SIGN, agree: false });
    expect(noTick.statusCode).toBe(400);
    expect((await uploadId(app, r.token)).json().code).toBe('RELEASE_NOT_SIGNED');
    setClockOffset(15 * 86_400_000);
    const late = await post(app, `/api/release-invites/${r.token}/sign`, SIGN);
    expect(late.statusCode).toBe(410);
  });

  it('withdrawal takes every item with the files out, tells the creator, and is audited', async () => {
    const { app } = t();
    const creator = await buildPerformer(app);
    const fan = await buildUser(app);
    const admin = await buildAdmin(app);
    const photo = await buildMedia(app, creator.user.id);
    const feed = await buildFeed(app, creator.user.id, { fileIds: [photo.id] });
    const r = await nameGuest(app, creator, { type: 'feed', id: feed.id }, [photo.id]);
    await consentAndVerify(app, admin, r);
    expect((await decide(app, admin, (await openReview(app, feed.id)).id)).statusCode).toBe(200);
    expect((await get(app, `/api/user/feeds/${feed.id}`, fan)).statusCode).toBe(200);

    const res = await post(app, `/api/release-invites/${r.token}/revoke`, { reason: 'I changed my mind' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().status).toBe('revoked');
    expect((await get(app, `/api/user/feeds/${feed.id}`, fan)).statusCode).toBe(404);
    const [f] = await app.ctx.db.select().from(feeds).where(eq(feeds.id, feed.id));
    expect(f.reviewState).toBe('rejected');
    const status = await get(app, `/api/review/status?type=feed&ids=${feed.id}`, creator);
    expect(status.json().items[0]).toMatchObject({ state: 'rejected', reasonCode: 'no_consent' });
    const notes = await app.ctx.db.select().from(notifications).where(eq(notifications.userId, creator.user.id));
    expect(notes.map((n) => n.title)).toContain(
      'Alexandra Doe withdrew consent for “Beach day”: the content is hidden',
    );
    const [a] = await app.ctx.db.select().from(auditLog).where(eq(auditLog.action, 'release.revoke'));
    expect(a).toMatchObject({ targetId: r.id, reason: 'I changed my mind' });
    // The hidden post's statement of reasons: automated (the person withdrew through their link).
    const decisions = await app.ctx.db
      .select()
      .from(moderationDecisions)
      .where(eq(moderationDecisions.userId, creator.user.id));
    expect(decisions).toEqual([
      expect.objectContaining({
        kind: 'review_rejection',
        targetId: feed.id,
        ground: 'non_consensual',
        automated: true,
        decidedById: null,
      }),
    ]);
    expect((await post(app, `/api/release-invites/${r.token}/revoke`, {})).json().code).toBe('RELEASE_REVOKED');
    // A new post cannot bring the file back out either.
    const conv = await buildConversation(app, creator.user.id, fan.user.id);
    const again = await sendMessage(app, creator, conv.id, { fileIds: [photo.id], price: 3 });
    expect((await decide(app, admin, (await openReview(app, again._id)).id)).json().code).toBe('CONSENT_MISSING');
  });
});

describe('§2257 records', () => {
  it('the release is a PDF; the admin export is a ZIP with the index, the PDFs and the ID copies', async () => {
    const { app } = t();
    const creator = await buildPerformer(app);
    const stranger = await buildPerformer(app);
    const admin = await buildAdmin(app);
    const photo = await buildMedia(app, creator.user.id);
    const feed = await buildFeed(app, creator.user.id, { fileIds: [photo.id] });
    const r = await nameGuest(app, creator, { type: 'feed', id: feed.id }, [photo.id]);
    await consentAndVerify(app, admin, r);

    const pdf = await get(app, `/api/releases/${r.id}/pdf`, creator);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.rawPayload.toString('latin1')).toContain('Alexandra Doe');
    expect(pdf.rawPayload.toString('latin1')).toContain('****4567');
    expect((await get(app, `/api/releases/${r.id}/pdf`, stranger)).statusCode).toBe(404);
    expect((await get(app, `/api/release-invites/${r.token}/pdf`)).rawPayload.subarray(0, 4).toString()).toBe('%PDF');

    expect((await get(app, `/api/admin/records-2257?creatorId=${creator.user.id}`, creator)).statusCode).toBe(403);
    expect((await get(app, '/api/admin/records-2257', admin)).statusCode).toBe(400);
    await app.ctx.settings.update({ custodianName: 'Jo Records', custodianAddress: '1 Main St, Springfield' }, null);
    const res = await get(app, `/api/admin/records-2257?creatorId=${creator.user.id}`, admin);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    const files = await unzip(res.rawPayload);
    const names = [...files.keys()];
    expect(names).toContain('index.csv');
    expect(names).toContain('README.txt');
    expect(names).toContain(`releases/${r.id}.pdf`);
    expect(names.filter((n) => n.startsWith(`id-documents/${r.id}/`))).toHaveLength(2);
    const csv = files.get('index.csv')!.toString();
    expect(csv.split('\n')[0]).toContain('performer_legal_name');
    expect(csv).toContain('Alexandra Doe');
    expect(csv).toContain('1995-04-12');
    expect(csv).toContain(feed.id);
    expect(files.get('README.txt')!.toString()).toContain('Jo Records');
    const today = new Date().toISOString().slice(0, 10);
    const range = await get(app, `/api/admin/records-2257?from=${today}&to=${today}`, admin);
    expect((await unzip(range.rawPayload)).has(`releases/${r.id}.pdf`)).toBe(true);
    const old = await get(app, '/api/admin/records-2257?from=2001-01-01&to=2001-12-31', admin);
    expect([...(await unzip(old.rawPayload)).keys()].filter((n) => n.startsWith('releases/'))).toEqual([]);
    const audits = await app.ctx.db.select().from(auditLog).where(eq(auditLog.action, 'records2257.export'));
    expect(audits.length).toBe(3);
    expect(audits[0].actorId).toBe(admin.user.id);

    const custodian = await get(app, '/api/records-2257/custodian');
    expect(custodian.json()).toMatchObject({ custodianName: 'Jo Records', custodianAddress: '1 Main St, Springfield' });
  });
});

describe('consent of everyone depicted: live streams', () => {
  it('go-live is refused while a person named for the stream has not consented, and starts once complete', async () => {
    const { app } = t();
    const creator = await buildPerformer(app);
    const other = await buildPerformer(app);
    const admin = await buildAdmin(app);
    const goLive = () => post(app, '/api/streaming/live', { title: 'Duo show', type: 'public' }, creator);
    const settings = await get(app, '/api/streaming/settings', creator);
    expect(settings.statusCode, settings.body).toBe(200);
    const next = settings.json().nextStreamId as string;
    expect(next).toMatch(/^[0-9a-f-]{36}$/);

    // Only the creator's own next stream can carry names.
    const base = { subjectType: 'stream', title: 'Duo show', mediaIds: [], name: 'Alex' };
    const foreign = (await get(app, '/api/streaming/settings', other)).json().nextStreamId;
    expect((await post(app, '/api/releases', { ...base, subjectId: foreign }, creator)).statusCode).toBe(404);
    const r = await nameGuest(app, creator, { type: 'stream', id: next }, []);

    const refused = await goLive();
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'CONSENT_MISSING' });
    expect(refused.json().message).toMatch(/has not consented or is not verified yet/);
    expect((await get(app, `/api/streaming/performers/${creator.user.id}/offer`)).json().liveStreamId).toBeNull();

    // Signed but not verified: still refused.
    expect((await post(app, `/api/release-invites/${r.token}/sign`, SIGN)).statusCode).toBe(200);
    expect((await goLive()).json().code).toBe('CONSENT_MISSING');
    expect((await uploadId(app, r.token)).statusCode).toBe(200);
    // A stream has no queue item: the queue lists the identity check on its own, for admins only.
    const checks = await get(app, '/api/admin/releases/identity-checks', admin);
    expect(checks.statusCode, checks.body).toBe(200);
    expect(checks.json().data).toEqual([
      expect.objectContaining({
        _id: r.id,
        name: 'Alexandra Doe',
        identityStatus: 'pending',
        documents: 2,
        title: 'Beach day',
        creator: { _id: creator.user.id, username: creator.user.username },
      }),
    ]);
    expect((await get(app, '/api/admin/releases/identity-checks', creator)).statusCode).toBe(403);
    expect((await post(app, `/api/admin/releases/${r.id}/identity`, { decision: 'verified' }, admin)).statusCode).toBe(
      200,
    );
    expect((await get(app, '/api/admin/releases/identity-checks', admin)).json().data).toEqual([]);
    const live = await goLive();
    expect(live.statusCode, live.body).toBe(201);
    expect(live.json()._id).toBe(next); // the release names the stream that ran
    const renewed = (await get(app, '/api/streaming/settings', creator)).json().nextStreamId;
    expect(renewed).not.toBe(next);

    // The next stream names nobody: it goes live as before.
    const end = await app.inject({
      method: 'PUT',
      url: `/api/streaming/live/${next}`,
      headers: creator.auth,
      payload: {},
    });
    expect(end.statusCode, end.body).toBe(200);
    const again = await goLive();
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json()._id).toBe(renewed);
  });
});

describe('consent of everyone depicted: every publishing path', () => {
  /** A person named on a file (from the item's editor, before the item exists) who has not consented yet. */
  async function namedFile(app: App, creator: Actor, kind: 'photo' | 'video' = 'photo') {
    const file = await buildMedia(app, creator.user.id, { kind });
    const r = await nameGuest(app, creator, { type: 'feed', id: newId() }, [file.id]);
    return { file, r };
  }

  /** Out of sight and not approvable while consent is missing; out after consent and approval. */
  async function heldUntilConsent(
    app: App,
    admin: Actor,
    r: { id: string; token: string },
    objectId: string,
    visible: () => Promise<boolean>,
  ) {
    expect(await visible()).toBe(false);
    const queued = await openReview(app, objectId);
    expect(queued.payload).toMatchObject({ awaitingConsent: true });
    expect((await decide(app, admin, queued.id)).json().code).toBe('CONSENT_MISSING');
    expect(await visible()).toBe(false);
    await consentAndVerify(app, admin, r);
    const ok = await decide(app, admin, queued.id);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(await visible()).toBe(true);
  }

  it('a scheduled post stays unpublished past its time while consent is missing', async () => {
    const { app } = t();
    const creator = await buildPerformer(app);
    const fan = await buildUser(app);
    const admin = await buildAdmin(app);
    const { file, r } = await namedFile(app, creator);
    const post = await buildFeed(app, creator.user.id, {
      text: 'Tomorrow',
      fileIds: [file.id],
      scheduledAt: new Date(Date.now() + 60_000),
    });
    expect(post.reviewState).toBe('pending'); // review is off: only the consent holds it
    setClockOffset(120_000);
    expect((await publishDue(app.ctx)).map((p) => p.id)).not.toContain(post.id);
    await heldUntilConsent(
      app,
      admin,
      r,
      post.id,
      async () => (await get(app, `/api/user/feeds/${post.id}`, fan)).statusCode === 200,
    );
    const [row] = await app.ctx.db.select().from(feeds).where(eq(feeds.id, post.id));
    expect(row.status).toBe('published');
  });

  it('a mass message with media is not delivered while consent is missing', async () => {
    const { app } = t();
    const creator = await buildPerformer(app);
    const fan = await buildUser(app);
    const admin = await buildAdmin(app);
    await buildSubscriptionEntitlement(app, fan.user.id, creator.user.id, new Date(Date.now() + 86_400_000));
    const { file, r } = await namedFile(app, creator);
    const res = await post(
      app,
      '/api/mass-messages',
      { audience: 'subscribers', text: 'For you all', fileIds: [file.id], price: 5 },
      creator,
    );
    expect(res.statusCode, res.body).toBe(202);
    const id = res.json()._id as string;
    const delivered = async () => {
      await deliverMassMessage(app.ctx, id); // what the delivery job runs
      const rows = await app.ctx.db.select().from(messages).where(eq(messages.massMessageId, id));
      return rows.length > 0;
    };
    await heldUntilConsent(app, admin, r, id, delivered);
  });

  it('a story stays hidden while consent is missing', async () => {
    const { app } = t();
    const creator = await buildPerformer(app);
    const fan = await buildUser(app);
    const admin = await buildAdmin(app);
    const { file, r } = await namedFile(app, creator);
    const story = await buildStory(app, creator.user.id, { mediaId: file.id });
    expect(story.reviewState).toBe('pending');
    await heldUntilConsent(
      app,
      admin,
      r,
      story.id,
      async () => (await get(app, `/api/stories/users/${story.id}`, fan)).statusCode === 200,
    );
  });

  it('a reel stays hidden while consent is missing', async () => {
    const { app } = t();
    const creator = await buildPerformer(app);
    const fan = await buildUser(app);
    const admin = await buildAdmin(app);
    const { file, r } = await namedFile(app, creator, 'video');
    const reel = await buildContent(app, creator, 'reel', { videoId: file.id });
    await heldUntilConsent(
      app,
      admin,
      r,
      reel._id,
      async () => (await get(app, `/api/performer-assets/performer/reels/${reel._id}`, fan)).statusCode === 200,
    );
  });
});

describe('§2257 retention after an erasure', () => {
  it("an erased producer's records stay in the records store for the set period, then the daily job purges them", async () => {
    const { app } = t();
    const { db } = app.ctx;
    await app.ctx.settings.update({ records2257RetentionYears: 2 }, null);
    const creator = await buildPerformer(app);
    const fan = await buildUser(app);
    const admin = await buildAdmin(app);
    const storage = storageFor(app.ctx.config);
    // The creator's own identity check: an ID copy and a verified manual verification.
    const docKey = `private/identity/${creator.user.id}/${newId()}.jpg`;
    const jpeg = await makeJpeg(64, 64);
    await storage.putStream(docKey, Readable.from(jpeg), 'image/jpeg', jpeg.length);
    await db.insert(identityDocuments).values({
      id: newId(),
      userId: creator.user.id,
      kind: 'id_front',
      storagePath: docKey,
      mimeType: 'image/jpeg',
      size: jpeg.length,
    });
    await db
      .insert(identityVerifications)
      .values({ id: newId(), userId: creator.user.id, provider: 'manual', status: 'verified' });
    const photo = await buildMedia(app, creator.user.id);
    const feed = await buildFeed(app, creator.user.id, { fileIds: [photo.id] });
    const r = await nameGuest(app, creator, { type: 'feed', id: feed.id }, [photo.id]);
    await consentAndVerify(app, admin, r);
    const guestCopies = (await db.select().from(releases).where(eq(releases.id, r.id)))[0].idDocumentKeys;
    expect(guestCopies).toHaveLength(2);

    const erased = await post(app, `/api/admin/users/${creator.user.id}/erase`, { reason: 'Erasure request' }, admin);
    expect(erased.statusCode, erased.body).toBe(200);
    // The account and its public profile are gone…
    expect((await get(app, `/api/performers/${creator.user.username}`, fan)).statusCode).toBe(404);
    // …the records are not: the release, the person's record in the records store, every ID copy.
    const [kept] = await db.select().from(releases).where(eq(releases.id, r.id));
    expect(kept).toMatchObject({ legalName: 'Alexandra Doe', dateOfBirth: '1995-04-12' });
    expect(kept.retainUntil!.getUTCFullYear()).toBe(new Date().getUTCFullYear() + 2);
    const [person] = await db.select().from(records2257People).where(eq(records2257People.userId, creator.user.id));
    expect(person).toMatchObject({
      legalName: creator.user.name,
      aliases: creator.user.username,
      dateOfBirth: '1990-01-01',
      verificationStatus: 'verified',
      verificationProvider: 'manual',
      idDocuments: [{ kind: 'id_front', key: docKey }],
    });
    for (const key of [docKey, ...guestCopies]) expect(await storage.stat(key), key).not.toBeNull();
    // The inspection export still names the producer and holds every copy.
    const res = await get(app, `/api/admin/records-2257?creatorId=${creator.user.id}`, admin);
    expect(res.statusCode, res.body).toBe(200);
    const files = await unzip(res.rawPayload);
    const csv = files.get('index.csv')!.toString();
    for (const v of [creator.user.name, creator.user.username!, '1990-01-01', 'Alexandra Doe'])
      expect(csv).toContain(v);
    expect(files.has(`releases/${r.id}.pdf`)).toBe(true);
    expect([...files.keys()].filter((n) => n.startsWith(`producer-documents/${creator.user.id}/`))).toHaveLength(1);
    expect([...files.keys()].filter((n) => n.startsWith(`id-documents/${r.id}/`))).toHaveLength(2);

    // A fan is on no record: erasing them keeps nothing.
    expect(
      (await post(app, `/api/admin/users/${fan.user.id}/erase`, { reason: 'Erasure request' }, admin)).statusCode,
    ).toBe(200);
    expect(await db.select().from(records2257People).where(eq(records2257People.userId, fan.user.id))).toEqual([]);

    // Within the period the job keeps everything; after it, rows and copies go, audited.
    setClockOffset(365 * 86_400_000);
    expect(await purgeExpiredRecords(app.ctx)).toMatchObject({ people: 0, releases: 0 });
    setClockOffset(2 * 366 * 86_400_000);
    expect(await purgeExpiredRecords(app.ctx)).toEqual({ people: 1, releases: 1, files: 3 });
    expect(await db.select().from(releases).where(eq(releases.id, r.id))).toEqual([]);
    expect(await db.select().from(records2257People)).toEqual([]);
    for (const key of [docKey, ...guestCopies]) expect(await storage.stat(key), key).toBeNull();
    const [purge] = await db.select().from(auditLog).where(eq(auditLog.action, 'records2257.purge'));
    expect(purge.after).toMatchObject({ people: [creator.user.id], releases: [r.id] });
  });
});
